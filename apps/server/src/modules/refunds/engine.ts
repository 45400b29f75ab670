/**
 * The refund ledger's rules, on a transaction that already holds its checkout's row lock (lockCheckout), so that
 * concurrent requests for one checkout are decided one after the other:
 * - what a refund returns (a line: what was paid for its units, its coupon share spread in paise; the whole checkout:
 *   everything still refundable, fees included);
 * - that refunds not failed never add up to more than the payment (the sum is read under the lock, the row written
 *   pending before the lock is let go, and only then is the provider asked);
 * - one refund per Idempotency-Key and checkout (the same key with another body is refused);
 * - a refund moves from pending to processed or failed once (`WHERE status = 'pending'`), whoever tells first: the
 *   provider's answer or its webhook, matched by the row id in the refund's notes.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { COD_TO_COLLECT, PAID_PAYMENT_STATUSES, type PaymentStatus } from '@shop/domain/constants';
import { formatPaise } from '@shop/domain/money';
import { financialYear } from '@shop/domain/tax';
import type { Tx } from '../../db/client.js';
import { checkoutEvents, checkouts, orders, refunds, type RefundLineRow } from '../../db/schema.js';
import { writeMails } from '../../lib/mail-outbox.js';
import { HttpError, badRequest, conflict } from '../../lib/http-errors.js';
import { addUnits, detachLine, lineSizeOf } from '../checkout/index.js';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type LineRow = typeof orders.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Outbox kinds of the refund mails (rendered by refunds/ and, for the processed one with its credit note, invoices/). */
export const REFUND_MAIL = { started: 'refund_started', processed: 'refund_processed', failed: 'refund_failed' } as const;

/** Statuses after which the goods have left the farm. */
export const SHIPPED_STATUSES = ['Shipped', 'Delivered', 'Returned'];
/** Razorpay refunds at least INR 1.00. */
const MIN_REFUND_PAISE = 100;
const INVOICED: readonly string[] = ['Paid', COD_TO_COLLECT];

export const rupees = (paise: number) => `₹${formatPaise(paise)}`;

/** What the checkout's payment brought in through the provider: 0 for cash on delivery and unpaid checkouts. */
export function paidPaise(c: CheckoutRow): number {
  const paid = (PAID_PAYMENT_STATUSES as readonly string[]).includes(c.payment as PaymentStatus);
  return c.paymentMethod !== 'cod' && paid && c.paymentId ? c.amountPaise : 0;
}

/** A refund as the caller asks for it (amounts in paise). */
export interface RefundRequest {
  lines?: Array<{ _id: string; quantity: number }>;
  amountPaise?: number;
  reason: string;
  restock: boolean;
}

interface RefundPlan {
  amountPaise: number;
  lines: RefundLineRow[];
  feesPaise: number;
}

/**
 * The coupon share of `n` of a line's units, spread in whole paise so that the shares of all its units add up to the
 * line's discount exactly: the share of units `before+1 .. before+q` is share(before+q) - share(before).
 */
function discountOf(line: LineRow, n: number): number {
  if (n >= line.cartQuantity) return line.discountPaise;
  return Math.floor((line.discountPaise * n) / line.cartQuantity);
}

/** What `quantity` units of a line returned, after `before` of its units were refunded. */
function lineRefundPaise(line: LineRow, quantity: number, before: number): number {
  return line.unitPricePaise * quantity - (discountOf(line, before + quantity) - discountOf(line, before));
}

/** Splits `target` over the lines in proportion to their amounts (largest remainder), so the parts add up exactly. */
function scaleTo(lines: RefundLineRow[], target: number): RefundLineRow[] {
  const total = lines.reduce((s, l) => s + l.amountPaise, 0);
  if (total === 0) return lines.map((l) => ({ ...l, amountPaise: 0 }));
  const parts = lines.map((l, i) => {
    const exact = (l.amountPaise * target) / total;
    return { i, floor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = target - parts.reduce((s, p) => s + p.floor, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    p.floor += 1;
    left -= 1;
  }
  return lines.map((l, i) => ({ ...l, amountPaise: parts[i]!.floor }));
}

/** Units of each line refunded by refunds not failed. */
export function refundedUnits(existing: RefundRow[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const r of existing) {
    if (r.status === 'failed') continue;
    for (const l of r.lines) units.set(l.lineId, (units.get(l.lineId) ?? 0) + l.quantity);
  }
  return units;
}

/** Refunds not failed, in paise. */
export const refundedPaise = (existing: RefundRow[]) => existing.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amountPaise, 0);

/** What a refund request returns, or a 4xx saying why it cannot be made. Nothing is written. */
function planRefund(c: CheckoutRow, lines: LineRow[], existing: RefundRow[], req: RefundRequest): RefundPlan {
  const paid = paidPaise(c);
  if (paid === 0) {
    throw conflict(
      c.paymentMethod === 'cod'
        ? 'A cash-on-delivery order has no online payment to refund; give the money back directly'
        : 'This order was not paid online, so there is nothing to refund',
    );
  }
  const remaining = paid - refundedPaise(existing);
  if (remaining <= 0) throw conflict('This order has already been refunded in full; nothing is left to refund');
  const units = refundedUnits(existing);
  const name = (l: LineRow) => (l.variantLabel ? `${l.productName} ${l.variantLabel}` : l.productName);

  let plan: RefundPlan;
  if (!req.lines) {
    if (req.amountPaise === undefined) {
      // The whole checkout: every unit not yet refunded, and the fees with whatever else is left.
      let out: RefundLineRow[] = [];
      for (const l of lines) {
        const before = units.get(l.id) ?? 0;
        const q = l.cartQuantity - before;
        if (q > 0) out.push({ lineId: l.id, quantity: q, amountPaise: lineRefundPaise(l, q, before) });
      }
      const linesPaise = out.reduce((s, l) => s + l.amountPaise, 0);
      // An earlier amount-only refund may have taken part of the lines' money: they then share what is left.
      if (linesPaise > remaining) out = scaleTo(out, remaining);
      plan = { amountPaise: remaining, lines: out, feesPaise: Math.max(0, remaining - linesPaise) };
    } else {
      plan = { amountPaise: req.amountPaise, lines: [], feesPaise: 0 };
    }
  } else {
    const byId = new Map(lines.map((l) => [l.id, l]));
    const seen = new Set<string>();
    let out: RefundLineRow[] = [];
    for (const want of req.lines) {
      if (seen.has(want._id)) throw badRequest(`lines: line ${want._id} is named twice; name each line once with its quantity`);
      seen.add(want._id);
      const line = byId.get(want._id);
      if (!line) throw badRequest(`lines: line ${want._id} is not part of this order`);
      const before = units.get(line.id) ?? 0;
      const left = line.cartQuantity - before;
      if (want.quantity > left) {
        throw badRequest(
          left === 0
            ? `lines: ${name(line)} has already been refunded in full`
            : `lines: quantity ${want.quantity} of ${name(line)} is more than can still be refunded (${left} of ${line.cartQuantity} bought)`,
        );
      }
      out.push({ lineId: line.id, quantity: want.quantity, amountPaise: lineRefundPaise(line, want.quantity, before) });
    }
    const worth = out.reduce((s, l) => s + l.amountPaise, 0);
    let amountPaise = worth;
    if (req.amountPaise !== undefined) {
      if (req.amountPaise > worth) throw badRequest(`amount: ${rupees(req.amountPaise)} is more than those units were paid (${rupees(worth)})`);
      amountPaise = req.amountPaise;
      out = scaleTo(out, amountPaise);
    }
    plan = { amountPaise, lines: out, feesPaise: 0 };
  }
  if (plan.amountPaise > remaining) {
    throw conflict(`Only ${rupees(remaining)} of this order's payment is left to refund; ${rupees(plan.amountPaise)} is more than that`);
  }
  if (plan.amountPaise < MIN_REFUND_PAISE) throw badRequest('A refund must be at least ₹1.00');
  return plan;
}

/** The hash a key's body is remembered by: the same key with another body is refused. */
function requestHash(req: RefundRequest): string {
  const canonical = JSON.stringify({
    lines: req.lines?.map((l) => [l._id, l.quantity]) ?? null,
    amount: req.amountPaise ?? null,
    reason: req.reason,
    restock: req.restock,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

export async function addEvent(tx: Tx, checkoutId: string, kind: string, at: Date, detail?: string): Promise<void> {
  await tx.insert(checkoutEvents).values({ checkoutId, kind, at, detail: detail ?? null });
}

export interface StartRefundOptions {
  /** The caller's Idempotency-Key, or one the shop makes (a cancellation's). */
  key: string;
  source: 'admin' | 'customer_cancel' | 'admin_cancel' | 'problem_report';
  createdBy?: string | null;
  /** Write the "refund started" mail (false when the caller's own mail tells of it: a cancellation, an answer). */
  mail: boolean;
}

/**
 * Writes a pending refund of the locked checkout `c` (or answers the one its key already made, `created` false), puts
 * back the units asked for, and records the event and mail. The caller commits, then submits it to the provider.
 */
export async function startRefund(tx: Tx, now: Date, c: CheckoutRow, req: RefundRequest, opts: StartRefundOptions): Promise<{ refund: RefundRow; created: boolean }> {
  const hash = requestHash(req);
  const [dup] = await tx.select().from(refunds).where(and(eq(refunds.checkoutId, c.id), eq(refunds.idempotencyKey, opts.key)));
  if (dup) {
    if (dup.requestHash !== hash) {
      throw new HttpError(422, 'This Idempotency-Key was already used for a different refund of this order; use a new key for a new refund');
    }
    return { refund: dup, created: false };
  }
  const lines = await tx.select().from(orders).where(eq(orders.checkoutId, c.id)).orderBy(asc(orders.id)).for('update');
  const existing = await tx.select().from(refunds).where(eq(refunds.checkoutId, c.id));
  const plan = planRefund(c, lines, existing, req);
  const [refund] = await tx
    .insert(refunds)
    .values({
      checkoutId: c.id,
      paymentId: c.paymentId!,
      amountPaise: plan.amountPaise,
      lines: plan.lines,
      feesPaise: plan.feesPaise,
      reason: req.reason,
      restock: req.restock,
      source: opts.source,
      idempotencyKey: opts.key,
      requestHash: hash,
      createdBy: opts.createdBy ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (req.restock) await restock(tx, now, c, lines, plan.lines, refundedUnits(existing));
  await addEvent(tx, c.id, 'refund_started', now, `${rupees(plan.amountPaise)}: ${req.reason}`);
  if (opts.mail) await writeMails(tx, now, [{ kind: REFUND_MAIL.started, data: { refundId: refund!.id } }]);
  return { refund: refund!, created: true };
}

/**
 * Puts refunded units back on the shelf, each unit once: a line not yet shipped and now refunded in full is cancelled
 * through the admin's cancel path (detachLine); otherwise (part of a line, or goods sent back) just those units, as
 * long as the line's units are still out (orders.restocked_quantity counts what partial refunds put back).
 */
async function restock(tx: Tx, now: Date, c: CheckoutRow, lines: LineRow[], refunded: RefundLineRow[], before: Map<string, number>): Promise<void> {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const held = c.stockState === 'reserved' || c.stockState === 'sold';
  for (const r of refunded) {
    const line = byId.get(r.lineId);
    if (!line || line.restocked) continue;
    const whole = (before.get(line.id) ?? 0) + r.quantity >= line.cartQuantity;
    if (whole && !SHIPPED_STATUSES.includes(line.status) && line.status !== 'Canceled') {
      await detachLine(tx, line.id);
      await tx.update(orders).set({ status: 'Canceled', updatedAt: now }).where(eq(orders.id, line.id));
      continue;
    }
    const units = Math.min(r.quantity, line.cartQuantity - line.restockedQuantity);
    if (units <= 0) continue;
    if (held && line.productId) {
      const [size] = await tx.select({ id: lineSizeOf }).from(orders).where(eq(orders.id, line.id));
      if (size?.id) await addUnits(tx, size.id, units);
    }
    const restockedQuantity = line.restockedQuantity + units;
    await tx
      .update(orders)
      .set({ restockedQuantity, restocked: restockedQuantity >= line.cartQuantity })
      .where(eq(orders.id, line.id));
  }
}

/**
 * The refund that a cancellation of `lineIds` of the locked checkout starts (the admin's Canceled, the customer's
 * cancel): when every line is then cancelled, everything still refundable (fees included), else those lines' units
 * not yet refunded. None for an unpaid or cash-on-delivery checkout, lines owed back already (refund due), or when
 * nothing is left. One per cancellation: the key names the lines.
 */
export async function startCancelRefund(
  tx: Tx,
  now: Date,
  c: CheckoutRow,
  lineIds: string[],
  opts: { source: 'admin_cancel' | 'customer_cancel'; createdBy?: string | null; reason: string },
): Promise<RefundRow | null> {
  if (paidPaise(c) === 0 || lineIds.length === 0) return null;
  const lines = await tx.select().from(orders).where(eq(orders.checkoutId, c.id));
  const existing = await tx.select().from(refunds).where(eq(refunds.checkoutId, c.id));
  if (paidPaise(c) - refundedPaise(existing) < MIN_REFUND_PAISE) return null;
  const cancelling = new Set(lineIds);
  const allCancelled = lines.every((l) => l.status === 'Canceled' || cancelling.has(l.id));
  const units = refundedUnits(existing);
  const wanted = lines
    .filter((l) => cancelling.has(l.id) && !l.refundDue)
    .map((l) => ({ _id: l.id, quantity: l.cartQuantity - (units.get(l.id) ?? 0) }))
    .filter((l) => l.quantity > 0);
  if (!allCancelled && wanted.length === 0) return null;
  const req: RefundRequest = allCancelled ? { reason: opts.reason, restock: false } : { lines: wanted, reason: opts.reason, restock: false };
  const key = allCancelled ? `cancel:${c.id}` : `cancel:${[...lineIds].sort().join(',')}`;
  try {
    const { refund } = await startRefund(tx, now, c, req, { key, source: opts.source, createdBy: opts.createdBy, mail: false });
    return refund;
  } catch (err) {
    // Nothing refundable (all refunded already, or less than ₹1 left): the cancellation goes ahead without a refund.
    if (err instanceof HttpError && err.statusCode < 500) return null;
    throw err;
  }
}

export interface RefundOutcome {
  status: 'processed' | 'failed';
  providerRefundId?: string;
  arn?: string | null;
  speedProcessed?: string | null;
  failureReason?: string | null;
}

/**
 * Moves a pending refund to processed or failed, once: a second caller (the webhook delivered again, the provider's
 * answer after its webhook) finds it no longer pending and changes nothing. A processed refund of an invoiced
 * checkout takes the next credit note number of the financial year. Answers whether it changed.
 */
export async function settleRefund(tx: Tx, now: Date, refundId: string, outcome: RefundOutcome): Promise<boolean> {
  const providerId = outcome.providerRefundId ? sql`coalesce(${refunds.providerRefundId}, ${outcome.providerRefundId})` : refunds.providerRefundId;
  const [row] = await tx
    .update(refunds)
    .set(
      outcome.status === 'processed'
        ? {
            status: 'processed',
            processedAt: now,
            updatedAt: now,
            providerRefundId: providerId,
            arn: outcome.arn ?? null,
            speedProcessed: outcome.speedProcessed ?? null,
          }
        : { status: 'failed', updatedAt: now, providerRefundId: providerId, failureReason: (outcome.failureReason ?? 'The payment provider could not refund it').slice(0, 500) },
    )
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!row) return false;
  if (outcome.status === 'processed') {
    const [c] = await tx.select({ invoiceNumber: checkouts.invoiceNumber, payment: checkouts.payment }).from(checkouts).where(eq(checkouts.id, row.checkoutId));
    if (c?.invoiceNumber && INVOICED.includes(c.payment)) {
      const [n] = await tx.select({ number: sql<string>`number` }).from(sql`shop_next_credit_note_number(${financialYear(now)}) as number`);
      await tx.update(refunds).set({ creditNoteNumber: n!.number, creditNoteDate: now }).where(eq(refunds.id, row.id));
    }
    await addEvent(tx, row.checkoutId, 'refund_processed', now, [rupees(row.amountPaise), outcome.arn ? `bank reference ${outcome.arn}` : ''].filter(Boolean).join(', '));
    await writeMails(tx, now, [{ kind: REFUND_MAIL.processed, data: { refundId: row.id } }]);
  } else {
    await addEvent(tx, row.checkoutId, 'refund_failed', now, `${rupees(row.amountPaise)}: ${row.failureReason ?? ''}`.trim());
    await writeMails(tx, now, [{ kind: REFUND_MAIL.failed, data: { refundId: row.id } }]);
  }
  return true;
}
