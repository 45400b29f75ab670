import { describe, expect, it } from 'vitest';
import { couponDiscountPaise, couponMoment, istDateTime, spreadDiscount } from './coupons.js';
import { couponKey } from './schemas/coupons.js';
import { lineTax } from './tax.js';

const percent = (bp: number, max: number | null = null) => ({ kind: 'percent' as const, percentBp: bp, amountPaise: 0, maxDiscountPaise: max });

describe('spreadDiscount: largest remainder, to the paisa', () => {
  it('10% off three lines of ₹333.33: 3334 + 3333 + 3333 = the order discount', () => {
    const lines = [33_333, 33_333, 33_333];
    const discount = couponDiscountPaise(percent(1000), 99_999);
    expect(discount).toBe(10_000);
    const shares = spreadDiscount(discount, lines);
    expect(shares).toEqual([3_334, 3_333, 3_333]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
  });

  it('in proportion to the line values; the paise left over go to the largest fractions', () => {
    // 1000 over 1:2:3 -> 166.67, 333.33, 500 -> 166, 333, 500 and 1 left: the largest fraction (0.67) takes it.
    expect(spreadDiscount(1_000, [1_000, 2_000, 3_000])).toEqual([167, 333, 500]);
    expect(spreadDiscount(0, [100, 200])).toEqual([0, 0]);
    expect(spreadDiscount(300, [100, 200])).toEqual([100, 200]);
  });

  it('always adds up, never passes a line, for many random carts', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let n = 0; n < 300; n++) {
      const lines = Array.from({ length: 1 + (next() % 6) }, () => next() % 500_000);
      const total = lines.reduce((a, b) => a + b, 0);
      const discount = total === 0 ? 0 : next() % (total + 1);
      const shares = spreadDiscount(discount, lines);
      if (shares.reduce((a, b) => a + b, 0) !== discount || shares.some((s, i) => s > lines[i]!)) {
        expect({ discount, lines, shares }).toBe('adding up, each share within its line');
      }
    }
  });

  it('refuses a discount larger than the lines, and fractions of paise', () => {
    expect(() => spreadDiscount(301, [100, 200])).toThrow(RangeError);
    expect(() => spreadDiscount(1.5, [100])).toThrow(RangeError);
  });

  it('GST follows the discounted line: taxable + tax is what was paid for it', () => {
    const paid = 33_333 - 3_334;
    const t = lineTax({ amountPaise: paid, ratePercent: 5 }, false);
    expect(t.taxablePaise + t.taxPaise).toBe(paid);
  });
});

describe('couponDiscountPaise', () => {
  it('percent rounds half up and stops at max_discount; fixed stops at the items; free delivery takes nothing off the items', () => {
    expect(couponDiscountPaise(percent(1250), 10_001)).toBe(1_250);
    expect(couponDiscountPaise(percent(1000, 5_000), 100_000)).toBe(5_000);
    expect(couponDiscountPaise({ kind: 'fixed', percentBp: 0, amountPaise: 20_000, maxDiscountPaise: null }, 15_000)).toBe(15_000);
    expect(couponDiscountPaise({ kind: 'free_shipping', percentBp: 0, amountPaise: 0, maxDiscountPaise: null }, 15_000)).toBe(0);
    expect(couponDiscountPaise(percent(10_000), 15_000)).toBe(15_000);
  });
});

describe('codes and dates', () => {
  it('a code is compared trimmed and in upper case', () => {
    expect(couponKey(' diwali10 ')).toBe('DIWALI10');
  });

  it('a day is IST: from 00:00 as a start, until 23:59:59.999 as an end', () => {
    expect(couponMoment('2026-12-31', 'end')!.toISOString()).toBe('2026-12-31T18:29:59.999Z');
    expect(couponMoment('2026-12-31', 'start')!.toISOString()).toBe('2026-12-30T18:30:00.000Z');
    expect(istDateTime(couponMoment('2026-12-31', 'end')!)).toBe('2026-12-31T23:59:59.999+05:30');
  });

  it('a date-time without an offset is IST; with one, as it says', () => {
    expect(couponMoment('2026-10-20T09:30', 'start')!.toISOString()).toBe('2026-10-20T04:00:00.000Z');
    expect(couponMoment('2026-10-20T09:30:00Z', 'start')!.toISOString()).toBe('2026-10-20T09:30:00.000Z');
    expect(couponMoment('2026-10-20T09:30:00+05:30', 'end')!.toISOString()).toBe('2026-10-20T04:00:00.000Z');
  });

  it('anything else is not a date', () => {
    for (const bad of ['2026-02-30', '31/12/2026', 'tomorrow', '2026-12-31T25:00', '']) expect(couponMoment(bad, 'end')).toBeUndefined();
  });
});
