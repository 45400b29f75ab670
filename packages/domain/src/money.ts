/** Money math, once. Prices are stored as integer paise and sent by the API as rupees. */

export const CURRENCIES = ['INR', 'USD', 'EUR', 'AED'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];
export const BASE_CURRENCY: CurrencyCode = 'INR';

export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = {
  INR: '₹',
  USD: '$',
  EUR: '€',
  AED: 'AED',
};

export type ExchangeRates = Record<CurrencyCode, number>;

/** Rates used when none are configured: 1 INR in each currency. */
export const DEFAULT_EXCHANGE_RATES: ExchangeRates = { INR: 1, USD: 0.012, EUR: 0.011, AED: 0.044 };

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Rupees (API number) to integer paise (storage), rounding half away from zero. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Integer paise (storage) to rupees (API number). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** A base-currency price shown in another currency: price x rate, as a number with 2 decimals. */
export function convertPrice(priceInBase: number, rate: number): number {
  // Trim binary noise first (995 x 0.011 is 10.944999...), then round half up to cents.
  const cents = Number((priceInBase * rate * 100).toFixed(6));
  return Math.round(cents) / 100;
}

/**
 * How each currency's digits are grouped: rupees the Indian way (lakh and crore: 1,23,456.00), the others in
 * thousands (123,456.00), always with 2 decimals.
 */
const NUMBER_FORMATS: Record<CurrencyCode, Intl.NumberFormat> = {
  INR: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  USD: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  EUR: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  AED: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/**
 * The price text the shop shows, e.g. `formatPrice(11610, 'INR', 1)` is "₹ 11,610.00",
 * `formatPrice(1234567, 'INR', 1)` is "₹ 12,34,567.00" and `formatPrice(595, 'AED', 0.044)` is "AED 26.18".
 */
export function formatPrice(priceInBase: number, currency: CurrencyCode, rate: number): string {
  return `${CURRENCY_SYMBOLS[currency]} ${NUMBER_FORMATS[currency].format(convertPrice(priceInBase, rate))}`;
}

/** 123456 paise as "1,234.56": rupees with the Indian digit grouping and no symbol (the invoice's columns). */
export function formatPaise(paise: number): string {
  return NUMBER_FORMATS.INR.format(paiseToRupees(paise));
}

/** 123456 paise as "1234.56": a plain decimal a spreadsheet reads as a number (the CSV export). */
export function paiseAsDecimal(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface PricedLine {
  price: number;
  cart_quantity: number;
}

/** Sum of price x quantity of the lines, in the base currency (not rounded, as the spec says). */
export function cartTotal(lines: readonly PricedLine[]): number {
  // Summed in paise so that 0.1 + 0.2 style float drift never shows up in a total.
  const paise = lines.reduce((sum, l) => sum + rupeesToPaise(l.price) * l.cart_quantity, 0);
  return paiseToRupees(paise);
}

/** Amount in paise for an INR total, as payment providers expect it. */
export function toProviderAmount(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + rupeesToPaise(l.price) * l.cart_quantity, 0);
}

/** What a checkout charges, in paise: the items, then the delivery fee and the cash-on-delivery fee (each 0 when none). */
export function checkoutAmountPaise(parts: { itemsPaise: number; shippingFeePaise?: number; codFeePaise?: number }): number {
  const all = [parts.itemsPaise, parts.shippingFeePaise ?? 0, parts.codFeePaise ?? 0];
  if (all.some((p) => !Number.isInteger(p) || p < 0)) throw new RangeError(`amounts must be whole paise: ${all.join(', ')}`);
  return all[0]! + all[1]! + all[2]!;
}
