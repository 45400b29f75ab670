import { formatDate } from '@shop/domain/date';
import { formatPrice } from '@shop/domain/money';

/** Prices in the panel are shown in the base currency (INR). */
export function formatInr(price: number): string {
  return formatPrice(price, 'INR', 1);
}

/** A dashboard day ('2026-03-05') as the shop shows dates (5/3/2026); other values as they come. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return `${Number(match[3])}/${Number(match[2])}/${match[1]}`;
}

export { formatDate };
