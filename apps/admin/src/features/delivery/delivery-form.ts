import {
  DELIVERY_ZONES,
  type CodSettings,
  type DeliverySettings,
  type DeliverySettingsBody,
  type DeliveryZone,
  type ZoneRate,
} from '@shop/domain/schemas/delivery';

/** One zone's row as typed: numbers stay text until they are checked and sent. */
export type ZoneValues = Record<keyof ZoneRate, string>;
export type CodValues = { enabled: boolean } & Record<Exclude<keyof CodSettings, 'enabled'>, string>;

/** What the Delivery screen's settings form edits. */
export interface DeliveryFormValues {
  zones: Record<DeliveryZone, ZoneValues>;
  free_shipping_above: string;
  dispatch_cutoff: string;
  no_dispatch_weekdays: number[];
  holidays: string[];
  handling_days: string;
  local_pins: string[];
  cod: CodValues;
}

/** A field's place in the form, e.g. 'zones.remote.min_days', 'cod.fee', 'handling_days'. */
type FieldPath = string;
export type FormErrors = Partial<Record<FieldPath, string>>;

export const ZONE_FIELDS = ['first_500g', 'per_extra_500g', 'min_days', 'max_days'] as const;
const COD_NUMBER_FIELDS = ['fee', 'min_total', 'max_total', 'max_open_per_phone', 'confirm_hours', 'max_returns'] as const;
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** A local PIN or PIN prefix: 1 to 6 digits, the first not 0 (as the contract's pattern). */
const LOCAL_PIN = /^[1-9][0-9]{0,5}$/;

const text = (n: number) => String(n);

export function formValuesOf(s: DeliverySettings): DeliveryFormValues {
  const zone = (z: ZoneRate): ZoneValues => ({
    first_500g: text(z.first_500g),
    per_extra_500g: text(z.per_extra_500g),
    min_days: text(z.min_days),
    max_days: text(z.max_days),
  });
  return {
    zones: {
      shop_state: zone(s.zones.shop_state),
      rest_of_india: zone(s.zones.rest_of_india),
      remote: zone(s.zones.remote),
      outside_india: zone(s.zones.outside_india),
    },
    free_shipping_above: text(s.free_shipping_above),
    dispatch_cutoff: s.dispatch_cutoff,
    no_dispatch_weekdays: [...s.no_dispatch_weekdays].sort((a, b) => a - b),
    holidays: [...s.holidays].sort(),
    handling_days: text(s.handling_days),
    local_pins: [...s.local_pins],
    cod: {
      enabled: s.cod.enabled,
      fee: text(s.cod.fee),
      min_total: text(s.cod.min_total),
      max_total: text(s.cod.max_total),
      max_open_per_phone: text(s.cod.max_open_per_phone),
      confirm_hours: text(s.cod.confirm_hours),
      max_returns: text(s.cod.max_returns),
    },
  };
}

/** Rupees: 0 to 1,00,000 with at most two decimals (paise). */
function rupeesError(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return 'Enter an amount in rupees (0 for none).';
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return 'Enter rupees as a number, with at most two decimals (e.g. 49.50).';
  if (Number(v) > 100000) return 'At most ₹1,00,000.';
  return undefined;
}

function wholeError(value: string, min: number, max: number, what: string): string | undefined {
  const v = value.trim();
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) return `Enter whole ${what} from ${min} to ${max}.`;
  return undefined;
}

/** What stops a save, by field; empty when the form may be sent. */
export function validate(v: DeliveryFormValues): FormErrors {
  const errors: FormErrors = {};
  const put = (path: FieldPath, error: string | undefined) => {
    if (error) errors[path] = error;
  };
  for (const zone of DELIVERY_ZONES) {
    const z = v.zones[zone];
    put(`zones.${zone}.first_500g`, rupeesError(z.first_500g));
    put(`zones.${zone}.per_extra_500g`, rupeesError(z.per_extra_500g));
    put(`zones.${zone}.min_days`, wholeError(z.min_days, 0, 60, 'days'));
    put(`zones.${zone}.max_days`, wholeError(z.max_days, 0, 60, 'days'));
    if (!errors[`zones.${zone}.min_days`] && !errors[`zones.${zone}.max_days`] && Number(z.min_days) > Number(z.max_days)) {
      errors[`zones.${zone}.max_days`] = `The max days must be at least the min days (${z.min_days.trim()}).`;
    }
  }
  put('free_shipping_above', rupeesError(v.free_shipping_above));
  if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(v.dispatch_cutoff)) put('dispatch_cutoff', 'Enter a time as HH:MM (24 hours, IST).');
  if (v.no_dispatch_weekdays.length > 6) put('no_dispatch_weekdays', 'The shop must dispatch on at least one weekday.');
  put('handling_days', wholeError(v.handling_days, 0, 14, 'days'));
  const c = v.cod;
  put('cod.fee', rupeesError(c.fee));
  put('cod.min_total', rupeesError(c.min_total));
  put('cod.max_total', rupeesError(c.max_total));
  if (!errors['cod.min_total'] && !errors['cod.max_total'] && Number(c.min_total) > Number(c.max_total)) {
    errors['cod.max_total'] = `The maximum must be at least the minimum (₹${c.min_total.trim()}).`;
  }
  put('cod.max_open_per_phone', wholeError(c.max_open_per_phone, 1, 20, 'orders'));
  put('cod.confirm_hours', wholeError(c.confirm_hours, 1, 168, 'hours'));
  put('cod.max_returns', wholeError(c.max_returns, 1, 20, 'returns'));
  return errors;
}

const sameNumber = (a: string, b: string) => Number(a.trim()) === Number(b.trim());
const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * PUT /api/delivery/settings as the contract allows it: only what differs from `before`; inside a zone or the COD
 * block only the changed fields. Call it on values that passed `validate`. An empty object means nothing changed.
 */
export function changesOf(v: DeliveryFormValues, before: DeliveryFormValues): DeliverySettingsBody {
  const body: DeliverySettingsBody = {};
  const zones: NonNullable<DeliverySettingsBody['zones']> = {};
  for (const zone of DELIVERY_ZONES) {
    const changed = ZONE_FIELDS.filter((f) => !sameNumber(v.zones[zone][f], before.zones[zone][f]));
    if (changed.length > 0) zones[zone] = Object.fromEntries(changed.map((f) => [f, Number(v.zones[zone][f])]));
  }
  if (Object.keys(zones).length > 0) body.zones = zones;
  if (!sameNumber(v.free_shipping_above, before.free_shipping_above)) body.free_shipping_above = Number(v.free_shipping_above);
  if (v.dispatch_cutoff !== before.dispatch_cutoff) body.dispatch_cutoff = v.dispatch_cutoff;
  if (!sameList(v.no_dispatch_weekdays, before.no_dispatch_weekdays)) body.no_dispatch_weekdays = v.no_dispatch_weekdays;
  if (!sameList(v.holidays, before.holidays)) body.holidays = v.holidays;
  if (!sameNumber(v.handling_days, before.handling_days)) body.handling_days = Number(v.handling_days);
  if (!sameList(v.local_pins, before.local_pins)) body.local_pins = v.local_pins;
  const cod: NonNullable<DeliverySettingsBody['cod']> = {};
  if (v.cod.enabled !== before.cod.enabled) cod.enabled = v.cod.enabled;
  for (const f of COD_NUMBER_FIELDS) if (!sameNumber(v.cod[f], before.cod[f])) cod[f] = Number(v.cod[f]);
  if (Object.keys(cod).length > 0) body.cod = cod;
  return body;
}

/** Whether the form differs from what was loaded or last saved (a number typed as 50.0 for 50 is no change). */
export function hasChanges(v: DeliveryFormValues, before: DeliveryFormValues): boolean {
  // Unparsable text is a change too (so Save can say what is wrong with it).
  const loose = (a: string, b: string) => a.trim() !== b.trim() && !(a.trim() !== '' && sameNumber(a, b));
  for (const zone of DELIVERY_ZONES) if (ZONE_FIELDS.some((f) => loose(v.zones[zone][f], before.zones[zone][f]))) return true;
  if (COD_NUMBER_FIELDS.some((f) => loose(v.cod[f], before.cod[f]))) return true;
  if (loose(v.free_shipping_above, before.free_shipping_above) || loose(v.handling_days, before.handling_days)) return true;
  return (
    v.cod.enabled !== before.cod.enabled ||
    v.dispatch_cutoff !== before.dispatch_cutoff ||
    !sameList(v.no_dispatch_weekdays, before.no_dispatch_weekdays) ||
    !sameList(v.holidays, before.holidays) ||
    !sameList(v.local_pins, before.local_pins)
  );
}

/** The problem with adding `pin` to the local list, or undefined when it may be added. */
export function localPinError(pin: string, list: readonly string[]): string | undefined {
  if (!LOCAL_PIN.test(pin)) return 'Enter 1 to 6 digits, the first not 0 (a whole PIN like 411038, or its start like 411).';
  if (list.includes(pin)) return `${pin} is in the list already.`;
  if (list.length >= 500) return 'The list holds at most 500 PINs and prefixes.';
  return undefined;
}

/** The problem with adding `day` to the holidays, or undefined when it may be added. */
export function holidayError(day: string, list: readonly string[]): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'Choose a date.';
  if (list.includes(day)) return 'That day is a holiday already.';
  if (list.length >= 100) return 'At most 100 holidays.';
  return undefined;
}
