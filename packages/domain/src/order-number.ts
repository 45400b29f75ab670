/**
 * The order number people read and say on the phone: the shop's prefix, a dash and the checkout's sequence number
 * (`SF-10234`). The database gives the number when the checkout is placed; this is the one place it is written out.
 *
 * @example formatOrderNumber('SF', 10234) // 'SF-10234'
 */
export function formatOrderNumber(prefix: string, n: number): string {
  return `${prefix}-${n}`;
}

/** The number in an order number as a person may type it ("SF-10234", "sf 10234", "#10234", "10234"), or null. */
export function parseOrderNumber(text: string): number | null {
  const m = /^\s*(?:[a-z]{1,10}\s*[-/ ]?\s*|#\s*)?(\d{1,9})\s*$/i.exec(text);
  return m ? Number(m[1]) : null;
}
