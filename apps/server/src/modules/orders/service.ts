/** Orders: checkout (re-price, reserve, provider order), payment verification, and reading/managing order lines. */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_LINE_QUANTITY, ORDER_STATUS_AWAITING_PAYMENT, RESERVATION_MINUTES, type ShippingStatus } from '@shop/domain/constants';
import { paiseToRupees, toProviderAmount } from '@shop/domain/money';
import type { CreateOrderBody, CreateOrderResponse, Order, OrdersDashboardResponse } from '@shop/domain/schemas/orders';
import type { PaymentResult } from '@shop/domain/schemas/payments';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { checkouts, orders, products } from '../../db/schema.js';
import { badRequest, conflict, isForeignKeyViolation, notFound, tooManyRequests } from '../../lib/http-errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { PaymentProvider } from '../../lib/payments/provider.js';
import type { AuthUser } from '../../plugins/auth.js';
import { sendInBackground } from './mails.js';
import {
  PAID,
  REFUND_DUE,
  detachLine,
  inTransaction,
  payCheckout,
  releaseExpiredReservations,
  type PaymentOutcome,
  type StateContext,
} from './payment-state.js';

export interface OrdersDeps extends StateContext {
  db: Db;
  mailer: Mailer;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  config: Config;
}

export const PAYMENT_UNAVAILABLE = 'Payment provider unavailable, please try again';
export const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed';
export const REFUND_DUE_MESSAGE =
  'Your reservation expired and the stock sold out before your payment arrived; your payment will be refunded';
export const STATUS_UPDATED = 'Shipping status updated successfully';
export const ORDER_DELETED = 'Order deleted successfully';
const ORDER_NOT_FOUND = 'Order not found';

/** Razorpay's and PostgreSQL integer limits are far above a farm order; anything larger is a mistake. */
const MAX_AMOUNT_PAISE = 1_000_000_000;
/** Lines of the dashboard chart and the recent list. */
const DASHBOARD_DAYS = 30;
const RECENT_ORDERS = 10;
/** Payments that brought money in: shown on the dashboard. */
const RECEIVED_PAYMENTS = [PAID, REFUND_DUE];
const SHOP_TIME_ZONE = 'Asia/Kolkata';
/** Unpaid checkouts one shopper may hold at once, so nobody can hoard stock with reservations. */
export const MAX_OPEN_CHECKOUTS = 5;
export const TOO_MANY_OPEN_CHECKOUTS = `You have ${MAX_OPEN_CHECKOUTS} unpaid checkouts waiting; pay one or try again in ${RESERVATION_MINUTES} minutes`;

export function stockMessage(name: string, left: number): string {
  return left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`;
}

function newReceipt(): string {
  return `rcpt_${randomBytes(8).toString('hex')}`;
}

/** Raised when the provider could not create its order; the route answers 502 (the error handler hides 5xx texts). */
export class PaymentUnavailableError extends Error {}

/**
 * POST /orders. The amount comes from the database only (client prices and currency are ignored); the units are
 * taken from stock atomically (all lines or none) together with the checkout and its lines.
 */
export async function createOrder(deps: OrdersDeps, user: AuthUser, body: CreateOrderBody): Promise<CreateOrderResponse> {
  const { db } = deps;
  // Duplicate lines of one product become one line.
  const wanted = new Map<string, number>();
  for (const item of body.cart) wanted.set(item._id, (wanted.get(item._id) ?? 0) + item.cart_quantity);
  for (const quantity of wanted.values()) {
    if (quantity > MAX_LINE_QUANTITY) throw badRequest(`At most ${MAX_LINE_QUANTITY} of one product fit in one order`);
  }

  // Lapsed reservations of other shoppers first go back to stock, so they do not block this one.
  await releaseExpiredReservations(db, deps);

  const [open] = await db
    .select({ n: count() })
    .from(checkouts)
    .where(and(eq(checkouts.userId, user.id), eq(checkouts.stockState, 'reserved'), eq(checkouts.payment, 'Pending')));
  if ((open?.n ?? 0) >= MAX_OPEN_CHECKOUTS) throw tooManyRequests(TOO_MANY_OPEN_CHECKOUTS);

  const ids = [...wanted.keys()];
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug, pricePaise: products.pricePaise, image: products.image, quantity: products.quantity })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = ids.map((id) => {
    const product = byId.get(id);
    if (!product) throw notFound(`Product ${id} was not found; it may have been removed from the shop`);
    return { product, quantity: wanted.get(id)! };
  });
  // A cheap early answer before any provider call; the decrement below is what actually decides.
  for (const { product, quantity } of lines) {
    if (product.quantity < quantity) throw conflict(stockMessage(product.name, product.quantity));
  }

  const amountPaise = toProviderAmount(
    lines.map(({ product, quantity }) => ({ price: paiseToRupees(product.pricePaise), cart_quantity: quantity })),
  );
  if (amountPaise > MAX_AMOUNT_PAISE) throw badRequest('The order total is too large for one payment; please split the order');

  // The provider order comes first, outside any transaction: when the provider fails nothing is reserved, and no
  // row lock is held during a network call. An order whose reservation then fails is simply never paid.
  const receipt = newReceipt();
  let providerOrderId: string;
  try {
    providerOrderId = (await deps.payments.createOrder({ amountPaise, receipt })).id;
  } catch (err) {
    deps.log.error({ err, receipt }, 'payment provider could not create an order');
    throw new PaymentUnavailableError(PAYMENT_UNAVAILABLE);
  }

  const now = deps.now();
  const reservedUntil = new Date(now.getTime() + RESERVATION_MINUTES * 60_000);
  await reserve(db, async (tx) => {
    // The rows first and the stock last: a popular product's row stays locked only from its decrement to the
    // commit, which is what bounds checkouts per second on one product.
    await tx.insert(checkouts).values({
      id: providerOrderId,
      userId: user.id,
      receipt,
      amountPaise,
      currency: 'INR',
      reservedUntil,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(orders).values(
      lines.map(({ product, quantity }) => ({
        checkoutId: providerOrderId,
        userId: user.id,
        userName: user.name,
        userEmail: user.email,
        productId: product.id,
        productName: product.name,
        productSlug: product.slug,
        productImage: product.image,
        unitPricePaise: product.pricePaise,
        cartQuantity: quantity,
        status: ORDER_STATUS_AWAITING_PAYMENT,
        createdAt: now,
        updatedAt: now,
      })),
    );
    // Product rows in id order, so two carts with the same products never deadlock. A failed line throws,
    // which rolls back the earlier lines and the rows above: all lines or none.
    for (const { product, quantity } of [...lines].sort((a, b) => (a.product.id < b.product.id ? -1 : 1))) {
      const [taken] = await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${quantity}` })
        .where(and(eq(products.id, product.id), gte(products.quantity, quantity)))
        .returning({ id: products.id });
      if (!taken) {
        const [current] = await tx.select({ name: products.name, quantity: products.quantity }).from(products).where(eq(products.id, product.id));
        if (!current) throw notFound(`Product ${product.name} was removed from the shop`);
        throw conflict(stockMessage(current.name, current.quantity));
      }
    }
  });
  return { amount: amountPaise, order_id: providerOrderId, name: user.name, email: user.email, phone: user.phone };
}

/** The reservation transaction; a product deleted since it was read surfaces as a foreign key violation. */
async function reserve(db: Db, fn: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await inTransaction(db, fn);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound('A product in your cart was just removed from the shop');
    throw err;
  }
}

/** A checkout of the caller's; someone else's answers the same 404 as a missing one. */
export async function findOwnCheckout(db: Db, userId: string, checkoutId: string) {
  const [row] = await db
    .select({ id: checkouts.id, userId: checkouts.userId, payment: checkouts.payment })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  if (!row || row.userId !== userId) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export type VerificationAnswer = { status: 200 | 400 | 409; body: { success: boolean; message?: string } };

/** POST /orders/paymentverification: a signed checkout result marks the checkout paid, once. */
export async function verifyPayment(deps: OrdersDeps, user: AuthUser, body: PaymentResult): Promise<VerificationAnswer> {
  const checkout = await findOwnCheckout(deps.db, user.id, body.razorpay_order_id);
  if (!deps.payments.verifySignature(checkout.id, body.razorpay_payment_id, body.razorpay_signature)) {
    deps.log.warn({ orderId: checkout.id }, 'payment signature did not verify');
    return { status: 400, body: { success: false, message: PAYMENT_VERIFICATION_FAILED } };
  }
  const outcome = await payCheckout(deps.db, deps, checkout.id, body.razorpay_payment_id);
  return answerFor(deps, outcome);
}

/** Sends the mails of a state change and turns the outcome into the verification answer. */
function answerFor(deps: Pick<OrdersDeps, 'mailer' | 'log'>, outcome: PaymentOutcome): VerificationAnswer {
  if (outcome.kind === 'not_found') throw notFound(ORDER_NOT_FOUND);
  sendInBackground(deps.mailer, deps.log, outcome.mails);
  if (outcome.kind === 'refund_due') return { status: 409, body: { success: false, message: REFUND_DUE_MESSAGE } };
  return { status: 200, body: { success: true } };
}

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


/** GET orders/: the caller's own lines, newest first. */
export async function listOwnOrders(db: Db, userId: string): Promise<Order[]> {
  const rows = await selectOrders(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

/** GET orders/all (admin): every line, newest first. */
export async function listAllOrders(db: Db): Promise<Order[]> {
  const rows = await selectOrders(db).orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

export async function getOrder(db: Db, id: string): Promise<Order> {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toOrder(row);
}

/**
 * PUT orders/{id} (admin): any shipping status may be chosen. Cancelling a line that has not shipped gives its
 * units back to stock, once (a second cancel, or cancel after un-cancelling, gives nothing more).
 */
export async function updateOrderStatus(deps: Pick<OrdersDeps, 'db' | 'now'>, id: string, status: ShippingStatus): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const [line] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
    if (!line) throw notFound(ORDER_NOT_FOUND);
    if (status === 'Canceled') await detachLine(tx, id);
    await tx.update(orders).set({ status, updatedAt: deps.now() }).where(eq(orders.id, id));
  });
}

/** DELETE orders/{id} (admin): a line that still holds units and has not shipped gives them back first. */
export async function deleteOrder(deps: Pick<OrdersDeps, 'db'>, id: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const line = await detachLine(tx, id);
    if (!line) throw notFound(ORDER_NOT_FOUND);
    await tx.delete(orders).where(eq(orders.id, id));
  });
}

/** YYYY-MM-DD of a moment in the shop's time zone. */
function shopDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * GET orders/dashboard (admin): lines whose payment came in (Paid, or Refund due so the admin sees it), the count
 * per day for the last 30 days (oldest first, days without orders as 0) and the latest lines.
 */
export async function ordersDashboard(deps: Pick<OrdersDeps, 'db' | 'now'>): Promise<OrdersDashboardResponse> {
  const { db } = deps;
  const now = deps.now();
  const days: string[] = [];
  for (let i = DASHBOARD_DAYS - 1; i >= 0; i--) days.push(shopDay(new Date(now.getTime() - i * 86_400_000)));
  // India has no daylight saving time, so 24-hour steps land on consecutive days.
  const since = new Date(now.getTime() - (DASHBOARD_DAYS + 1) * 86_400_000);
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
}
