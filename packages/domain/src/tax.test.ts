import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, feeLine, financialYear, invoiceTotals, isInterState, lineTax, percentToBasisPoints, principalRatePercent, taxedLine } from './tax.js';

describe('lineTax', () => {
  it('splits a 5% inclusive price into taxable value and equal CGST and SGST halves', () => {
    // 595.00 at 5%: tax 28.333.. -> halves of 14.17 each, taxable 566.66.
    expect(lineTax({ amountPaise: 59_500, ratePercent: 5 }, false)).toEqual({
      taxablePaise: 56_666,
      taxPaise: 2_834,
      cgstPaise: 1_417,
      sgstPaise: 1_417,
      igstPaise: 0,
    });
  });

  it('charges IGST alone between states', () => {
    expect(lineTax({ amountPaise: 59_500, ratePercent: 5 }, true)).toEqual({
      taxablePaise: 56_667,
      taxPaise: 2_833,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 2_833,
    });
  });

  it('always adds up to the inclusive amount to the paisa, with equal halves, for many amounts and rates', () => {
    for (const ratePercent of [0, 0.25, 3, 5, 12, 18, 28, 40]) {
      for (let amountPaise = 0; amountPaise < 30_000; amountPaise += 97) {
        const intra = lineTax({ amountPaise, ratePercent }, false);
        expect(intra.cgstPaise).toBe(intra.sgstPaise);
        expect(intra.taxablePaise + intra.cgstPaise + intra.sgstPaise).toBe(amountPaise);
        expect(intra.taxPaise).toBe(intra.cgstPaise + intra.sgstPaise);
        const inter = lineTax({ amountPaise, ratePercent }, true);
        expect(inter.taxablePaise + inter.igstPaise).toBe(amountPaise);
        // Never more than half a paisa (a paisa for the two halves) away from the exact tax.
        const exact = (amountPaise * ratePercent) / (100 + ratePercent);
        expect(Math.abs(inter.taxPaise - exact)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(intra.taxPaise - exact)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('has no tax at 0% and refuses nonsense', () => {
    expect(lineTax({ amountPaise: 12_345, ratePercent: 0 }, false).taxPaise).toBe(0);
    expect(() => lineTax({ amountPaise: 1.5, ratePercent: 5 }, false)).toThrow(RangeError);
    expect(() => lineTax({ amountPaise: 100, ratePercent: -1 }, false)).toThrow(RangeError);
  });
});

describe('invoiceTotals', () => {
  it('sums the per-line figures, which add up to the paid total', () => {
    const lines = [
      { amountPaise: 59_500 * 3, ratePercent: 5 },
      { amountPaise: 99_500, ratePercent: 5 },
      { amountPaise: 35_000, ratePercent: 18 },
    ].map((l) => ({ ...l, ...lineTax(l, false) }));
    const t = invoiceTotals(lines);
    expect(t.amountPaise).toBe(59_500 * 3 + 99_500 + 35_000);
    expect(t.taxablePaise + t.cgstPaise + t.sgstPaise).toBe(t.amountPaise);
    expect(t.cgstPaise).toBe(t.sgstPaise);
  });
});

describe('isInterState', () => {
  it('compares the delivery state with the shop state', () => {
    expect(isInterState('Maharashtra', 'Maharashtra')).toBe(false);
    expect(isInterState('Maharashtra', ' maharashtra ')).toBe(false);
    expect(isInterState('Maharashtra', 'Karnataka')).toBe(true);
    expect(isInterState('Maharashtra', 'Outside India')).toBe(true);
  });
});

describe('financialYear', () => {
  it('runs April to March in India time', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 20:00 UTC is already 1 April in India.
    expect(financialYear(new Date('2027-03-31T20:00:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
  });
});

describe('taxedLine', () => {
  it('prices a stored line: unit x quantity, the stored rate in percent, and its tax split', () => {
    expect(taxedLine(29_750, 2, 500, false)).toEqual({ amountPaise: 59_500, ratePercent: 5, ...lineTax({ amountPaise: 59_500, ratePercent: 5 }, false) });
    expect(taxedLine(10_000, 1, null, true)).toMatchObject({ amountPaise: 10_000, ratePercent: 0, taxPaise: 0 });
    expect(percentToBasisPoints(0.25)).toBe(25);
    expect(basisPointsToPercent(25)).toBe(0.25);
  });
});

describe('fees with the goods (composite supply)', () => {
  it('takes the rate of the line with the largest taxable value, the first on a tie, 0 without lines', () => {
    const ghee = taxedLine(59_500, 1, 1200, false); // 12%
    const honey = taxedLine(30_000, 3, 500, false); // 5%, larger
    expect(principalRatePercent([ghee, honey])).toBe(5);
    // Taxable 10,000 paise each: the first wins.
    expect(principalRatePercent([taxedLine(11_800, 1, 1800, true), taxedLine(10_500, 1, 500, true)])).toBe(18);
    expect(principalRatePercent([])).toBe(0);
  });

  it('splits a fee at that rate so the invoice still adds up to the paisa', () => {
    const lines = [taxedLine(59_500, 2, 1200, false), taxedLine(4_900, 1, 500, false)];
    const delivery = feeLine(6_000, principalRatePercent(lines), false);
    const cod = feeLine(4_900, principalRatePercent(lines), false);
    expect(delivery).toMatchObject({ amountPaise: 6_000, ratePercent: 12 });
    expect(delivery.cgstPaise).toBe(delivery.sgstPaise);
    expect(delivery.taxablePaise + delivery.taxPaise).toBe(6_000);
    const totals = invoiceTotals([...lines, delivery, cod]);
    expect(totals.amountPaise).toBe(119_000 + 4_900 + 6_000 + 4_900);
    expect(totals.taxablePaise + totals.taxPaise).toBe(totals.amountPaise);
    expect(feeLine(0, 5, true)).toMatchObject({ amountPaise: 0, taxablePaise: 0, igstPaise: 0 });
  });
});
