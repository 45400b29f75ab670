/** Day/month/year without zero padding, e.g. "5/3/2026", in the shop's time zone (IST). */
export function formatDate(value: string | number | Date, timeZone = 'Asia/Kolkata'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'numeric', year: 'numeric' })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${Number(parts.day)}/${Number(parts.month)}/${parts.year}`;
}
