/**
 * Delivery math, once: the zone of a destination, the fee by packed weight, free delivery, the arrival range and
 * whether cash on delivery may be offered. Pure (no I/O, no clock of its own); money in integer paise. The server's
 * quote (POST /api/delivery/quote) and POST /orders use it; the apps may use it to explain a quote.
 */
import { OUTSIDE_INDIA, PIN_CODE_PATTERN } from './delivery.js';
import { paiseToRupees, rupeesToPaise } from './money.js';
import type { CodSettings, DeliverySettings, DeliveryZone, ZoneRate } from './schemas/delivery.js';

/** The destinations couriers charge most for and take longest to reach: the North East, J&K, Ladakh and the islands. */
export const REMOTE_STATES: ReadonlySet<string> = new Set([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

/** Packed weight is charged by this step: the first 500 g, then each further 500 g or part of it. */
export const WEIGHT_STEP_GRAMS = 500;

/** One zone's rates in paise. */
export interface ZoneRules {
  first500Paise: number;
  perExtra500Paise: number;
  minDays: number;
  maxDays: number;
}

export interface CodRules {
  enabled: boolean;
  feePaise: number;
  minTotalPaise: number;
  maxTotalPaise: number;
  maxOpenPerPhone: number;
  confirmHours: number;
  maxReturns: number;
}

/** The shop's delivery settings as the server stores them (paise), without the shop's state (configuration). */
export interface DeliveryRules {
  zones: Record<DeliveryZone, ZoneRules>;
  /** 0: delivery is never free. */
  freeAbovePaise: number;
  /** HH:MM, IST. */
  dispatchCutoff: string;
  /** 0 = Sunday … 6 = Saturday. */
  noDispatchWeekdays: number[];
  /** YYYY-MM-DD. */
  holidays: string[];
  handlingDays: number;
  /** Whole PINs or PIN prefixes. */
  localPins: string[];
  cod: CodRules;
}

/**
 * The demo shop's settings: the farm is near Pune. Agrees with the privacy page ("shipped within 5-7 days",
 * "international delivery takes 10-20 days from shipping"): one handling day, 10 to 20 days abroad.
 */
export const DEFAULT_DELIVERY_RULES: DeliveryRules = {
  zones: {
    shop_state: { first500Paise: 4000, perExtra500Paise: 2000, minDays: 1, maxDays: 2 },
    rest_of_india: { first500Paise: 7000, perExtra500Paise: 4000, minDays: 3, maxDays: 5 },
    remote: { first500Paise: 12000, perExtra500Paise: 6000, minDays: 5, maxDays: 9 },
    outside_india: { first500Paise: 150000, perExtra500Paise: 70000, minDays: 10, maxDays: 20 },
  },
  freeAbovePaise: 99900,
  dispatchCutoff: '14:00',
  noDispatchWeekdays: [0],
  holidays: [],
  handlingDays: 1,
  localPins: ['411', '412'],
  cod: {
    enabled: true,
    feePaise: 4900,
    minTotalPaise: 20000,
    maxTotalPaise: 500000,
    maxOpenPerPhone: 2,
    confirmHours: 24,
    maxReturns: 2,
  },
};

const zoneToApi = (z: ZoneRules): ZoneRate => ({
  first_500g: paiseToRupees(z.first500Paise),
  per_extra_500g: paiseToRupees(z.perExtra500Paise),
  min_days: z.minDays,
  max_days: z.maxDays,
});
const zoneFromApi = (z: ZoneRate): ZoneRules => ({
  first500Paise: rupeesToPaise(z.first_500g),
  perExtra500Paise: rupeesToPaise(z.per_extra_500g),
  minDays: z.min_days,
  maxDays: z.max_days,
});
const codToApi = (c: CodRules): CodSettings => ({
  enabled: c.enabled,
  fee: paiseToRupees(c.feePaise),
  min_total: paiseToRupees(c.minTotalPaise),
  max_total: paiseToRupees(c.maxTotalPaise),
  max_open_per_phone: c.maxOpenPerPhone,
  confirm_hours: c.confirmHours,
  max_returns: c.maxReturns,
});
const codFromApi = (c: CodSettings): CodRules => ({
  enabled: c.enabled,
  feePaise: rupeesToPaise(c.fee),
  minTotalPaise: rupeesToPaise(c.min_total),
  maxTotalPaise: rupeesToPaise(c.max_total),
  maxOpenPerPhone: c.max_open_per_phone,
  confirmHours: c.confirm_hours,
  maxReturns: c.max_returns,
});

/** The rules as the API shows them (rupees), with the shop's state. */
export function rulesToSettings(rules: DeliveryRules, shopState: DeliverySettings['shop_state']): DeliverySettings {
  return {
    shop_state: shopState,
    zones: {
      shop_state: zoneToApi(rules.zones.shop_state),
      rest_of_india: zoneToApi(rules.zones.rest_of_india),
      remote: zoneToApi(rules.zones.remote),
      outside_india: zoneToApi(rules.zones.outside_india),
    },
    free_shipping_above: paiseToRupees(rules.freeAbovePaise),
    dispatch_cutoff: rules.dispatchCutoff,
    no_dispatch_weekdays: [...rules.noDispatchWeekdays],
    holidays: [...rules.holidays],
    handling_days: rules.handlingDays,
    local_pins: [...rules.localPins],
    cod: codToApi(rules.cod),
  };
}

/** The API's settings (rupees) as the server keeps them (paise). */
export function settingsToRules(settings: Omit<DeliverySettings, 'shop_state'>): DeliveryRules {
  return {
    zones: {
      shop_state: zoneFromApi(settings.zones.shop_state),
      rest_of_india: zoneFromApi(settings.zones.rest_of_india),
      remote: zoneFromApi(settings.zones.remote),
      outside_india: zoneFromApi(settings.zones.outside_india),
    },
    freeAbovePaise: rupeesToPaise(settings.free_shipping_above),
    dispatchCutoff: settings.dispatch_cutoff,
    noDispatchWeekdays: [...settings.no_dispatch_weekdays].sort((a, b) => a - b),
    holidays: [...settings.holidays].sort(),
    handlingDays: settings.handling_days,
    localPins: [...settings.local_pins],
    cod: codFromApi(settings.cod),
  };
}

const ZONE_NAMES: Record<DeliveryZone, string> = {
  shop_state: 'Within the shop’s state',
  rest_of_india: 'Rest of India',
  remote: 'Remote areas',
  outside_india: 'Outside India',
};

/**
 * What is wrong with a set of rules, in plain words (empty when nothing): a zone's fastest delivery slower than its
 * slowest, a COD minimum above the maximum.
 */
export function deliveryRulesProblems(rules: DeliveryRules): string[] {
  const problems: string[] = [];
  for (const [zone, z] of Object.entries(rules.zones) as Array<[DeliveryZone, ZoneRules]>) {
    if (z.minDays > z.maxDays) {
      problems.push(`${ZONE_NAMES[zone]}: the fewest days in transit (${z.minDays}) must not be more than the most (${z.maxDays})`);
    }
  }
  if (rules.cod.minTotalPaise > rules.cod.maxTotalPaise) {
    problems.push(
      `Cash on delivery: the smallest item total (${rupeesText(rules.cod.minTotalPaise)}) must not be more than the largest (${rupeesText(rules.cod.maxTotalPaise)})`,
    );
  }
  if (rules.noDispatchWeekdays.length >= 7) problems.push('The shop must dispatch on at least one day of the week');
  for (const day of rules.holidays) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || addDays(day, 0) !== day) problems.push(`Holidays: ${day} is not a day of the calendar`);
  }
  return problems;
}

/** "₹5,000" or "₹45.50": an amount in paise as a sentence names it (Indian digit grouping, paise only when there are some). */
export function rupeesText(paise: number): string {
  const whole = paise % 100 === 0;
  return `₹${paiseToRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** The delivery zone of a destination state ('Outside India' included) for a shop in `shopState`. */
export function zoneOf(state: string, shopState: string): DeliveryZone {
  if (state === OUTSIDE_INDIA) return 'outside_india';
  if (state === shopState) return 'shop_state';
  if (REMOTE_STATES.has(state)) return 'remote';
  return 'rest_of_india';
}

/**
 * The fee for a parcel of `weightGrams` in a zone: the first 500 g, then each further 500 g or part of it.
 *
 * @example weightFeePaise(1200, { first500Paise: 7000, perExtra500Paise: 4000, ... }) // 7000 + 2 x 4000 = 15000
 */
export function weightFeePaise(weightGrams: number, zone: Pick<ZoneRules, 'first500Paise' | 'perExtra500Paise'>): number {
  if (!Number.isFinite(weightGrams) || weightGrams < 0) throw new RangeError(`weight must be 0 or more grams: ${weightGrams}`);
  const extraSteps = Math.max(0, Math.ceil((weightGrams - WEIGHT_STEP_GRAMS) / WEIGHT_STEP_GRAMS));
  return zone.first500Paise + extraSteps * zone.perExtra500Paise;
}

/** Delivery is free when the item total after any discount reaches the threshold (0: never free). */
export function isFreeDelivery(itemsAfterDiscountPaise: number, freeAbovePaise: number): boolean {
  return freeAbovePaise > 0 && itemsAfterDiscountPaise >= freeAbovePaise;
}

/** The delivery fee of a cart: by weight in its zone, or 0 above the free-delivery threshold. */
export function deliveryFeePaise(input: { weightGrams: number; itemsAfterDiscountPaise: number; zone: ZoneRules; freeAbovePaise: number }): number {
  if (isFreeDelivery(input.itemsAfterDiscountPaise, input.freeAbovePaise)) return 0;
  return weightFeePaise(input.weightGrams, input.zone);
}

const PIN = new RegExp(PIN_CODE_PATTERN);

/** Whether `pin` is six digits, the first not 0. */
export function isPinCode(pin: string): boolean {
  return PIN.test(pin);
}

/** The 400 message for a malformed PIN. */
export function notAPinMessage(pin: string): string {
  return `"${pin}" is not a PIN code: six digits, the first not 0`;
}

/** Whether a PIN is among the shop's local PINs (whole PINs or prefixes): where "local delivery only" products go. */
export function isLocalPin(pin: string, localPins: readonly string[]): boolean {
  return localPins.some((prefix) => pin.startsWith(prefix));
}

/** An ISO day (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of an ISO day. */
function weekdayOf(isoDay: string): number {
  return new Date(`${isoDay}T00:00:00Z`).getUTCDay();
}

/** IST is UTC+5:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

/** The day (YYYY-MM-DD) and minutes since midnight of a moment in India. */
function indiaClock(now: Date): { day: string; minutes: number } {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  return { day: ist.toISOString().slice(0, 10), minutes: ist.getUTCHours() * 60 + ist.getUTCMinutes() };
}

/** Days looked ahead for a dispatch day: a year of holidays and closed weekdays can never hold one up longer. */
const MAX_LOOKAHEAD_DAYS = 400;

/**
 * The day the parcel leaves the farm for an order placed at `now`: from the order day (the next day after the IST
 * cut-off), the first day the shop dispatches (not a closed weekday, not a holiday), then `handlingDays` more
 * dispatch days for packing.
 */
export function dispatchDay(now: Date, rules: Pick<DeliveryRules, 'dispatchCutoff' | 'noDispatchWeekdays' | 'holidays' | 'handlingDays'>): string {
  const { day, minutes } = indiaClock(now);
  const [h, m] = rules.dispatchCutoff.split(':').map(Number) as [number, number];
  const closedWeekdays = new Set(rules.noDispatchWeekdays);
  const holidays = new Set(rules.holidays);
  const dispatches = (d: string) => !closedWeekdays.has(weekdayOf(d)) && !holidays.has(d);
  let current = minutes >= h * 60 + m ? addDays(day, 1) : day;
  let handling = rules.handlingDays;
  for (let i = 0; i < MAX_LOOKAHEAD_DAYS; i++) {
    if (dispatches(current)) {
      if (handling === 0) return current;
      handling--;
    }
    current = addDays(current, 1);
  }
  return current;
}

/**
 * When a parcel ordered at `now` arrives: its dispatch day plus the zone's fewest and most days in transit
 * (calendar days). The earliest day is always after today (India's today), and never after the latest.
 */
export function arrivalRange(now: Date, rules: Pick<DeliveryRules, 'dispatchCutoff' | 'noDispatchWeekdays' | 'holidays' | 'handlingDays'>, zone: Pick<ZoneRules, 'minDays' | 'maxDays'>): { from: string; to: string } {
  const leaves = dispatchDay(now, rules);
  const tomorrow = addDays(indiaClock(now).day, 1);
  let from = addDays(leaves, zone.minDays);
  if (from < tomorrow) from = tomorrow;
  let to = addDays(leaves, Math.max(zone.minDays, zone.maxDays));
  if (to < from) to = from;
  return { from, to };
}

/** What decides whether an order may be paid by cash on delivery. */
export interface CodCheck {
  cod: CodRules;
  /** The destination's state, or 'Outside India'. */
  state: string;
  /** COD is on for the PIN (not turned off by the shop's overrides); ignored outside India. */
  pinCod: boolean;
  /** The item total after any discount. */
  itemsAfterDiscountPaise: number;
  /** The phone's COD orders still open (to confirm or to collect); leave out when not known (a guest's quote). */
  openCodOrders?: number;
  /** The account's COD parcels returned unopened; leave out when not known. */
  codReturns?: number;
}

/**
 * Why cash on delivery cannot be offered, each reason in plain words, in the order a shopper can act on them; empty
 * when it can.
 */
export function codUnavailableReasons(check: CodCheck): string[] {
  const { cod } = check;
  if (!cod.enabled) return ['Cash on delivery is not offered at the moment'];
  const reasons: string[] = [];
  if (check.state === OUTSIDE_INDIA) reasons.push('Cash on delivery is only for addresses in India');
  else if (!check.pinCod) reasons.push('Cash on delivery is not available at this PIN code');
  if (check.itemsAfterDiscountPaise < cod.minTotalPaise) {
    reasons.push(`Cash on delivery is for orders of ${rupeesText(cod.minTotalPaise)} or more; the items come to ${rupeesText(check.itemsAfterDiscountPaise)}`);
  } else if (check.itemsAfterDiscountPaise > cod.maxTotalPaise) {
    reasons.push(`Cash on delivery is for orders up to ${rupeesText(cod.maxTotalPaise)}; the items come to ${rupeesText(check.itemsAfterDiscountPaise)}`);
  }
  if (check.openCodOrders !== undefined && check.openCodOrders >= cod.maxOpenPerPhone) {
    reasons.push(`This phone number already has ${check.openCodOrders} cash on delivery orders open, the most allowed; pay online or wait until one is delivered`);
  }
  if (check.codReturns !== undefined && check.codReturns >= cod.maxReturns) {
    reasons.push(`Cash on delivery is off for this account after ${check.codReturns} cash on delivery parcels were returned; please pay online`);
  }
  return reasons;
}
