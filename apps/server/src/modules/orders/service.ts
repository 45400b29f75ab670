/** Orders: customers' and admins' reads of order lines, the admin's shipping status and delete, the dashboard. */
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { COD_TO_COLLECT, COD_TO_CONFIRM, INVOICED_PAYMENT_STATUSES, PLACED_PAYMENT_STATUSES } from '@shop/domain/constants';
import { SHOP_TIME_ZONE, shopDay } from '@shop/domain/date';
import { paiseToRupees } from '@shop/domain/money';
import { formatOrderNumber } from '@shop/domain/order-number';
import { shippingMoveRefusal } from '@shop/domain/shipping';
import type { Order, OrdersDashboardResponse, OrdersQuery, UpdateOrderStatusBody } from '@shop/domain/schemas/orders';
import { writeMails } from '../../lib/mail-outbox.js';
import type { Deps } from '../../plugins/deps.js';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { checkouts, orders, products, productVariants } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { PAID, REFUND_DUE, checkoutDeliveryColumns, deliveryOf, detachLine, lockLine, returnLines, settleCodAfterMove } from '../checkout/index.js';
import { pendingReviews } from '../reviews/index.js';
import { lowStockSizes } from '../stock/index.js';
import { shippingMail, type ShippingMailLine } from './mails.js';
import { createRefundSubmitter, openProblemReports, refundedPaiseSince, startCancelRefund } from '../refunds/index.js';

/** The outbox is woken after a shipping mail is written in the status change's transaction. */
export type OrdersDeps = Pick<Deps, 'db' | 'now' | 'config' | 'outbox' | 'payments' | 'log'>;

/** Statuses the customer is mailed about. */
const MAILED_STATUSES = ['Shipped', 'Delivered', 'Canceled'] as const;
type MailedStatus = (typeof MAILED_STATUSES)[number];
const isMailed = (s: string): s is MailedStatus => (MAILED_STATUSES as readonly string[]).includes(s);

export const STATUS_UPDATED = 'Shipping status updated successfully';
export const ORDER_DELETED = 'Order deleted successfully';
const ORDER_NOT_FOUND = 'Order not found';

/** Lines of the dashboard chart and the recent list. */
const DASHBOARD_DAYS = 30;
const RECENT_ORDERS = 10;
/**
 * What the order lists hold by default: checkouts whose money came in (Paid, Refund due) and cash-on-delivery orders
 * once placed (COD: to confirm, to collect, not collected), not unpaid attempts or unconfirmed COD orders that expired.
 */
const paidOnly = inArray(checkouts.payment, [...PLACED_PAYMENT_STATUSES]);
/** A checkout whose tax invoice may be shown. */
export const isInvoiced = (payment: string) => (INVOICED_PAYMENT_STATUSES as readonly string[]).includes(payment);

const orderColumns = {
  id: orders.id,
  checkoutId: orders.checkoutId,
  userName: orders.userName,
  userEmail: orders.userEmail,
  productId: orders.productId,
  productName: orders.productName,
  productSlug: orders.productSlug,
  productImage: orders.productImage,
  variantId: orders.variantId,
  variantLabel: orders.variantLabel,
  sku: orders.sku,
  /**
   * Whether the shop still sells what the line sold: the product is there and not hidden, and so is its size (a line
   * sold before sizes names none, and then the product alone decides).
   */
  onSale: sql<boolean>`(${products.id} is not null and ${products.removedAt} is null and case
    when ${orders.variantId} is not null then ${productVariants.id} is not null and ${productVariants.removedAt} is null
    else ${orders.variantLabel} is null and ${orders.sku} is null end)`.mapWith(Boolean),
  unitPricePaise: orders.unitPricePaise,
  discountPaise: orders.discountPaise,
  couponCode: checkouts.couponCode,
  cartQuantity: orders.cartQuantity,
  status: orders.status,
  createdAt: orders.createdAt,
  receipt: checkouts.receipt,
  orderNumber: checkouts.orderNumber,
  payment: checkouts.payment,
  paymentId: checkouts.paymentId,
  checkoutAmountPaise: checkouts.amountPaise,
  paymentMethod: checkouts.paymentMethod,
  shippingFeePaise: checkouts.shippingFeePaise,
  codFeePaise: checkouts.codFeePaise,
  refundDue: orders.refundDue,
  courier: orders.courier,
  trackingNumber: orders.trackingNumber,
  trackingUrl: orders.trackingUrl,
  invoiceNumber: checkouts.invoiceNumber,
  ...checkoutDeliveryColumns,
};

function selectOrders(db: Db | Tx) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(checkouts, eq(orders.checkoutId, checkouts.id))
    .leftJoin(products, eq(orders.productId, products.id))
    .leftJoin(productVariants, eq(orders.variantId, productVariants.id));
}

type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** A line as the API answers it; `orderPrefix` writes its checkout's order number (ORDER_PREFIX). */
function toOrder(row: OrderRow, orderPrefix: string): Order {
  return {
    _id: row.id,
    user: { name: row.userName, email: row.userEmail },
    // What was sold, as sold (the snapshot taken at checkout), even once the shop no longer sells it (`available`
    // false: "Product no longer available" beside the name). Null only for lines whose product was deleted outright,
    // before deleting an ordered product hid it instead (issue 28).
    product: row.productId
      ? {
          _id: row.productId,
          name: row.productName,
          slug: row.productSlug,
          price: paiseToRupees(row.unitPricePaise),
          ...(row.productImage ? { image: row.productImage } : {}),
          available: row.onSale,
        }
      : null,
    ...(row.variantLabel ? { variant_label: row.variantLabel } : {}),
    ...(row.sku ? { sku: row.sku } : {}),
    cart_quantity: row.cartQuantity,
    // A line canceled while unpaid and paid for anyway is owed back, whatever the rest of its checkout is.
    payment: row.refundDue ? REFUND_DUE : row.payment,
    payment_id: row.paymentId ?? '',
    order_id: row.checkoutId,
    order_number: formatOrderNumber(orderPrefix, row.orderNumber),
    receipt: row.receipt,
    status: row.status,
    shippingStatus: row.status,
    createdAt: row.createdAt.toISOString(),
    delivery: deliveryOf(row),
    order_total: paiseToRupees(row.checkoutAmountPaise),
    ...(row.courier ? { courier: row.courier } : {}),
    ...(row.trackingNumber ? { tracking_number: row.trackingNumber } : {}),
    ...(row.trackingUrl ? { tracking_url: row.trackingUrl } : {}),
    ...(row.invoiceNumber && isInvoiced(row.payment) ? { invoice_number: row.invoiceNumber } : {}),
    payment_method: row.paymentMethod === 'cod' ? 'cod' : 'online',
    ...(row.shippingFeePaise ? { shipping_fee: paiseToRupees(row.shippingFeePaise) } : {}),
    ...(row.codFeePaise ? { cod_fee: paiseToRupees(row.codFeePaise) } : {}),
    ...(row.discountPaise ? { discount: paiseToRupees(row.discountPaise) } : {}),
    ...(row.couponCode ? { coupon: row.couponCode } : {}),
  };
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, now, config, outbox } = deps;
  const toApi = (row: OrderRow) => toOrder(row, config.orderPrefix);
  // The admin's Canceled on a paid line starts that line's refund (issue 30), asked of the provider after the commit.
  const submitRefund = createRefundSubmitter(deps);
  return {
    /** GET orders/: the caller's own lines, newest first; paid checkouts only unless `attempts` asks for all. */
    async listOwnOrders(userId: string, query: OrdersQuery = {}): Promise<Order[]> {
      const mine = eq(orders.userId, userId);
      const rows = await selectOrders(db)
        .where(query.attempts ? mine : and(mine, paidOnly))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(toApi);
    },

    /** GET orders/all (admin): every user's lines, newest first; paid checkouts only unless `attempts` asks for all. */
    async listAllOrders(query: OrdersQuery = {}): Promise<Order[]> {
      const rows = await selectOrders(db)
        .where(query.attempts ? undefined : paidOnly)
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(toApi);
    },

    async getOrder(id: string): Promise<Order> {
      const [row] = await selectOrders(db).where(eq(orders.id, id));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      return toApi(row);
    },

    /**
     * PUT orders/{id} (admin): the status moves only along the allowed steps (@shop/domain/shipping); any other
     * move is a 409 saying why. Cancelling a line that has not shipped gives its units back to stock, once, and
     * Canceled is final, so no later step can sell those units again. Shipped keeps
     * the courier and tracking given. The customer of a paid line is mailed once per change to Shipped (or new
     * tracking details), Delivered or Canceled, after the commit: a mail failure never undoes the change.
     */
    async updateOrderStatus(id: string, body: UpdateOrderStatusBody): Promise<void> {
      const { status } = body;
      let refundId: string | undefined;
      const mailed = await inTransaction(db, async (tx): Promise<boolean> => {
        refundId = undefined;
        // Its checkout's row lock and then the line's, the order a payment takes too: concurrent updates of the line
        // are each seen (and mailed) once, and a cancel racing a payment waits for it instead of deadlocking.
        const locked = await lockLine(tx, id);
        if (!locked) throw notFound(ORDER_NOT_FOUND);
        const before = locked.line;
        const refusal = shippingMoveRefusal(before.status, status);
        if (refusal) throw conflict(refusal);
        if (status === 'Canceled') await detachLine(tx, id);
        const refund =
          status === 'Canceled' && before.status !== 'Canceled'
            ? await startCancelRefund(tx, now(), locked.checkout, [id], { source: 'admin_cancel', reason: 'Cancelled by the shop' })
            : null;
        refundId = refund?.id;
        let returnMailed = false;
        const tracking =
          status === 'Shipped'
            ? {
                courier: body.courier?.trim() || before.courier,
                trackingNumber: body.tracking_number?.trim() || before.trackingNumber,
                trackingUrl: body.tracking_url?.trim() || before.trackingUrl,
              }
            : {};
        await tx.update(orders).set({ status, ...tracking, updatedAt: now() }).where(eq(orders.id, id));
        // Returned: the parcel's units back on the shelf, the return counted (COD) and the shop told; Delivered on a
        // COD order: the cash is collected (Paid).
        if (status === 'Returned' && before.status !== 'Returned') {
          returnMailed = await returnLines(tx, now(), locked.checkout, [id], { brand: config.brandName, shopEmail: config.shopEmail, orderPrefix: config.orderPrefix });
        }
        await settleCodAfterMove(tx, now(), locked.checkout);
        const trackingChanged =
          status === 'Shipped' &&
          (tracking.courier !== before.courier || tracking.trackingNumber !== before.trackingNumber || tracking.trackingUrl !== before.trackingUrl);
        if (!isMailed(status) || (before.status === status && !trackingChanged)) return returnMailed;
        const [row] = await selectOrders(tx).where(eq(orders.id, id));
        // The customer hears of a paid line, or of a confirmed cash-on-delivery one.
        if (!row || !(row.payment === PAID || row.payment === COD_TO_COLLECT) || row.refundDue) return returnMailed;
        const line: ShippingMailLine = {
          customerName: row.userName,
          customerEmail: row.userEmail,
          orderNumber: formatOrderNumber(config.orderPrefix, row.orderNumber),
          productName: row.productName,
          variantLabel: row.variantLabel,
          cartQuantity: row.cartQuantity,
          price: paiseToRupees(row.unitPricePaise),
          discount: paiseToRupees(row.discountPaise),
          delivery: deliveryOf(row),
          courier: row.courier,
          trackingNumber: row.trackingNumber,
          trackingUrl: row.trackingUrl,
          ...(refund ? { refund: paiseToRupees(refund.amountPaise) } : {}),
        };
        // Written with the change, so the mail goes out once it is committed, even if the process stops right after.
        await writeMails(tx, now(), [{ kind: 'mail', data: shippingMail(config.brandName, config.publicUrl, status, line) }]);
        return true;
      });
      if (mailed || refundId) outbox.wake();
      if (refundId) await submitRefund(refundId);
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
     * GET orders/dashboard (admin): paid lines only (unpaid attempts and money to refund are not sales), the count
     * per day for the last 30 days (oldest first, days without orders as 0), the latest lines, and the paid
     * revenue of today and of those 30 days (by the day of payment, in the shop's time zone).
     */
    async dashboard(): Promise<OrdersDashboardResponse> {
      const today = now();
      const days: string[] = [];
      for (let i = DASHBOARD_DAYS - 1; i >= 0; i--) days.push(shopDay(new Date(today.getTime() - i * 86_400_000)));
      // India has no daylight saving time, so 24-hour steps land on consecutive days.
      const since = new Date(today.getTime() - (DASHBOARD_DAYS + 1) * 86_400_000);
      const received = eq(checkouts.payment, PAID);
      const startOf = (d: string) => new Date(`${d}T00:00:00+05:30`);
      const revenueSince = (from: Date) =>
        db
          .select({ paise: sql<string | null>`sum(${checkouts.amountPaise})` })
          .from(checkouts)
          .where(and(received, gte(checkouts.paidAt, from)));
      // A literal, not a parameter: SELECT and GROUP BY must be the same expression.
      const day = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

      const codTotals = db
        .select({
          toCollect: sql<string | null>`sum(${checkouts.amountPaise}) filter (where ${checkouts.payment} = ${COD_TO_COLLECT})`,
          toConfirm: sql<number>`count(*) filter (where ${checkouts.payment} = ${COD_TO_CONFIRM} and ${checkouts.reservedUntil} > ${today.toISOString()}::timestamptz)`,
        })
        .from(checkouts)
        .where(and(eq(checkouts.paymentMethod, 'cod'), inArray(checkouts.payment, [COD_TO_COLLECT, COD_TO_CONFIRM])));

      const [[total], perDay, recent, [paidToday], [paid30], [codNow], refundedToday, refunded30, problems] = await Promise.all([
        db.select({ n: count() }).from(orders).innerJoin(checkouts, eq(orders.checkoutId, checkouts.id)).where(received),
        db
          .select({ day, n: count() })
          .from(orders)
          .innerJoin(checkouts, eq(orders.checkoutId, checkouts.id))
          .where(and(received, gte(orders.createdAt, since)))
          .groupBy(day)
          .orderBy(asc(day)),
        selectOrders(db).where(received).orderBy(desc(orders.createdAt), desc(orders.id)).limit(RECENT_ORDERS),
        revenueSince(startOf(days[days.length - 1]!)),
        revenueSince(startOf(days[0]!)),
        codTotals,
        refundedPaiseSince(db, startOf(days[days.length - 1]!)),
        refundedPaiseSince(db, startOf(days[0]!)),
        openProblemReports(db, config.orderPrefix),
      ]);
      const [lowStock, reviewsPending] = await Promise.all([lowStockSizes(db), pendingReviews(db)]);
      const counts = new Map(perDay.map((r) => [r.day, Number(r.n)]));
      return {
        orders_count: Number(total?.n ?? 0),
        orders: days.map((d) => ({ day: d, number_of_orders: counts.get(d) ?? 0 })),
        recent_orders: recent.map(toApi),
        // Net of the refunds started in the same span (issue 30).
        revenue: {
          today: paiseToRupees(Number(paidToday?.paise ?? 0) - refundedToday),
          last_30_days: paiseToRupees(Number(paid30?.paise ?? 0) - refunded30),
        },
        refunded: { today: paiseToRupees(refundedToday), last_30_days: paiseToRupees(refunded30) },
        open_problem_reports: problems.count,
        problem_reports: problems.problems,
        cash_to_collect: paiseToRupees(Number(codNow?.toCollect ?? 0)),
        cod_to_confirm: Number(codNow?.toConfirm ?? 0),
        low_stock: lowStock,
        reviews_pending: reviewsPending,
      };
    },
  };
}
