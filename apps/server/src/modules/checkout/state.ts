/**
 * Who holds the units of a checkout, and the payment state machine, shared by verification, the webhook,
 * the sandbox checkout, the reservation sweep and the admin's cancel/delete (orders/). Plain SQL on a
 * transaction with the moment passed in; the checkout service turns outcomes into answers and mails.
 *
 * Units: `product_variants.quantity` is the stock on hand of a size; a line's units belong to the size it was sold as
 * (orders.variant_id), or, for a line sold before sizes, to its product's default size. A checkout takes its units when it is created
 * (stock_state 'reserved'), keeps them when paid ('sold'), and gives them back when its reservation lapses or
 * its payment fails ('released'). A line whose units were given back on its own (cancel, delete) has
 * `restocked = true` and never takes or gives units again. So a line holds units exactly when its checkout is
 * 'reserved' or 'sold' and the line is not restocked.
 *
 * Every change of who holds units locks the checkout row first, then size rows in id order, so two requests
 * (or two server instances) can never give the same units back twice, and never deadlock each other.
 * Payment is forward-only: Pending -> Failed or Expired; Pending/Failed/Expired -> Paid or Refund due; a Paid
 * checkout never moves back. A Pending checkout whose shopper closed the payment window has given its units back
 * ('released') and may take them again (PAY again, or a payment that still arrives).
 *
 * Lock order, on every path: the shopper's row (reservations), then the checkout, then its lines, then sizes in
 * id order. A path that started from a line looks its checkout up first (lockLine).
 */
import { and, asc, eq, inArray, isNotNull, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { COD_TO_CONFIRM, type PaymentStatus } from '@shop/domain/constants';
import { paiseToRupees } from '@shop/domain/money';
import { formatOrderNumber } from '@shop/domain/order-number';
import type { Delivery } from '@shop/domain/schemas/orders';
import { financialYear } from '@shop/domain/tax';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { checkouts, extraPayments, orders, productVariants, users } from '../../db/schema.js';
import { writeMails } from '../../lib/mail-outbox.js';
import type { Mail } from '../../lib/mailer.js';
import { CHECKOUT_MAIL, refundDueOutboxMail, type CheckoutMailData, type MailCheckout } from './mails.js';

export const PAID: PaymentStatus = 'Paid';
const FAILED: PaymentStatus = 'Failed';
export const REFUND_DUE: PaymentStatus = 'Refund due';
export const PENDING: PaymentStatus = 'Pending';
const EXPIRED: PaymentStatus = 'Expired';

/**
 * Lines (joined with their checkout) of `userId`'s own open checkouts that still hold units of `productIds`: a
 * shopper's own hold never counts against that shopper's cart (getcart adds them back, PAY lets them go).
 */
export function ownOpenHolds(userId: string, productIds: string[]): SQL {
  return and(
    eq(checkouts.userId, userId),
    eq(checkouts.stockState, 'reserved'),
    eq(checkouts.payment, PENDING),
    eq(orders.restocked, false),
    inArray(orders.productId, productIds),
  )!;
}

/**
 * The size a line's units belong to: the size it was sold as (orders.variant_id), or for a line sold before sizes (or
 * whose size row is gone) its product's default size. Null only when the product is gone too.
 */
const lineSize = sql<string | null>`${sql.raw(`coalesce("orders"."variant_id", (select pv.id from product_variants pv
  where pv.product_id = "orders"."product_id" order by pv.removed_at is not null, pv.is_default desc, pv.position limit 1))`)}`;
// (Written out: drizzle writes a single-table select's own columns without their table, which inside this subquery
// would name product_variants' columns.)
/** The size a line's units belong to, as a column to select from orders (see lineSize). */
export const lineSizeOf = lineSize;

/** Units per size for the lines of a checkout that still take part in its stock (sorted by size id, the lock order). */
async function unitsOfCheckout(tx: Tx, checkoutId: string): Promise<Array<{ variantId: string; units: number }>> {
  const rows = await tx
    .select({ variantId: lineSize, units: sql<number>`sum(${orders.cartQuantity})::int` })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.restocked, false), isNotNull(orders.productId)))
    .groupBy(lineSize)
    .orderBy(asc(lineSize));
  return rows.filter((r) => r.variantId !== null).map((r) => ({ variantId: r.variantId!, units: Number(r.units) }));
}

export async function addUnits(tx: Tx, variantId: string, units: number): Promise<void> {
  await tx
    .update(productVariants)
    .set({ quantity: sql`${productVariants.quantity} + ${units}` })
    .where(eq(productVariants.id, variantId));
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
  // A lapsed checkout that was still waiting for its payment (or, cash on delivery, for its confirmation) is Expired;
  // a Failed one stays Failed.
  const payment = opts.expiredBefore
    ? sql`case when ${checkouts.payment} in (${PENDING}, ${COD_TO_CONFIRM}) then ${EXPIRED} else ${checkouts.payment} end`
    : checkouts.payment;
  const [row] = await tx
    .update(checkouts)
    .set({ stockState: 'released', updatedAt: now, payment })
    .where(and(...conditions))
    .returning({ id: checkouts.id });
  if (!row) return false;
  for (const { variantId, units } of await unitsOfCheckout(tx, checkoutId)) await addUnits(tx, variantId, units);
  return true;
}

/**
 * Unpaid reservations older than RESERVATION_MINUTES (and cash-on-delivery orders not confirmed by their deadline, also
 * reserved_until) go back to stock. Each checkout in its own transaction. A checkout
 * whose shopper closed the payment window (its units already back, still Pending) becomes Expired once its time is up.
 */
export async function releaseExpiredReservations(db: Db, now: Date, limit = 200): Promise<number> {
  await db
    .update(checkouts)
    .set({ payment: EXPIRED, updatedAt: now })
    .where(and(eq(checkouts.stockState, 'released'), eq(checkouts.payment, PENDING), lt(checkouts.reservedUntil, now)));
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
 * Size rows are locked in id order first, so the check and the decrement see the same stock.
 */
async function retakeUnits(tx: Tx, checkoutId: string): Promise<boolean> {
  const wanted = await unitsOfCheckout(tx, checkoutId);
  if (wanted.length === 0) return true;
  const stock = await tx
    .select({ id: productVariants.id, quantity: productVariants.quantity })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        wanted.map((w) => w.variantId),
      ),
    )
    .orderBy(asc(productVariants.id))
    .for('update');
  const onHand = new Map(stock.map((s) => [s.id, s.quantity]));
  // A line whose product was deleted meanwhile has product_id null and is not counted here.
  if (wanted.some((w) => (onHand.get(w.variantId) ?? 0) < w.units)) return false;
  for (const { variantId, units } of wanted) {
    const [taken] = await tx
      .update(productVariants)
      .set({ quantity: sql`${productVariants.quantity} - ${units}` })
      .where(and(eq(productVariants.id, variantId), sql`${productVariants.quantity} >= ${units}`))
      .returning({ id: productVariants.id });
    if (!taken) throw new Error(`stock of size ${variantId} changed under a row lock`);
  }
  return true;
}

/** Locks a checkout row for a change (the first lock of every path that changes a checkout or its lines). */
export async function lockCheckout(tx: Tx, checkoutId: string) {
  const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
  return row;
}

type CheckoutRow = typeof checkouts.$inferSelect;

/** The delivery snapshot kept on a checkout row, as columns to select. */
export const checkoutDeliveryColumns = {
  deliveryName: checkouts.deliveryName,
  deliveryPhone: checkouts.deliveryPhone,
  deliveryAddress: checkouts.deliveryAddress,
  deliveryPin: checkouts.deliveryPin,
  deliveryState: checkouts.deliveryState,
};

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

/** What a checkout's mails say, as committed (the invoice number included); undefined for a checkout that is gone. */
export async function readMailCheckout(db: Db | Tx, checkoutId: string, paymentId: string, orderPrefix: string): Promise<MailCheckout | undefined> {
  const rows = await db
    .select({
      checkout: {
        receipt: checkouts.receipt,
        orderNumber: checkouts.orderNumber,
        amountPaise: checkouts.amountPaise,
        invoiceNumber: checkouts.invoiceNumber,
        paymentMethod: checkouts.paymentMethod,
        shippingFeePaise: checkouts.shippingFeePaise,
        codFeePaise: checkouts.codFeePaise,
        reservedUntil: checkouts.reservedUntil,
        ...checkoutDeliveryColumns,
      },
      line: {
        productName: orders.productName,
        variantLabel: orders.variantLabel,
        cartQuantity: orders.cartQuantity,
        unitPricePaise: orders.unitPricePaise,
        userName: orders.userName,
        userEmail: orders.userEmail,
        refundDue: orders.refundDue,
      },
    })
    .from(checkouts)
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(eq(checkouts.id, checkoutId))
    .orderBy(asc(orders.createdAt), asc(orders.productName));
  const c = rows[0]?.checkout;
  if (!c) return undefined;
  const lines = rows.map((r) => r.line);
  return {
    orderId: checkoutId,
    orderNumber: formatOrderNumber(orderPrefix, c.orderNumber),
    receipt: c.receipt,
    paymentId,
    total: paiseToRupees(c.amountPaise),
    customerName: lines[0]!.userName,
    customerEmail: lines[0]!.userEmail,
    delivery: deliveryOf(c),
    invoiceNumber: c.invoiceNumber,
    paymentMethod: c.paymentMethod === 'cod' ? 'cod' : 'online',
    shippingFee: paiseToRupees(c.shippingFeePaise),
    codFee: paiseToRupees(c.codFeePaise),
    confirmBy: c.reservedUntil,
    lines: lines.map((l) => ({ productName: l.productName, variantLabel: l.variantLabel, cartQuantity: l.cartQuantity, price: paiseToRupees(l.unitPricePaise), refundDue: l.refundDue })),
  };
}

/** How an outbox row of a checkout's mail becomes a mail when it is sent; a checkout that is gone sends nothing. */
export function checkoutMailRenderer(db: Db, orderPrefix: string, build: (c: MailCheckout, data: CheckoutMailData) => Promise<Mail | null> | Mail | null) {
  return async (data: unknown): Promise<Mail | null> => {
    const d = data as CheckoutMailData;
    const c = await readMailCheckout(db, d.checkoutId, d.paymentId, orderPrefix);
    return c ? build(c, d) : null;
  };
}

/**
 * Pays a checkout in one statement, the common case of every payment: locks the checkout row while it is payable
 * (unpaid, the shopper's own with `ownerId`, its units still held with `held`), turns its lines waiting for the payment
 * into 'Processing' (lines canceled while unpaid gave their units back and are not sold: their money is owed back,
 * any other line stays as it is), takes the next invoice number of the financial year of `now` when something is
 * sold, marks the checkout Paid (a sale of its units), and writes its mails to the outbox.
 *
 * One statement is one round trip, and on its own it commits at once: the invoice counter, the one row every payment
 * of the year updates, is locked only for this statement. Locked until commit, two payments never get the same number
 * and a rolled-back payment gives its number back (no gaps, never reused); the number's format
 * (SF/2026-27/00042: prefix, financial year, at least five digits) is written in that SQL alone. Answers false, having written nothing, when the
 * checkout was not payable (or, with `sessionVersion`, the owner's session has ended); the caller then reads it under
 * a lock and decides.
 */
export async function payInOneStatement(
  statement: PaymentStatement,
  now: Date,
  checkoutId: string,
  paymentId: string,
  prefix: string,
  opts: { ownerId?: string; held: boolean; sessionVersion?: number },
): Promise<boolean> {
  // The shopper's confirmation and the shop's note always; the refund alert only when a line was canceled while unpaid.
  const paidMail: CheckoutMailData = { checkoutId, paymentId };
  const mails = [
    { kind: CHECKOUT_MAIL.confirmation, data: paidMail, for_canceled_lines: false },
    { kind: CHECKOUT_MAIL.newOrder, data: paidMail, for_canceled_lines: false },
    { ...refundDueOutboxMail(checkoutId, paymentId, 'canceled_lines'), for_canceled_lines: true },
  ];
  const [row] = await statement.execute({
    checkoutId,
    paymentId,
    ownerId: opts.ownerId ?? null,
    held: opts.held,
    sessionVersion: opts.sessionVersion ?? null,
    prefix,
    year: financialYear(now),
    at: now.toISOString(),
    mails: JSON.stringify(mails),
  });
  return row?.paid === true;
}

/**
 * The call of shop_pay_checkout (drizzle/functions/checkout.sql, where the statement lives so its plan is made
 * once per connection) for payInOneStatement. Named, it is prepared once on the pool (the shopper's payments);
 * on a transaction, unnamed (''), it is built for that transaction.
 */
export function preparePayment(db: Db | Tx, name = '') {
  const p = sql.placeholder;
  return db
    .select({ paid: sql<boolean>`paid` })
    .from(
      sql`shop_pay_checkout(${p('checkoutId')}, ${p('paymentId')}, ${p('ownerId')}::uuid, ${p('held')}::boolean, ${p('prefix')},
        ${p('year')}, ${p('at')}::timestamptz, ${p('mails')}::jsonb, ${p('sessionVersion')}::integer) as paid`,
    )
    .prepare(name);
}
export type PaymentStatement = ReturnType<typeof preparePayment>;

export type PaymentOutcome =
  | { kind: 'not_found' }
  /** A replay: nothing was written and no mail goes out. */
  | { kind: 'paid' | 'refund_due' | 'extra_payment'; changed: false }
  /** A change, whose mails were written to the outbox in the same transaction. */
  | { kind: 'paid' | 'refund_due' | 'extra_payment'; changed: true };

/**
 * Records a successful payment of a checkout, exactly once (verification and webhooks both call this).
 * Paid: payment_id stored, reservation becomes a sale, lines 'Processing', an invoice number, and the mails written to
 * the outbox. Lines an admin canceled while it was unpaid are marked refund due. If the reservation had lapsed, the
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
  // A cash-on-delivery order is never paid through a provider.
  if (!c || (ownerId !== undefined && c.userId !== ownerId) || c.paymentMethod === 'cod') return { kind: 'not_found' };
  if (c.payment === PAID || c.payment === REFUND_DUE) {
    const kind = c.payment === PAID ? 'paid' : 'refund_due';
    if (c.paymentId === paymentId) return { kind, changed: false };
    const [extra] = await tx
      .insert(extraPayments)
      .values({ paymentId, checkoutId, status: REFUND_DUE, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: extraPayments.paymentId });
    if (!extra) return { kind: 'extra_payment', changed: false };
    await writeMails(tx, now, [refundDueOutboxMail(checkoutId, paymentId, 'second_payment')]);
    return { kind: 'extra_payment', changed: true };
  }

  const stockHeld = c.stockState === 'reserved' || c.stockState === 'sold';
  // A late payment of a checkout whose coupon use was given back (it lapsed or failed) takes the use again, or, when
  // the code was used up meanwhile, is owed back like one whose stock sold out: a code's limit is never passed.
  // Units first, then the coupon: the reservation's lock order (sizes, then the coupon).
  let retaken = stockHeld || (await retakeUnits(tx, checkoutId));
  if (!stockHeld && retaken && (await retakeCoupon(tx, now, c)) !== null) {
    for (const { variantId, units } of await unitsOfCheckout(tx, checkoutId)) await addUnits(tx, variantId, units);
    retaken = false;
  }
  if (!retaken) {
    await tx
      .update(checkouts)
      .set({ payment: REFUND_DUE, paymentId, updatedAt: now })
      .where(and(eq(checkouts.id, checkoutId), notInArray(checkouts.payment, [PAID, REFUND_DUE])));
    await writeMails(tx, now, [refundDueOutboxMail(checkoutId, paymentId, 'stock_gone')]);
    return { kind: 'refund_due', changed: true };
  }

  // The checkout is locked and unpaid, and its units are held: the same statement as a payment's common case.
  if (!(await payInOneStatement(preparePayment(tx), now, checkoutId, paymentId, invoicePrefix, { held: false }))) {
    throw new Error(`checkout ${checkoutId} changed under its row lock`);
  }
  return { kind: 'paid', changed: true };
}

/**
 * A released checkout that holds a coupon takes its use again (a reopen, a late payment): shop_take_coupon under the
 * coupon's locks, this checkout left out of the count. Answers NULL when it may, else why not (coupon_used_up...).
 * Terms and dates are not checked again: the checkout keeps the price it was given.
 */
async function retakeCoupon(tx: Tx, now: Date, c: { id: string; couponId: string | null; userId: string | null; deliveryPhone: string | null }): Promise<string | null> {
  if (!c.couponId) return null;
  const result = (await tx.execute(
    sql`select shop_take_coupon(${c.couponId}::uuid, null, ${c.userId}::uuid, ${c.deliveryPhone ?? ''}, ${now.toISOString()}::timestamptz, ${c.id}) as outcome`,
  )) as unknown as { rows: Array<{ outcome: string | null }> };
  return result.rows[0]?.outcome ?? null;
}

export type CloseOutcome = 'not_found' | 'paid' | 'closed' | 'cod';

/**
 * The shopper closed the payment window without paying: the checkout's units go back at once (once: the conditional
 * release is the guard against a racing payment or sweep) and it stays Pending, so PAY again can reopen it and a
 * payment that still arrives follows the usual rules (the units taken again, or Refund due). Only its owner closes it.
 */
export async function closeCheckout(tx: Tx, now: Date, checkoutId: string, ownerId: string): Promise<CloseOutcome> {
  const c = await lockCheckout(tx, checkoutId);
  if (!c || c.userId !== ownerId) return 'not_found';
  if (c.payment === PAID || c.payment === REFUND_DUE) return 'paid';
  // A cash-on-delivery order has no payment window: its hold lasts until its confirm deadline.
  if (c.paymentMethod === 'cod') return 'cod';
  await releaseReservation(tx, now, checkoutId);
  return 'closed';
}

/**
 * PAY again after the payment window was closed: the shopper's closed checkout (Pending, units released) takes its
 * units again, all lines or none, and is open until `reservedUntil`. Locks as shop_reserve_checkout does: the
 * shopper's row (so the caps hold across requests), then the checkout, then sizes in id order. Answers false,
 * having changed nothing, when the caps would be passed, the checkout is no longer closed, or its units are gone.
 */
export async function reopenCheckout(
  tx: Tx,
  now: Date,
  checkoutId: string,
  ownerId: string,
  reservedUntil: Date,
  caps: { maxOpen: number; maxUnits: number },
): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  const c = await lockCheckout(tx, checkoutId);
  if (!c || c.userId !== ownerId || c.payment !== PENDING || c.stockState !== 'released') return false;
  // The caps are shop_checkout_caps's (drizzle/functions/checkout.sql), as for a new checkout.
  const [capped] = await tx
    .select({ outcome: sql<string | null>`outcome` })
    .from(sql`shop_checkout_caps(${ownerId}::uuid, ${c.units}::integer, ${now.toISOString()}::timestamptz, ${caps.maxOpen}::integer, ${caps.maxUnits}::integer)`);
  if (capped?.outcome) return false;
  if (!(await retakeUnits(tx, checkoutId))) return false;
  // Then the coupon's use (the reservation's lock order: sizes, then the coupon); refused, the units go back.
  if ((await retakeCoupon(tx, now, c)) !== null) {
    for (const { variantId, units } of await unitsOfCheckout(tx, checkoutId)) await addUnits(tx, variantId, units);
    return false;
  }
  await tx.update(checkouts).set({ stockState: 'reserved', reservedUntil, updatedAt: now }).where(eq(checkouts.id, checkoutId));
  return true;
}

export type FailureOutcome = 'not_found' | 'failed' | 'ignored';

/** A failed payment: the checkout is marked Failed and its reservation released at once, unless it is already paid. */
export async function applyPaymentFailure(tx: Tx, now: Date, checkoutId: string): Promise<FailureOutcome> {
  const c = await lockCheckout(tx, checkoutId);
  if (!c) return 'not_found';
  if (c.payment === PAID || c.payment === REFUND_DUE || c.paymentMethod === 'cod') return 'ignored';
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
 * Locks an order line for a change, in the one order every path takes: its checkout first, then the line (a payment
 * locks the checkout and then updates its lines; the other order deadlocks against it on PostgreSQL). A line never
 * moves to another checkout, so reading its checkout id unlocked is safe. Answers undefined for a missing line.
 */
export async function lockLine(tx: Tx, lineId: string): Promise<{ checkout: CheckoutRow; line: typeof orders.$inferSelect } | undefined> {
  const [found] = await tx.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, lineId));
  if (!found) return undefined;
  const checkout = await lockCheckout(tx, found.checkoutId);
  const [line] = await tx.select().from(orders).where(eq(orders.id, lineId)).for('update');
  if (!checkout || !line) return undefined;
  return { checkout, line };
}

/**
 * An admin cancels or deletes one line: the line stops taking part in its checkout's stock, once. Its units go back
 * when they are still held (reserved or sold) and the goods have not shipped. Answers the line, or undefined.
 */
export async function detachLine(
  tx: Tx,
  lineId: string,
): Promise<{ id: string; status: string; checkoutId: string } | undefined> {
  const locked = await lockLine(tx, lineId);
  if (!locked) return undefined;
  const { checkout: c, line } = locked;
  if (!line.restocked && !SHIPPED_STATUSES.includes(line.status)) {
    await tx.update(orders).set({ restocked: true }).where(eq(orders.id, lineId));
    const held = c.stockState === 'reserved' || c.stockState === 'sold';
    // Units a partial refund already put back (refunds/) are not given back again.
    const units = line.cartQuantity - line.restockedQuantity;
    if (held && line.productId && units > 0) {
      const [size] = await tx.select({ id: lineSize }).from(orders).where(eq(orders.id, lineId));
      if (size?.id) await addUnits(tx, size.id, units);
    }
  }
  return { id: line.id, status: line.status, checkoutId: line.checkoutId };
}
