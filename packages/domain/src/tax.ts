/**
 * GST on tax-inclusive prices, in integer paise, rounded per line. Within the shop's state the tax is CGST+SGST in
 * equal halves; to another state (or abroad) it is IGST. Taxable value + tax is always the line's amount exactly.
 */

export interface InclusiveLine {
  /** What the customer paid for the line (unit price x quantity), tax included, in paise. */
  amountPaise: number;
  /** GST rate in percent (5 for 5%, 0.25 for 0.25%). */
  ratePercent: number;
}

export interface LineTax {
  taxablePaise: number;
  /** cgst + sgst + igst. */
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** A GST rate in percent (the API, the invoice) as whole hundredths of a percent (storage): 0.25 is 25. */
export function percentToBasisPoints(ratePercent: number): number {
  return Math.round(ratePercent * 100);
}

/** A stored GST rate (hundredths of a percent) in percent: 500 is 5. */
export function basisPointsToPercent(rateBp: number): number {
  return rateBp / 100;
}

/** Rates like 0.25% as whole hundredths of a percent, so the arithmetic stays in integers. */
function basisPoints(ratePercent: number): number {
  if (!(ratePercent >= 0) || ratePercent > 100) throw new RangeError(`GST rate out of range: ${ratePercent}`);
  return percentToBasisPoints(ratePercent);
}

/** a / b rounded half up, for non-negative integers small enough to stay exact as doubles. */
function divRound(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * Splits a tax-inclusive line amount into taxable value and tax.
 * Intra-state, each half is rounded to the paisa first, so CGST and SGST are equal and add up to the tax.
 *
 * @example lineTax({ amountPaise: 59_500, ratePercent: 5 }, false) // taxable 56_666, cgst 1_417, sgst 1_417
 */
export function lineTax(line: InclusiveLine, interState: boolean): LineTax {
  const { amountPaise } = line;
  if (!Number.isInteger(amountPaise) || amountPaise < 0) throw new RangeError(`amount must be whole paise: ${amountPaise}`);
  const bp = basisPoints(line.ratePercent);
  if (interState) {
    const igst = divRound(amountPaise * bp, 10_000 + bp);
    return { taxablePaise: amountPaise - igst, taxPaise: igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst };
  }
  const half = divRound(amountPaise * bp, 2 * (10_000 + bp));
  return { taxablePaise: amountPaise - 2 * half, taxPaise: 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
}

/**
 * A sold line as the invoice shows it: its amount (unit price x quantity, less the coupon's share `discountPaise`: what
 * was paid for it), its rate in percent and its tax split. GST is on the discounted value.
 */
export function taxedLine(unitPaise: number, quantity: number, gstRateBp: number | null, interState: boolean, discountPaise = 0): InclusiveLine & LineTax {
  const amountPaise = unitPaise * quantity - discountPaise;
  const ratePercent = basisPointsToPercent(gstRateBp ?? 0);
  return { amountPaise, ratePercent, ...lineTax({ amountPaise, ratePercent }, interState) };
}

/** Sums of the lines' taxes; `amountPaise` is the invoice total. */
export function invoiceTotals(lines: readonly (InclusiveLine & LineTax)[]): LineTax & { amountPaise: number } {
  const total = { amountPaise: 0, taxablePaise: 0, taxPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  for (const l of lines) {
    total.amountPaise += l.amountPaise;
    total.taxablePaise += l.taxablePaise;
    total.taxPaise += l.taxPaise;
    total.cgstPaise += l.cgstPaise;
    total.sgstPaise += l.sgstPaise;
    total.igstPaise += l.igstPaise;
  }
  return total;
}

/** Supply to another state, or abroad, is inter-state (IGST); within the shop's own state it is CGST+SGST. */
export function isInterState(shopState: string, deliveryState: string): boolean {
  return shopState.trim().toLowerCase() !== deliveryState.trim().toLowerCase();
}

/**
 * The Indian financial year (1 April to 31 March) of a moment, in India's time zone, e.g. "2026-27".
 * Invoice numbers run in sequence within one financial year.
 */
export function financialYear(at: Date): string {
  // India is UTC+5:30 all year (no daylight saving).
  const ist = new Date(at.getTime() + 330 * 60_000);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}


/**
 * The GST rate (percent) of an order's principal supply: the rate of the line with the largest taxable value (the
 * first such line on a tie); 0 for an order without lines. A delivery fee or a COD fee charged with the goods is part
 * of a composite supply and is taxed at this rate (the owner's accountant should confirm this treatment).
 */
export function principalRatePercent(lines: readonly (InclusiveLine & LineTax)[]): number {
  let best: (InclusiveLine & LineTax) | undefined;
  for (const l of lines) if (!best || l.taxablePaise > best.taxablePaise) best = l;
  return best?.ratePercent ?? 0;
}

/**
 * A fee charged with the goods (delivery, cash-on-delivery fee) as an invoice line: its tax-inclusive amount split at
 * the principal line's rate (principalRatePercent), rounded like any line, so the invoice still adds up to the paisa.
 */
export function feeLine(amountPaise: number, ratePercent: number, interState: boolean): InclusiveLine & LineTax {
  return { amountPaise, ratePercent, ...lineTax({ amountPaise, ratePercent }, interState) };
}
