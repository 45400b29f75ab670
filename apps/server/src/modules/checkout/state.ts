/**
 * Who holds the units of a checkout, and the payment state machine, shared by verification, the webhook,
 * the sandbox checkout, the reservation sweep and the admin's cancel/delete (orders/). Plain SQL on a
 * transaction with the moment passed in; the checkout service turns outcomes into answers and mails.
 *
 * Units: `products.quantity` is the stock on hand. A checkout takes its units when it is created
 * (stock_state 'reserved'), keeps them when paid ('sold'), and gives them back when its reservation lapses or
 * its payment fails ('released'). A line whose units were given back on its own (cancel, delete) has
 * `restocked = true` and never takes or gives units again. So a line holds units exactly when its checkout is
 * 'reserved' or 'sold' and the line is not restocked.
 *
 * Every change of who holds units locks the checkout row first, then product rows in id order, so two requests
 * (or two server instances) can never give the same units back twice, and never deadlock each other.
 * Payment is forward-only: Pending -> Failed or Expired; Pending/Failed/Expired -> Paid or Refund due; a Paid
 * checkout never moves back.
 */
import { and, asc, eq, inArray, isNotNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import { ORDER_STATUS_AWAITING_PAYMENT, type PaymentStatus } from '@shop/domain/constants';
import { paiseToRupees } from '@shop/domain/money';
import type { Delivery } from '@shop/domain/schemas/orders';
import { financialYear, formatInvoiceNumber } from '@shop/domain/tax';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { checkouts, extraPayments, invoiceCounters, orders, products } from '../../db/schema.js';
import type { MailCheckout } from './mails.js';

export const PAID: PaymentStatus = 'Paid';
export const FAILED: PaymentStatus = 'Failed';
export const REFUND_DUE: PaymentStatus = 'Refund due';
export const PENDING: PaymentStatus = 'Pending';
export const EXPIRED: PaymentStatus = 'Expired';

export type StockState = 'reserved' | 'sold' | 'released';

/** Units per product for the lines of a checkout that still take part in its stock (sorted by product id). */
async function unitsOfCheckout(tx: Tx, checkoutId: string): Promise<Array<{ productId: string; units: number }>> {
  const rows = await tx
    .select({ productId: orders.productId, units: sql<number>`sum(${orders.cartQuantity})::int` })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.restocked, false), isNotNull(orders.productId)))
    .groupBy(orders.productId)
    .orderBy(asc(orders.productId));
  return rows.map((r) => ({ productId: r.productId!, units: Number(r.units) }));
}

async function addUnits(tx: Tx, productId: string, units: number): Promise<void> {
  await tx
    .update(products)
    .set({ quantity: sql`${products.quantity} + ${units}` })
    .where(eq(products.id, productId));
}

/**
 * Gives a reserved checkout's units back, once: the conditional update on the checkout row is the guard, so of
 * two concurrent callers (sweep on two instances, sweep and payment failure) exactly one wins.
 * With `expiredBefore`, only a reservation that lapsed before that moment is released.
 */
export async function releaseReservation(
  tx: Tx,
  now: Date,
  checkoutId: string,
  opts: { expiredBefore?: Date } = {},
): Promise<boolean> {
  const conditions = [eq(checkouts.id, checkoutId), eq(checkouts.stockState, 'reserved'), ne(checkouts.payment, PAID)];
  if (opts.expiredBefore) conditions.push(lt(checkouts.reservedUntil, opts.expiredBefore));
  // A lapsed checkout that was still waiting for its payment is Expired; a Failed one stays Failed.
  const payment = opts.expiredBefore ? sql`case when ${checkouts.payment} = ${PENDING} then ${EXPIRED} else ${checkouts.payment} end` : checkouts.payment;
  const [row] = await tx
    .update(checkouts)
    .set({ stockState: 'released', updatedAt: now, payment })
    .where(and(...conditions))
    .returning({ id: checkouts.id });
  if (!row) return false;
  for (const { productId, units } of await unitsOfCheckout(tx, checkoutId)) await addUnits(tx, productId, units);
  return true;
}

/** Unpaid reservations older than RESERVATION_MINUTES go back to stock. Each checkout in its own transaction. */
export async function releaseExpiredReservations(db: Db, now: Date, limit = 200): Promise<number> {
  const due = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.stockState, 'reserved'), lt(checkouts.reservedUntil, now), ne(checkouts.payment, PAID)))
    .orderBy(asc(checkouts.reservedUntil))
    .limit(limit);
  let released = 0;
  for (const { id } of due) {
    if (await inTransaction(db, (tx) => releaseReservation(tx, now, id, { expiredBefore: now }))) released++;
  }
  return released;
}

/**
 * Takes a released checkout's units again (a payment arrived after its reservation lapsed): all lines or none.
 * Product rows are locked in id order first, so the check and the decrement see the same stock.
 */
async function retakeUnits(tx: Tx, checkoutId: string): Promise<boolean> {
  const wanted = await unitsOfCheckout(tx, checkoutId);
  if (wanted.length === 0) return true;
  const stock = await tx
    .select({ id: products.id, quantity: products.quantity })
    .from(products)
    .where(
      inArray(
        products.id,
        wanted.map((w) => w.productId),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
  const onHand = new Map(stock.map((s) => [s.id, s.quantity]));
  // A line whose product was deleted meanwhile has product_id null and is not counted here.
  if (wanted.some((w) => (onHand.get(w.productId) ?? 0) < w.units)) return false;
  for (const { productId, units } of wanted) {
    const [taken] = await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} - ${units}` })
      .where(and(eq(products.id, productId), sql`${products.quantity} >= ${units}`))
      .returning({ id: products.id });
    if (!taken) throw new Error(`stock of ${productId} changed under a row lock`);
  }
  return true;
}

async function lockCheckout(tx: Tx, checkoutId: string) {
  const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
  return row;
}

type CheckoutRow = typeof checkouts.$inferSelect;

/** The delivery snapshot of a checkout row, or null for one made before deliveries were kept. */
export function deliveryOf(c: Pick<CheckoutRow, 'deliveryName' | 'deliveryPhone' | 'deliveryAddress' | 'deliveryPin' | 'deliveryState'>): Delivery | null {
  if (c.deliveryName === null) return null;
  return {
    name: c.deliveryName,
    phone: c.deliveryPhone ?? '',
    address: c.deliveryAddress ?? '',
    pin: c.deliveryPin ?? '',
    state: c.deliveryState ?? '',
  };
}

/** What the mails need; `c` is the checkout row as locked (its payment id as just recorded). */
async function mailCheckout(tx: Tx, c: CheckoutRow, paymentId: string, invoiceNumber: string | null = c.invoiceNumber): Promise<MailCheckout> {
  const lines = await tx
    .select({
      productName: orders.productName,
      cartQuantity: orders.cartQuantity,
      unitPricePaise: orders.unitPricePaise,
      userName: orders.userName,
      userEmail: orders.userEmail,
      refundDue: orders.refundDue,
    })
    .from(orders)
    .where(eq(orders.checkoutId, c.id))
    .orderBy(asc(orders.createdAt), asc(orders.productName));
  return {
    orderId: c.id,
    receipt: c.receipt,
    paymentId,
    total: paiseToRupees(c.amountPaise),
    customerName: lines[0]?.userName ?? '',
    customerEmail: lines[0]?.userEmail ?? '',
    delivery: deliveryOf(c),
    invoiceNumber,
    lines: lines.map((l) => ({ productName: l.productName, cartQuantity: l.cartQuantity, price: paiseToRupees(l.unitPricePaise), refundDue: l.refundDue })),
  };
}

/**
 * The checkout becomes Paid (a sale of its units) with the next invoice number of the financial year of `now`
 * (`prefix` null: nothing is sold, no number). The counter row is the one row every payment of the year updates, so
 * it is taken and used in one statement, the last before commit: it stays locked only for that statement and the
 * commit, never across a round trip to the app. Locked until commit, two payments never get the same number and a
 * rolled-back payment gives its number back (no gaps, never reused).
 */
async function markPaid(tx: Tx, now: Date, checkoutId: string, paymentId: string, prefix: string | null): Promise<string | null> {
  const unpaid = and(eq(checkouts.id, checkoutId), ne(checkouts.payment, PAID));
  if (prefix === null) {
    const [row] = await tx
      .update(checkouts)
      .set({ payment: PAID, paymentId, stockState: 'sold', paidAt: now, updatedAt: now, invoiceNumber: null })
      .where(unpaid)
      .returning({ id: checkouts.id });
    // The checkout row has been locked since the start, unpaid: anything else is a bug, and throwing rolls it all back.
    if (!row) throw new Error(`checkout ${checkoutId} changed under its row lock`);
    return null;
  }
  const year = financialYear(now);
  const digits = sql`counter.last_number::text`;
  // formatInvoiceNumber in SQL (padStart never truncates, so neither does this lpad); checked against it below.
  const number = sql`${`${prefix}/${year}/`} || lpad(${digits}, greatest(5, length(${digits})), '0')`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    with counter as (
      insert into ${invoiceCounters} (financial_year, last_number) values (${year}, 1)
      on conflict (financial_year) do update set last_number = ${invoiceCounters}.last_number + 1
      returning last_number
    )
    update ${checkouts}
    set payment = ${PAID}, payment_id = ${paymentId}, stock_state = 'sold', paid_at = ${at}, updated_at = ${at}, invoice_number = ${number}
    from counter
    where ${unpaid}
    returning counter.last_number as n, ${checkouts.invoiceNumber} as invoice_number`);
  // Both drivers answer raw SQL with `rows`.
  const [row] = (result as unknown as { rows: Array<{ n: number; invoice_number: string }> }).rows;
  if (!row) throw new Error(`checkout ${checkoutId} changed under its row lock`);
  if (row.invoice_number !== formatInvoiceNumber(prefix, year, Number(row.n))) {
    throw new Error(`invoice number ${row.invoice_number} does not follow formatInvoiceNumber`);
  }
  return row.invoice_number;
}

export type PaymentOutcome =
  | { kind: 'not_found' }
  /** A replay: nothing was written and no mail goes out. */
  | { kind: 'paid' | 'refund_due' | 'extra_payment'; changed: false }
  /** What the mails of the change need. Paid lines canceled while unpaid are `refundDue` in `checkout.lines`. */
  | { kind: 'paid' | 'refund_due' | 'extra_payment'; changed: true; checkout: MailCheckout };

/**
 * Records a successful payment of a checkout, exactly once (verification and webhooks both call this).
 * Paid: payment_id stored, reservation becomes a sale, lines 'Processing', an invoice number, mails to send after
 * commit. Lines an admin canceled while it was unpaid are marked refund due. If the reservation had lapsed, the
 * units are taken again when still there; otherwise 'Refund due'. A different payment for a checkout that already
 * has one is kept in extra_payments as Refund due. With `ownerId` (the shopper's own verification), someone else's
 * checkout is 'not_found' like a missing one.
 */
export async function applyPayment(
  tx: Tx,
  now: Date,
  checkoutId: string,
  paymentId: string,
  invoicePrefix: string,
  ownerId?: string,
): Promise<PaymentOutcome> {
  const c = await lockCheckout(tx, checkoutId);
  if (!c || (ownerId !== undefined && c.userId !== ownerId)) return { kind: 'not_found' };
  if (c.payment === PAID || c.payment === REFUND_DUE) {
    const kind = c.payment === PAID ? 'paid' : 'refund_due';
    if (c.paymentId === paymentId) return { kind, changed: false };
    const [extra] = await tx
      .insert(extraPayments)
      .values({ paymentId, checkoutId, status: REFUND_DUE, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: extraPayments.paymentId });
    if (!extra) return { kind: 'extra_payment', changed: false };
    return { kind: 'extra_payment', changed: true, checkout: await mailCheckout(tx, c, paymentId) };
  }

  const stockHeld = c.stockState === 'reserved' || c.stockState === 'sold';
  if (!stockHeld && !(await retakeUnits(tx, checkoutId))) {
    await tx
      .update(checkouts)
      .set({ payment: REFUND_DUE, paymentId, updatedAt: now })
      .where(and(eq(checkouts.id, checkoutId), notInArray(checkouts.payment, [PAID, REFUND_DUE])));
    return { kind: 'refund_due', changed: true, checkout: await mailCheckout(tx, c, paymentId) };
  }

  // In one statement: lines waiting for the payment become 'Processing'; lines canceled while unpaid gave their units
  // back and are not sold, so their money is owed back.
  const touched = await tx
    .update(orders)
    .set({
      status: sql`case when ${orders.status} = ${ORDER_STATUS_AWAITING_PAYMENT} then 'Processing' else ${orders.status} end`,
      refundDue: sql`${orders.refundDue} or ${orders.status} = 'Canceled'`,
      updatedAt: now,
    })
    .where(and(eq(orders.checkoutId, checkoutId), inArray(orders.status, [ORDER_STATUS_AWAITING_PAYMENT, 'Canceled'])))
    .returning({ status: orders.status });
  const refunded = touched.filter((l) => l.status === 'Canceled').length;
  const mail = await mailCheckout(tx, c, paymentId, null);
  const sellsSomething = mail.lines.length > refunded;
  // Last: the invoice counter, the hot row of every payment.
  const invoiceNumber = await markPaid(tx, now, checkoutId, paymentId, sellsSomething ? invoicePrefix : null);
  return { kind: 'paid', changed: true, checkout: { ...mail, invoiceNumber } };
}

export type FailureOutcome = 'not_found' | 'failed' | 'ignored';

/** A failed payment: the checkout is marked Failed and its reservation released at once, unless it is already paid. */
export async function applyPaymentFailure(tx: Tx, now: Date, checkoutId: string): Promise<FailureOutcome> {
  const c = await lockCheckout(tx, checkoutId);
  if (!c) return 'not_found';
  if (c.payment === PAID || c.payment === REFUND_DUE) return 'ignored';
  await tx
    .update(checkouts)
    .set({ payment: FAILED, updatedAt: now })
    .where(and(eq(checkouts.id, checkoutId), notInArray(checkouts.payment, [PAID, REFUND_DUE])));
  await releaseReservation(tx, now, checkoutId);
  return 'failed';
}

/** Statuses after which the goods have left the farm: cancelling or deleting such a line returns nothing to stock. */
const SHIPPED_STATUSES = ['Shipped', 'Delivered'];

/**
 * An admin cancels or deletes one line: the line stops taking part in its checkout's stock, once. Its units go back
 * when they are still held (reserved or sold) and the goods have not shipped. Answers the line, or undefined.
 */
export async function detachLine(
  tx: Tx,
  lineId: string,
): Promise<{ id: string; status: string; checkoutId: string } | undefined> {
  const [found] = await tx.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, lineId));
  if (!found) return undefined;
  const c = await lockCheckout(tx, found.checkoutId);
  const [line] = await tx.select().from(orders).where(eq(orders.id, lineId)).for('update');
  if (!c || !line) return undefined;
  if (!line.restocked && !SHIPPED_STATUSES.includes(line.status)) {
    await tx.update(orders).set({ restocked: true }).where(eq(orders.id, lineId));
    const held = c.stockState === 'reserved' || c.stockState === 'sold';
    if (held && line.productId) await addUnits(tx, line.productId, line.cartQuantity);
  }
  return { id: line.id, status: line.status, checkoutId: line.checkoutId };
}
