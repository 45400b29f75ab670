import { SHOP_TIME_ZONE } from '@shop/domain/date';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "27 Nov 2026, 4:05 pm" in the shop's time zone (IST), as the timeline and the report window are read. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTime.format(date).replace(/\s?(am|pm)$/i, (m) => ` ${m.trim().toLowerCase()}`);
}
