/** How the shop says when a parcel arrives. Its own module with no imports: the storefront's product and cart chunks
 * load it without the delivery math. */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayText(isoDay: string, withYear: boolean): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  const text = `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return withYear ? `${text} ${d.getUTCFullYear()}` : text;
}

/**
 * An arrival range as the shop says it: "Arrives Tue 2 Dec – Fri 5 Dec"; one day: "Arrives Tue 2 Dec"; across a new
 * year both days carry their year ("Arrives Tue 30 Dec 2025 – Fri 2 Jan 2026").
 */
export function formatArrival(eta: { from: string; to: string }): string {
  const withYear = eta.from.slice(0, 4) !== eta.to.slice(0, 4);
  if (eta.from === eta.to) return `Arrives ${dayText(eta.from, false)}`;
  return `Arrives ${dayText(eta.from, withYear)} – ${dayText(eta.to, withYear)}`;
}
