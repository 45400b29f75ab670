import { shopDay } from '@shop/domain/date';
import type { Order } from '@shop/domain/schemas/orders';

/**
 * The dashboard counts orders as the customer placed them (checkouts), not product lines: the server's orders/dashboard
 * counts lines (SPEC's `orders_count`, `number_of_orders`), so the panel counts the distinct `order_id`s of the paid
 * lines it reads from orders/all, on the server's days (IST), the same "paid" the server's figures use.
 */
export function checkoutCounts(lines: readonly Order[], days: readonly string[]) {
  const paid = lines.filter((line) => line.payment === 'Paid');
  const perDay = new Map<string, Set<string>>();
  for (const line of paid) {
    const day = shopDay(new Date(line.createdAt));
    const ids = perDay.get(day) ?? new Set<string>();
    ids.add(line.order_id);
    perDay.set(day, ids);
  }
  return {
    total: new Set(paid.map((line) => line.order_id)).size,
    points: days.map((day) => ({ day, number_of_orders: perDay.get(day)?.size ?? 0 })),
  };
}
