/**
 * The arrival range as the shopper reads it: "Arrives Tue 2 Dec – Fri 5 Dec". A stand-in for the domain's formatter
 * (packages/domain/src/delivery-quote.ts), which replaces it once both are merged.
 */
import type { Eta } from '@shop/domain/schemas/delivery';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO day (YYYY-MM-DD) as "Tue 2 Dec", read as a calendar day (no time zone can move it). */
function shortDay(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** "Arrives Tue 2 Dec – Fri 5 Dec", or "Arrives Tue 2 Dec" when the earliest and latest day are one. */
export function arrivalRangeText(eta: Eta): string {
  return eta.from === eta.to ? `Arrives ${shortDay(eta.from)}` : `Arrives ${shortDay(eta.from)} – ${shortDay(eta.to)}`;
}
