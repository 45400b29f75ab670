/** Where a checkout goes: the rules both the cart's "Deliver to" block and the server's POST /orders apply. */

/**
 * Where an order can go: India's states and union territories (GST state codes decide CGST+SGST or IGST), and
 * "Outside India". A delivery's state is chosen from this list, not guessed from the PIN code.
 */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];
/** The delivery "state" of an address abroad: no PIN code needed, tax as IGST. */
export const OUTSIDE_INDIA = 'Outside India';
export const DELIVERY_STATES = [...INDIAN_STATES, OUTSIDE_INDIA] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** An Indian PIN code: six digits, the first not 0. */
export const PIN_CODE_PATTERN = '^[1-9][0-9]{5}$';

export interface DeliveryDetails {
  name: string;
  phone: string;
  address: string;
  /** Six-digit Indian PIN code; empty for an address outside India. */
  pin: string;
  /** One of DELIVERY_STATES. */
  state: string;
}

const PIN = new RegExp(PIN_CODE_PATTERN);
const STATES = new Set<string>(DELIVERY_STATES);

/** A phone number a courier can call: 10 to 15 digits, whatever the spacing or a leading +. */
export function isCallablePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15;
}

/**
 * What is still missing before the shop can deliver, in plain words ('phone number', 'PIN code', ...), in form
 * order; empty when the details are complete.
 *
 * @example missingDeliveryDetails({ name: 'Asha', phone: '', address: 'Pune', pin: '411001', state: 'Maharashtra' }) // ['phone number']
 */
export function missingDeliveryDetails(d: DeliveryDetails): string[] {
  const missing: string[] = [];
  if (d.name.trim() === '') missing.push('name');
  if (!isCallablePhone(d.phone)) missing.push('phone number');
  if (d.address.trim() === '') missing.push('delivery address');
  if (!STATES.has(d.state)) missing.push('state');
  if (d.state !== OUTSIDE_INDIA && !PIN.test(d.pin.trim())) missing.push('6-digit PIN code');
  return missing;
}

/** The sentence the server answers (400) and the cart can show when details are missing. */
export function missingDeliveryMessage(missing: string[]): string {
  const list = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}` : (missing[0] ?? '');
  return `Please add your ${list} in the Deliver to details before paying`;
}
