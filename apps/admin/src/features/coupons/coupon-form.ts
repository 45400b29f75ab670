/**
 * The coupon form's values (text as typed), what the panel checks before sending them (a mirror of the server's rules,
 * for convenience only), the bodies of POST and PUT, and which field a refusal of the server names.
 */
import type { Coupon, CouponKind, CreateCouponBody, UpdateCouponBody } from '@shop/domain/schemas/coupons';

export interface CouponValues {
  code: string;
  kind: CouponKind;
  /** Percent for `percent`, rupees for `fixed`; unused for `free_shipping`. */
  value: string;
  /** Rupees, percent coupons only; empty: no cap. */
  max_discount: string;
  /** Rupees of items; empty: any order. */
  min_order: string;
  /** Days, `YYYY-MM-DD`, meant in IST (the end lasts until 23:59:59 IST). */
  starts_at: string;
  ends_at: string;
  /** Whole numbers; empty: no limit. */
  usage_limit: string;
  per_customer_limit: string;
  first_order_only: boolean;
  active: boolean;
}

export type CouponField = Exclude<keyof CouponValues, 'first_order_only' | 'active'> | 'first_order_only' | 'active';
export type CouponErrors = Partial<Record<CouponField, string>>;

const IST_OFFSET_MS = 330 * 60_000;
/** A day as IST sees an instant (`2026-10-20T00:00:00.000+05:30` -> `2026-10-20`). */
export function istDay(at: string | number | Date): string {
  const ms = typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : at.getTime();
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A new coupon: 10% off from today (IST) for a month, active. */
export function newCouponValues(now = Date.now()): CouponValues {
  return {
    code: '',
    kind: 'percent',
    value: '',
    max_discount: '',
    min_order: '',
    starts_at: istDay(now),
    ends_at: istDay(now + 30 * 86_400_000),
    usage_limit: '',
    per_customer_limit: '',
    first_order_only: false,
    active: true,
  };
}

const text = (n: number | null | undefined) => (n === undefined || n === null ? '' : String(n));

/** The form of a coupon the server answered (its dates as IST days). */
export function couponValues(c: Coupon): CouponValues {
  return {
    code: c.code,
    kind: c.kind,
    value: c.kind === 'free_shipping' ? '' : String(c.value),
    max_discount: c.kind === 'percent' ? text(c.max_discount) : '',
    min_order: text(c.min_order),
    starts_at: istDay(c.starts_at),
    ends_at: istDay(c.ends_at),
    usage_limit: text(c.usage_limit),
    per_customer_limit: text(c.per_customer_limit),
    first_order_only: c.first_order_only,
    active: c.active,
  };
}

const CODE = /^[A-Za-z0-9_-]{3,30}$/;
const RUPEES = /^\d+(\.\d{1,2})?$/;
const COUNT = /^[1-9]\d{0,6}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with the values, field by field, in the words the server would use (empty: nothing). */
export function checkCoupon(v: CouponValues): CouponErrors {
  const errors: CouponErrors = {};
  const code = v.code.trim();
  if (!code) errors.code = 'Enter a code.';
  else if (!CODE.test(code)) errors.code = 'Use 3 to 30 letters, digits, - or _ (no spaces or other characters).';
  const value = v.value.trim();
  if (v.kind === 'percent') {
    if (!value) errors.value = 'Enter the percent off.';
    else if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) <= 0) errors.value = 'A percent coupon takes more than 0%.';
    else if (Number(value) > 100) errors.value = 'A percent coupon takes at most 100%.';
  } else if (v.kind === 'fixed') {
    if (!value) errors.value = 'Enter the rupees off.';
    else if (!RUPEES.test(value) || Number(value) <= 0) errors.value = 'A fixed coupon takes more than ₹0, in rupees with at most two decimals.';
  }
  if (v.kind === 'percent' && v.max_discount.trim() && (!RUPEES.test(v.max_discount.trim()) || Number(v.max_discount) <= 0)) {
    errors.max_discount = 'More than ₹0, in rupees with at most two decimals, or leave it empty.';
  }
  if (v.min_order.trim() && !RUPEES.test(v.min_order.trim())) errors.min_order = 'Rupees with at most two decimals, or leave it empty.';
  if (!DAY.test(v.starts_at)) errors.starts_at = 'Choose the first day.';
  if (!DAY.test(v.ends_at)) errors.ends_at = 'Choose the last day.';
  else if (DAY.test(v.starts_at) && v.ends_at < v.starts_at) errors.ends_at = 'The last day must not be before the first.';
  if (v.usage_limit.trim() && !COUNT.test(v.usage_limit.trim())) errors.usage_limit = 'A whole number from 1, or leave it empty for no limit.';
  if (v.per_customer_limit.trim() && !COUNT.test(v.per_customer_limit.trim())) errors.per_customer_limit = 'A whole number from 1, or leave it empty for no limit.';
  return errors;
}

const amount = (s: string) => (s.trim() ? Number(s.trim()) : null);

/** Every field as the server takes it; an empty optional one is null (no cap, no minimum, no limit). */
function fullBody(v: CouponValues) {
  return {
    code: v.code.trim(),
    kind: v.kind,
    value: v.kind === 'free_shipping' ? 0 : Number(v.value.trim()),
    max_discount: v.kind === 'percent' ? amount(v.max_discount) : null,
    min_order: amount(v.min_order),
    starts_at: v.starts_at,
    ends_at: v.ends_at,
    usage_limit: amount(v.usage_limit),
    per_customer_limit: amount(v.per_customer_limit),
    first_order_only: v.first_order_only,
    active: v.active,
  };
}

/** POST /coupons: the optional fields left empty are left out. */
export function createBody(v: CouponValues): CreateCouponBody {
  const body = fullBody(v);
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)) as unknown as CreateCouponBody;
}

/**
 * PUT /coupons/{id}: only what changed (an unchanged day keeps the time the coupon had); an emptied limit is null.
 */
export function updateBody(initial: CouponValues, v: CouponValues): UpdateCouponBody {
  const before = fullBody(initial);
  const after = fullBody(v);
  const changed = Object.entries(after).filter(([key, value]) => before[key as keyof typeof before] !== value);
  return Object.fromEntries(changed) as unknown as UpdateCouponBody;
}

const FIELDS: readonly CouponField[] = [
  'code',
  'kind',
  'value',
  'max_discount',
  'min_order',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_customer_limit',
  'first_order_only',
  'active',
];

/** How the server's schema check names a field ("Max discount must be a number"), longest first. */
const LABELS: ReadonlyArray<[string, CouponField]> = (
  [
    ['Per customer limit', 'per_customer_limit'],
    ['First order only', 'first_order_only'],
    ['Max discount', 'max_discount'],
    ['Usage limit', 'usage_limit'],
    ['Min order', 'min_order'],
    ['Starts at', 'starts_at'],
    ['Ends at', 'ends_at'],
    ['Active', 'active'],
    ['Value', 'value'],
    ['Code', 'code'],
    ['Kind', 'kind'],
  ] as Array<[string, CouponField]>
).sort((a, b) => b[0].length - a[0].length);

const sentence = (s: string) => {
  const t = s.trim();
  return t ? t[0]!.toUpperCase() + t.slice(1) : t;
};

/**
 * The field a refusal of the server is about, and what to say beside it: `code: use 3 to 30 letters…` (the service's
 * form), `Value must be a number` (the schema check's), or a 409 about the code. Otherwise the form says it as a whole.
 */
export function fieldOfRefusal(message: string, status: number): { field?: CouponField; message: string } {
  const named = /^([a-z_]+):\s*(.+)$/s.exec(message);
  if (named && FIELDS.includes(named[1] as CouponField)) return { field: named[1] as CouponField, message: sentence(named[2]!) };
  const labelled = LABELS.find(([label]) => message.startsWith(`${label} `));
  if (labelled) return { field: labelled[1], message };
  if (status === 409 && /\bcode\b/i.test(message)) return { field: 'code', message };
  return { message };
}
