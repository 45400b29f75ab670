/** Orders: customers' and admins' reads of order lines, the admin's shipping status and delete, the dashboard. */
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ShippingStatus } from '@shop/domain/constants';
import { paiseToRupees } from '@shop/domain/money';
import type { Order, OrdersDashboardResponse } from '@shop/domain/schemas/orders';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { checkouts, orders } from '../../db/schema.js';
import { notFound } from '../../lib/http-errors.js';
import { PAID, REFUND_DUE, detachLine } from '../checkout/state.js';

export interface OrdersDeps {
  db: Db;
  now: () => Date;
}

export const STATUS_UPDATED = 'Shipping status updated successfully';
export const ORDER_DELETED = 'Order deleted successfully';
const ORDER_NOT_FOUND = 'Order not found';

/** Lines of the dashboard chart and the recent list. */
const DASHBOARD_DAYS = 30;
const RECENT_ORDERS = 10;
/** Payments that brought money in: shown on the dashboard. */
const RECEIVED_PAYMENTS = [PAID, REFUND_DUE];
const SHOP_TIME_ZONE = 'Asia/Kolkata';

const orderColumns = {
  id: orders.id,
  checkoutId: orders.checkoutId,
  userName: orders.userName,
  userEmail: orders.userEmail,
  productId: orders.productId,
  productName: orders.productName,
  productSlug: orders.productSlug,
  productImage: orders.productImage,
  unitPricePaise: orders.unitPricePaise,
  cartQuantity: orders.cartQuantity,
  status: orders.status,
  createdAt: orders.createdAt,
  receipt: checkouts.receipt,
  payment: checkouts.payment,
  paymentId: checkouts.paymentId,
};

function selectOrders(db: Db) {
  return db.select(orderColumns).from(orders).innerJoin(checkouts, eq(orders.checkoutId, checkouts.id));
}

type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    user: { name: row.userName, email: row.userEmail },
    // The snapshot taken at checkout; null once the product itself is gone ("Product no longer available").
    product: row.productId
      ? {
          _id: row.productId,
          name: row.productName,
          slug: row.productSlug,
          price: paiseToRupees(row.unitPricePaise),
          ...(row.productImage ? { image: row.productImage } : {}),
        }
      : null,
    cart_quantity: row.cartQuantity,
    payment: row.payment,
    payment_id: row.paymentId ?? '',
    order_id: row.checkoutId,
    receipt: row.receipt,
    status: row.status,
    shippingStatus: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** YYYY-MM-DD of a moment in the shop's time zone. */
function shopDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService({ db, now }: OrdersDeps) {
  return {
    /** GET orders/: the caller's own lines, newest first. */
    async listOwnOrders(userId: string): Promise<Order[]> {
      const rows = await selectOrders(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(toOrder);
    },

    /** GET orders/all (admin): every line, newest first. */
    async listAllOrders(): Promise<Order[]> {
      const rows = await selectOrders(db).orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(toOrder);
    },

    async getOrder(id: string): Promise<Order> {
      const [row] = await selectOrders(db).where(eq(orders.id, id));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      return toOrder(row);
    },

    /**
     * PUT orders/{id} (admin): any shipping status may be chosen. Cancelling a line that has not shipped gives its
     * units back to stock, once (a second cancel, or cancel after un-cancelling, gives nothing more).
     */
    async updateOrderStatus(id: string, status: ShippingStatus): Promise<void> {
      await inTransaction(db, async (tx) => {
        const [line] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
        if (!line) throw notFound(ORDER_NOT_FOUND);
        if (status === 'Canceled') await detachLine(tx, id);
        await tx.update(orders).set({ status, updatedAt: now() }).where(eq(orders.id, id));
      });
    },

    /** DELETE orders/{id} (admin): a line that still holds units and has not shipped gives them back first. */
    async deleteOrder(id: string): Promise<void> {
      await inTransaction(db, async (tx) => {
        const line = await detachLine(tx, id);
        if (!line) throw notFound(ORDER_NOT_FOUND);
        await tx.delete(orders).where(eq(orders.id, id));
      });
    },

    /**
     * GET orders/dashboard (admin): lines whose payment came in (Paid, or Refund due so the admin sees it), the count
     * per day for the last 30 days (oldest first, days without orders as 0) and the latest lines.
     */
    async dashboard(): Promise<OrdersDashboardResponse> {
      const today = now();
      const days: string[] = [];
      for (let i = DASHBOARD_DAYS - 1; i >= 0; i--) days.push(shopDay(new Date(today.getTime() - i * 86_400_000)));
      // India has no daylight saving time, so 24-hour steps land on consecutive days.
      const since = new Date(today.getTime() - (DASHBOARD_DAYS + 1) * 86_400_000);
      const received = inArray(checkouts.payment, RECEIVED_PAYMENTS);
      // A literal, not a parameter: SELECT and GROUP BY must be the same expression.
      const day = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

      const [[total], perDay, recent] = await Promise.all([
        db.select({ n: count() }).from(orders).innerJoin(checkouts, eq(orders.checkoutId, checkouts.id)).where(received),
        db
          .select({ day, n: count() })
          .from(orders)
          .innerJoin(checkouts, eq(orders.checkoutId, checkouts.id))
          .where(and(received, gte(orders.createdAt, since)))
          .groupBy(day)
          .orderBy(asc(day)),
        selectOrders(db).where(received).orderBy(desc(orders.createdAt), desc(orders.id)).limit(RECENT_ORDERS),
      ]);
      const counts = new Map(perDay.map((r) => [r.day, Number(r.n)]));
      return {
        orders_count: Number(total?.n ?? 0),
        orders: days.map((d) => ({ day: d, number_of_orders: counts.get(d) ?? 0 })),
        recent_orders: recent.map(toOrder),
      };
    },
  };
}
