/**
 * Coupon arithmetic (issue 31), shared by the server and the apps: what a coupon takes off a cart, how that discount
 * is spread over the lines, and the IST reading of a coupon's dates. Integer paise throughout.
 */

/** A coupon as the arithmetic needs it. `percentBp`: hundredths of a percent (12.5% is 1250). */
export interface CouponTerms {
  kind: 'percent' | 'fixed' | 'free_shipping';
  percentBp: number;
  amountPaise: number;
  maxDiscountPaise: number | null;
}

/**
 * What the coupon takes off an item total, in paise: a percent of it rounded half up (at most `maxDiscountPaise`), a
 * fixed amount (at most the items), or 0 for free delivery (whose saving is the delivery fee).
 *
 * @example couponDiscountPaise({ kind: 'percent', percentBp: 1000, amountPaise: 0, maxDiscountPaise: null }, 99_999) // 10_000
 */
export function couponDiscountPaise(terms: CouponTerms, itemsPaise: number): number {
  if (!Number.isInteger(itemsPaise) || itemsPaise < 0) throw new RangeError(`items must be whole paise: ${itemsPaise}`);
  let discount = 0;
  if (terms.kind === 'percent') discount = Math.floor((2 * itemsPaise * terms.percentBp + 10_000) / 20_000);
  else if (terms.kind === 'fixed') discount = terms.amountPaise;
  if (terms.maxDiscountPaise !== null && terms.kind === 'percent') discount = Math.min(discount, terms.maxDiscountPaise);
  return Math.max(0, Math.min(discount, itemsPaise));
}

/**
 * A discount spread over lines in proportion to their value, by largest remainder, in paise: each line gets the whole
 * paise of its exact share, and the paise left over go one each to the lines with the largest fractions (the first such
 * line on a tie). The shares add up to the discount exactly and no share exceeds its line.
 *
 * @example spreadDiscount(10_000, [33_333, 33_333, 33_333]) // [3_334, 3_333, 3_333]
 */
export function spreadDiscount(discountPaise: number, linePaise: readonly number[]): number[] {
  const total = linePaise.reduce((sum, v) => sum + v, 0);
  if (!Number.isInteger(discountPaise) || discountPaise < 0) throw new RangeError(`discount must be whole paise: ${discountPaise}`);
  if (linePaise.some((v) => !Number.isInteger(v) || v < 0)) throw new RangeError(`lines must be whole paise: ${linePaise.join(', ')}`);
  if (discountPaise > total) throw new RangeError(`discount ${discountPaise} is more than the lines' ${total}`);
  if (discountPaise === 0 || total === 0) return linePaise.map(() => 0);
  // BigInt: discount x line value can pass 2^53 for large orders.
  const d = BigInt(discountPaise);
  const t = BigInt(total);
  const shares = linePaise.map((v, i) => {
    const exact = d * BigInt(v);
    return { i, whole: exact / t, rest: exact % t };
  });
  let left = discountPaise - shares.reduce((sum, s) => sum + Number(s.whole), 0);
  const byRest = [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const result = shares.map((s) => Number(s.whole));
  for (const s of byRest) {
    if (left === 0) break;
    result[s.i]! += 1;
    left--;
  }
  return result;
}

const IST_OFFSET_MS = 330 * 60_000;
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

function validDay(y: number, m: number, d: number): boolean {
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/**
 * A coupon's `starts_at` or `ends_at` as an instant. A day (`YYYY-MM-DD`) is meant in IST: as a start, 00:00:00.000
 * IST; as an end, the whole day, until 23:59:59.999 IST ("valid until 31 Dec"). A date-time without an offset is IST
 * too; one with an offset (or Z) is taken as it says. Undefined when the text is none of these.
 */
export function couponMoment(value: string, edge: 'start' | 'end'): Date | undefined {
  const text = value.trim();
  const day = DAY_ONLY.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (!validDay(y, m, d)) return undefined;
    const midnight = Date.UTC(y, m - 1, d) - IST_OFFSET_MS;
    return new Date(edge === 'start' ? midnight : midnight + 86_400_000 - 1);
  }
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    const [y, m, d, h, min] = [1, 2, 3, 4, 5].map((i) => Number(local[i]));
    const s = Number(local[6] ?? 0);
    const ms = Number((local[7] ?? '0').padEnd(3, '0'));
    if (!validDay(y!, m!, d!) || h! > 23 || min! > 59 || s > 59) return undefined;
    return new Date(Date.UTC(y!, m! - 1, d!, h, min, s, ms) - IST_OFFSET_MS);
  }
  if (WITH_OFFSET.test(text)) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  return undefined;
}

/** An instant as an IST date-time with its offset: `2026-12-31T23:59:59.999+05:30`. */
export function istDateTime(at: Date): string {
  return `${new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 23)}+05:30`;
}

/** A percent (12.5) as hundredths of a percent (1250). */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}
