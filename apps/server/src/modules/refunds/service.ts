/**
 * Money back (issue 30): refunds through the payment provider (engine.ts holds the ledger's rules), the customer's
 * same-day cancellation and cancellation request, problem reports on delivered lines, each checkout's timeline and
 * what Orders and the order detail show beside a checkout. The credit note PDF and the processed mail that carries it
 * are invoices/' (as the tax invoice is).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { COD_NOT_COLLECTED, COD_TO_COLLECT, COD_TO_CONFIRM, PLACED_PAYMENT_STATUSES } from '@shop/domain/constants';
import { formatDate, shopDay } from '@shop/domain/date';
import { formatPaise, paiseToRupees, rupeesToPaise } from '@shop/domain/money';
import { formatOrderNumber } from '@shop/domain/order-number';
import {
  PROBLEM_REPORT_HOURS,
  type AfterSalesLine,
  type AnswerProblemReportBody,
  type CancellationRequestBody,
  type CheckoutAfterSales,
  type CreateProblemReportBody,
  type CreateRefundBody,
  type ProblemReport,
  type ProblemReportsQuery,
  type Refund,
  type RefundsResponse,
  type TimelineEvent,
  type TimelineEventKind,
} from '@shop/domain/schemas/refunds';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { checkoutEvents, checkouts, orders, problemReports, refunds, webhookEvents } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { storeImage } from '../../lib/images.js';
import { writeMails } from '../../lib/mail-outbox.js';
import { PaymentProviderError, type ProviderRefund } from '../../lib/payments/provider.js';
import type { Deps } from '../../plugins/deps.js';
import { detachLine, lockCheckout, nameWithSize, settleCodAfterMove } from '../checkout/index.js';
import {
  REFUND_MAIL,
  SHIPPED_STATUSES,
  addEvent,
  paidPaise,
  refundedPaise,
  refundedUnits,
  settleRefund,
  startCancelRefund,
  startRefund,
  type CheckoutRow,
  type LineRow,
  type RefundRequest,
  type RefundRow,
} from './engine.js';
import {
  cancellationRequestMail,
  customerCancelledMail,
  problemAnsweredMail,
  problemReportedMail,
  refundFailedMail,
  refundStartedMail,
  shopCancelledMail,
  type OrderMailFacts,
  type RefundMailFacts,
} from './mails.js';

export type RefundsDeps = Pick<Deps, 'db' | 'now' | 'config' | 'outbox' | 'payments' | 'log' | 'storage'>;

const ORDER_NOT_FOUND = 'Order not found';
const PLACED: readonly string[] = PLACED_PAYMENT_STATUSES;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A pending refund the provider never answered is asked again (same idempotency key) after this long. */
const RETRY_AFTER_MS = 60_000;
const MAX_SUBMIT_ATTEMPTS = 20;
/** A second cancellation request of one checkout within this time only answers that the shop has the first. */
const REQUEST_AGAIN_MS = 3_600_000;

type ProblemRow = typeof problemReports.$inferSelect;
export type WebhookResult = 'processed' | 'duplicate' | 'ignored';

const lineName = (l: Pick<LineRow, 'productName' | 'variantLabel'>) => nameWithSize(l.productName, l.variantLabel);
const itemsOf = (lines: LineRow[]) => lines.map((l) => `${lineName(l)} x ${l.cartQuantity}`).join(', ');

/** Why the customer cannot cancel the checkout now, 'already' when it is cancelled, or null when they can. */
function cancelRefusal(c: CheckoutRow, lines: LineRow[], now: Date): string | 'already' | null {
  if (c.payment === 'Refund due') return 'The payment of this order is already owed back to you; the shop will refund it';
  if (!PLACED.includes(c.payment) || c.payment === COD_NOT_COLLECTED) {
    return lines.length > 0 && lines.every((l) => l.status === 'Canceled') ? 'already' : 'This order was not placed, so there is nothing to cancel';
  }
  if (lines.length > 0 && lines.every((l) => l.status === 'Canceled')) return 'already';
  if (lines.some((l) => SHIPPED_STATUSES.includes(l.status))) {
    return 'Part of this order has already been shipped, so it can no longer be cancelled; use Request cancellation and the shop will help';
  }
  if (shopDay(c.createdAt) !== shopDay(now)) {
    return `Orders can be cancelled only on the day they are placed, and this one was placed on ${formatDate(c.createdAt)}; use Request cancellation and the shop will get back to you`;
  }
  return null;
}

export function createRefundsService(deps: RefundsDeps) {
  const { db, now, config, outbox, log, storage } = deps;
  const prefix = config.orderPrefix;

  // ---- reading -------------------------------------------------------------------------------------------------

  async function loadCheckout(dbOrTx: Db | Tx, orderId: string, ownerId?: string): Promise<CheckoutRow> {
    const [c] = await dbOrTx.select().from(checkouts).where(eq(checkouts.id, orderId));
    if (!c || (ownerId !== undefined && c.userId !== ownerId)) throw notFound(ORDER_NOT_FOUND);
    return c;
  }

  function refundToApi(r: RefundRow, lines: Map<string, LineRow>, invoiceNumber: string | null): Refund {
    return {
      _id: r.id,
      order_id: r.checkoutId,
      amount: paiseToRupees(r.amountPaise),
      status: r.status as Refund['status'],
      reason: r.reason,
      payment_id: r.paymentId,
      provider_refund_id: r.providerRefundId,
      lines: r.lines.map((l) => {
        const line = lines.get(l.lineId);
        return {
          _id: l.lineId,
          name: line?.productName ?? 'A line since deleted',
          ...(line?.variantLabel ? { variant_label: line.variantLabel } : {}),
          quantity: l.quantity,
          amount: paiseToRupees(l.amountPaise),
        };
      }),
      includes_fees: r.feesPaise > 0,
      restock: r.restock,
      created_at: r.createdAt.toISOString(),
      ...(r.processedAt ? { processed_at: r.processedAt.toISOString() } : {}),
      ...(r.arn ? { arn: r.arn } : {}),
      speed_requested: r.speedRequested,
      ...(r.speedProcessed ? { speed_processed: r.speedProcessed } : {}),
      ...(r.failureReason ? { failure_reason: r.failureReason } : {}),
      ...(r.creditNoteNumber && r.creditNoteDate && invoiceNumber
        ? { credit_note: { number: r.creditNoteNumber, date: r.creditNoteDate.toISOString(), invoice_number: invoiceNumber, url: `/api/credit-notes/${r.id}` } }
        : {}),
    };
  }

  function problemToApi(p: ProblemRow, c: Pick<CheckoutRow, 'orderNumber'>, line: LineRow | undefined): ProblemReport {
    return {
      _id: p.id,
      order_id: p.checkoutId,
      order_number: formatOrderNumber(prefix, c.orderNumber),
      line_id: p.lineId,
      product_name: line?.productName ?? '',
      ...(line?.variantLabel ? { variant_label: line.variantLabel } : {}),
      quantity: line?.cartQuantity ?? 0,
      customer: { name: line?.userName ?? '', email: line?.userEmail ?? '' },
      message: p.message,
      photos: p.photos,
      status: p.status as ProblemReport['status'],
      created_at: p.createdAt.toISOString(),
      ...(p.answeredAt
        ? { answer: { ...(p.reply ? { reply: p.reply } : {}), ...(p.refundId ? { refund_id: p.refundId } : {}), at: p.answeredAt.toISOString() } }
        : {}),
    };
  }

  /** Who and what every after-sales mail of an order names; the customer as the order's (first) line has them. */
  function orderMailFacts(c: Pick<CheckoutRow, 'orderNumber'>, customer: Pick<LineRow, 'userName' | 'userEmail'>): OrderMailFacts {
    return {
      brand: config.brandName,
      publicUrl: config.publicUrl,
      shopEmail: config.shopEmail,
      customerName: customer.userName,
      customerEmail: customer.userEmail,
      orderNumber: formatOrderNumber(prefix, c.orderNumber),
    };
  }

  /** What a refund's mails need, read as committed. */
  async function refundFacts(refundId: string): Promise<RefundMailFacts | null> {
    const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!r) return null;
    const c = await loadCheckout(db, r.checkoutId).catch(() => undefined);
    if (!c) return null;
    const lines = await db.select().from(orders).where(eq(orders.checkoutId, c.id)).orderBy(asc(orders.createdAt), asc(orders.productName));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const first = lines[0];
    if (!first) return null;
    return {
      ...orderMailFacts(c, first),
      amountPaise: r.amountPaise,
      items: r.lines
        .flatMap((l) => {
          const line = byId.get(l.lineId);
          return line ? [`${lineName(line)} x ${l.quantity}`] : [];
        })
        .join(', '),
      arn: r.arn,
      reason: r.reason,
      failureReason: r.failureReason,
      creditNoteNumber: r.creditNoteNumber,
    };
  }

  outbox.register(REFUND_MAIL.started, async (data) => {
    const f = await refundFacts((data as { refundId: string }).refundId);
    return f ? refundStartedMail(f) : null;
  });
  outbox.register(REFUND_MAIL.failed, async (data) => {
    const f = await refundFacts((data as { refundId: string }).refundId);
    return f ? refundFailedMail(f) : null;
  });

  const submit = createRefundSubmitter(deps);

  async function answerRefund(refundId: string): Promise<Refund> {
    const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    const c = await loadCheckout(db, r!.checkoutId);
    const lines = await db.select().from(orders).where(eq(orders.checkoutId, c.id));
    return refundToApi(r!, new Map(lines.map((l) => [l.id, l])), c.invoiceNumber);
  }

  /** A webhook's refund entity, if the body has one. */
  function refundEntity(body: unknown): Record<string, unknown> | undefined {
    const payload = (body as { payload?: { refund?: { entity?: unknown } } } | null)?.payload;
    const e = payload?.refund?.entity;
    return e && typeof e === 'object' ? (e as Record<string, unknown>) : undefined;
  }
  const str = (v: unknown, max = 100): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined);

  // ---- what Orders and the order detail show -------------------------------------------------------------------------

  async function afterSalesOf(cs: CheckoutRow[]): Promise<CheckoutAfterSales[]> {
    if (cs.length === 0) return [];
    const ids = cs.map((c) => c.id);
    const [lines, refundRows, problems] = await Promise.all([
      db.select().from(orders).where(inArray(orders.checkoutId, ids)).orderBy(asc(orders.createdAt), asc(orders.productName)),
      db.select().from(refunds).where(inArray(refunds.checkoutId, ids)).orderBy(asc(refunds.createdAt)),
      db.select().from(problemReports).where(inArray(problemReports.checkoutId, ids)).orderBy(desc(problemReports.createdAt)),
    ]);
    const at = now();
    return cs.map((c) => {
      const own = lines.filter((l) => l.checkoutId === c.id);
      const byId = new Map(own.map((l) => [l.id, l]));
      const rs = refundRows.filter((r) => r.checkoutId === c.id);
      const ps = problems.filter((p) => p.checkoutId === c.id);
      const refusal = cancelRefusal(c, own, at);
      const paid = paidPaise(c);
      const refunded = refundedPaise(rs);
      const units = refundedUnits(rs);
      const openLines = new Set(ps.filter((p) => p.status === 'open').map((p) => p.lineId));
      const allSettled = own.every((l) => ['Canceled', 'Delivered', 'Returned'].includes(l.status));
      return {
        order_id: c.id,
        order_number: formatOrderNumber(prefix, c.orderNumber),
        cancel: {
          allowed: refusal === null,
          ...(refusal && refusal !== 'already' ? { reason: refusal } : refusal === 'already' ? { reason: 'This order is cancelled' } : {}),
          request_allowed: refusal !== null && refusal !== 'already' && PLACED.includes(c.payment) && c.payment !== 'Refund due' && !allSettled,
        },
        refunds: rs.map((r) => refundToApi(r, byId, c.invoiceNumber)),
        paid: paiseToRupees(paid),
        refunded: paiseToRupees(refunded),
        refundable: paiseToRupees(Math.max(0, paid - refunded)),
        problems: ps.map((p) => problemToApi(p, c, byId.get(p.lineId))),
        lines: own.map((l): AfterSalesLine => {
          const until = l.deliveredAt ? new Date(l.deliveredAt.getTime() + PROBLEM_REPORT_HOURS * 3_600_000) : undefined;
          return {
            _id: l.id,
            quantity: l.cartQuantity,
            status: l.status,
            refunded_quantity: units.get(l.id) ?? 0,
            ...(l.deliveredAt ? { delivered_at: l.deliveredAt.toISOString() } : {}),
            ...(until ? { report_until: until.toISOString() } : {}),
            can_report: l.status === 'Delivered' && !!until && until > at && !openLines.has(l.id),
          };
        }),
      };
    });
  }

  async function problemsWithContext(rows: ProblemRow[]): Promise<ProblemReport[]> {
    if (rows.length === 0) return [];
    const [cs, ls] = await Promise.all([
      db.select({ id: checkouts.id, orderNumber: checkouts.orderNumber }).from(checkouts).where(inArray(checkouts.id, [...new Set(rows.map((r) => r.checkoutId))])),
      db.select().from(orders).where(inArray(orders.id, rows.map((r) => r.lineId))),
    ]);
    const cById = new Map(cs.map((c) => [c.id, c]));
    const lById = new Map(ls.map((l) => [l.id, l]));
    return rows.map((p) => problemToApi(p, cById.get(p.checkoutId) ?? { orderNumber: 0 }, lById.get(p.lineId)));
  }

  // ---- the answers -----------------------------------------------------------------------------------------------------

  return {
    submit,

    /** GET /checkouts/{order_id}/refunds: its owner (`ownerId`) or an admin (undefined). */
    async listRefunds(orderId: string, ownerId?: string): Promise<RefundsResponse> {
      const c = await loadCheckout(db, orderId, ownerId);
      const [lines, rs] = await Promise.all([
        db.select().from(orders).where(eq(orders.checkoutId, c.id)),
        db.select().from(refunds).where(eq(refunds.checkoutId, c.id)).orderBy(asc(refunds.createdAt)),
      ]);
      const byId = new Map(lines.map((l) => [l.id, l]));
      const paid = paidPaise(c);
      const refunded = refundedPaise(rs);
      return {
        refunds: rs.map((r) => refundToApi(r, byId, c.invoiceNumber)),
        paid: paiseToRupees(paid),
        refunded: paiseToRupees(refunded),
        refundable: paiseToRupees(Math.max(0, paid - refunded)),
      };
    },

    /**
     * POST /checkouts/{order_id}/refunds (admin): the row is written pending under the checkout's lock, then the
     * provider is asked. The same Idempotency-Key answers the refund it made (201 the first time, 200 after).
     */
    async createRefund(orderId: string, body: CreateRefundBody, key: string | undefined, adminId: string): Promise<{ refund: Refund; created: boolean }> {
      if (!key) throw badRequest('Send an Idempotency-Key header (one new key per refund, e.g. a random UUID), so that a retry never refunds twice');
      const req = toRequest(body);
      const { refund, created } = await inTransaction(db, async (tx) => {
        const c = await lockCheckout(tx, orderId);
        if (!c) throw notFound(ORDER_NOT_FOUND);
        return startRefund(tx, now(), c, req, { key: `admin:${key}`, source: 'admin', createdBy: adminId, mail: true });
      });
      outbox.wake();
      await submit(refund.id);
      return { refund: await answerRefund(refund.id), created };
    },

    /** POST /checkouts/{order_id}/cancel: the customer's same-day cancellation (see cancelRefusal). */
    async cancel(userId: string, orderId: string): Promise<{ message: string; refund?: Refund }> {
      const outcome = await inTransaction(db, async (tx) => {
        const c = await lockCheckout(tx, orderId);
        if (!c || c.userId !== userId) throw notFound(ORDER_NOT_FOUND);
        const lines = await tx.select().from(orders).where(eq(orders.checkoutId, c.id)).orderBy(asc(orders.id)).for('update');
        const refusal = cancelRefusal(c, lines, now());
        if (refusal === 'already') {
          const [r] = await tx.select().from(refunds).where(and(eq(refunds.checkoutId, c.id), eq(refunds.idempotencyKey, `cancel:${c.id}`)));
          return { already: true, refundId: r?.id };
        }
        if (refusal) throw conflict(refusal);
        const live = lines.filter((l) => l.status !== 'Canceled');
        // The admin's cancel path: each line's units back once (detachLine), then Canceled.
        for (const l of live) await detachLine(tx, l.id);
        await tx.update(orders).set({ status: 'Canceled', updatedAt: now() }).where(inArray(orders.id, live.map((l) => l.id)));
        if (c.payment === COD_TO_COLLECT) await settleCodAfterMove(tx, now(), c);
        else if (c.payment === COD_TO_CONFIRM) {
          await tx.update(checkouts).set({ payment: COD_NOT_COLLECTED, updatedAt: now() }).where(eq(checkouts.id, c.id));
        }
        const refund = await startCancelRefund(tx, now(), c, live.map((l) => l.id), { source: 'customer_cancel', createdBy: userId, reason: 'Cancelled by the customer on the day it was placed' });
        const sorted = [...lines].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
        const facts = {
          ...orderMailFacts(c, sorted[0]!),
          items: itemsOf(sorted),
          ...(refund ? { refundPaise: refund.amountPaise } : {}),
          cod: c.paymentMethod === 'cod',
        };
        await writeMails(tx, now(), [
          { kind: 'mail', data: customerCancelledMail(facts) },
          { kind: 'mail', data: shopCancelledMail(facts) },
        ]);
        return { already: false, refundId: refund?.id };
      });
      outbox.wake();
      if (outcome.refundId && !outcome.already) await submit(outcome.refundId);
      const refund = outcome.refundId ? await answerRefund(outcome.refundId) : undefined;
      const message = outcome.already
        ? 'This order is already cancelled'
        : refund
          ? `Your order is cancelled. A refund of ₹${formatPaise(rupeesToPaise(refund.amount))} has been started; it reaches your account within 6-8 days`
          : 'Your order is cancelled';
      return { message, ...(refund ? { refund } : {}) };
    },

    /** POST /checkouts/{order_id}/cancellation-request: mails the shop (once an hour per checkout). */
    async requestCancellation(userId: string, orderId: string, body: CancellationRequestBody): Promise<{ message: string }> {
      const sent = await inTransaction(db, async (tx) => {
        const c = await lockCheckout(tx, orderId);
        if (!c || c.userId !== userId) throw notFound(ORDER_NOT_FOUND);
        const lines = await tx.select().from(orders).where(eq(orders.checkoutId, c.id)).orderBy(asc(orders.createdAt), asc(orders.productName));
        const refusal = cancelRefusal(c, lines, now());
        if (refusal === 'already') throw conflict('This order is already cancelled');
        if (!PLACED.includes(c.payment) || c.payment === COD_NOT_COLLECTED) throw conflict('This order was not placed, so there is nothing to cancel');
        const [recent] = await tx
          .select({ n: count() })
          .from(checkoutEvents)
          .where(and(eq(checkoutEvents.checkoutId, c.id), eq(checkoutEvents.kind, 'cancellation_requested'), gte(checkoutEvents.at, new Date(now().getTime() - REQUEST_AGAIN_MS))));
        if (Number(recent?.n ?? 0) > 0) return false;
        const message = body.message?.trim() ?? '';
        await addEvent(tx, c.id, 'cancellation_requested', now(), message ? message.slice(0, 200) : undefined);
        await writeMails(tx, now(), [
          {
            kind: 'mail',
            data: cancellationRequestMail({
              ...orderMailFacts(c, lines[0] ?? { userName: '', userEmail: '' }),
              items: itemsOf(lines),
              message,
            }),
          },
        ]);
        return true;
      });
      if (sent) outbox.wake();
      return { message: sent ? 'Your request was sent to the shop; they will get back to you by mail' : 'The shop already has your request; they will get back to you by mail' };
    },

    /** GET /checkouts/{order_id}/after-sales: its owner or an admin. */
    async afterSales(orderId: string, ownerId?: string): Promise<CheckoutAfterSales> {
      const c = await loadCheckout(db, orderId, ownerId);
      return (await afterSalesOf([c]))[0]!;
    },

    /** GET /checkouts/after-sales: the customer's placed checkouts, newest first (the last 200). */
    async afterSalesOfUser(userId: string): Promise<CheckoutAfterSales[]> {
      const cs = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.userId, userId), inArray(checkouts.payment, [...PLACED_PAYMENT_STATUSES])))
        .orderBy(desc(checkouts.createdAt))
        .limit(200);
      return afterSalesOf(cs);
    },

    /** GET /checkouts/{order_id}/timeline: recorded events, with placed and paid read from the checkout. */
    async timeline(orderId: string, ownerId?: string): Promise<TimelineEvent[]> {
      const c = await loadCheckout(db, orderId, ownerId);
      const rows = await db.select().from(checkoutEvents).where(eq(checkoutEvents.checkoutId, c.id)).orderBy(asc(checkoutEvents.at), asc(checkoutEvents.id));
      const events: Array<TimelineEvent & { order: number }> = [
        { kind: 'placed', at: c.createdAt.toISOString(), detail: formatOrderNumber(prefix, c.orderNumber), order: -2 },
      ];
      if (c.paidAt && c.payment !== COD_TO_CONFIRM) events.push({ kind: 'paid', at: c.paidAt.toISOString(), detail: `₹${formatPaise(c.amountPaise)}`, order: -1 });
      for (const e of rows) {
        const last = events[events.length - 1];
        // Lines moved together (a whole checkout shipped) are one event.
        if (last && last.kind === e.kind && Math.abs(new Date(last.at).getTime() - e.at.getTime()) < 1000 && ['shipped', 'delivered', 'cancelled'].includes(e.kind)) {
          last.detail = [last.detail, e.detail].filter(Boolean).join(', ');
          continue;
        }
        events.push({ kind: e.kind as TimelineEventKind, at: e.at.toISOString(), ...(e.detail ? { detail: e.detail } : {}), order: e.id });
      }
      return events
        .sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order)
        .map(({ order: _order, ...e }) => e);
    },

    /** POST /checkouts/{order_id}/problem-reports: the owner, within 48 hours of the line's Delivered. */
    async reportProblem(userId: string, orderId: string, body: CreateProblemReportBody): Promise<ProblemReport> {
      const c = await loadCheckout(db, orderId, userId);
      const [line] = await db.select().from(orders).where(and(eq(orders.id, body.line_id), eq(orders.checkoutId, c.id)));
      if (!line) throw badRequest('line_id: that line is not part of this order');
      const refuse = (why: string) => conflict(why);
      if (line.status !== 'Delivered' || !line.deliveredAt) throw refuse('A problem can be reported once the line is delivered');
      if (now().getTime() > line.deliveredAt.getTime() + PROBLEM_REPORT_HOURS * 3_600_000) {
        throw refuse(`Problems can be reported within ${PROBLEM_REPORT_HOURS} hours of delivery; please write to the shop instead`);
      }
      const message = body.message.trim();
      if (!message) throw badRequest('message: say what happened');
      const photos: string[] = [];
      for (const [i, photo] of (body.photos ?? []).entries()) photos.push(await storeImage(storage, photo, 'problems', `photos[${i}]`));
      let row: ProblemRow;
      try {
        row = await inTransaction(db, async (tx) => {
          const [inserted] = await tx
            .insert(problemReports)
            .values({ checkoutId: c.id, lineId: line.id, userId, message, photos, createdAt: now() })
            .returning();
          await addEvent(tx, c.id, 'problem_reported', now(), `${lineName(line)}: ${message.slice(0, 200)}`);
          await writeMails(tx, now(), [
            {
              kind: 'mail',
              data: problemReportedMail({
                ...orderMailFacts(c, line),
                item: `${lineName(line)} x ${line.cartQuantity}`,
                message,
                photos,
              }),
            },
          ]);
          return inserted!;
        });
      } catch (err) {
        if ((err as { code?: string; cause?: { code?: string } })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505') {
          throw conflict('This line already has an open problem report; the shop will answer it');
        }
        throw err;
      }
      outbox.wake();
      return problemToApi(row, c, line);
    },

    /** GET /problem-reports (admin): open by default, newest first (the last 200). */
    async listProblems(query: ProblemReportsQuery): Promise<ProblemReport[]> {
      const status = query.status ?? 'open';
      const rows = await db
        .select()
        .from(problemReports)
        .where(status === 'all' ? undefined : eq(problemReports.status, status))
        .orderBy(desc(problemReports.createdAt))
        .limit(200);
      return problemsWithContext(rows);
    },

    /** POST /problem-reports/{id}/answer (admin): a reply and/or a refund of chosen lines, never restocked. */
    async answerProblem(id: string, body: AnswerProblemReportBody, key: string | undefined, adminId: string): Promise<{ problem: ProblemReport; refund?: Refund }> {
      const reply = body.reply?.trim();
      if (!reply && !body.refund) throw badRequest('Answer with a reply, a refund, or both');
      if (body.refund && !key) throw badRequest('A refund needs an Idempotency-Key header (one new key per refund)');
      const [found] = await db.select().from(problemReports).where(eq(problemReports.id, id));
      if (!found) throw notFound('Problem report not found');
      const outcome = await inTransaction(db, async (tx) => {
        const c = await lockCheckout(tx, found.checkoutId);
        if (!c) throw notFound('Problem report not found');
        const [p] = await tx.select().from(problemReports).where(eq(problemReports.id, id)).for('update');
        if (!p) throw notFound('Problem report not found');
        if (p.status !== 'open') throw conflict('This problem report has already been answered');
        let refund: RefundRow | undefined;
        if (body.refund) {
          const req: RefundRequest = {
            lines: body.refund.lines,
            ...(body.refund.amount !== undefined ? { amountPaise: wholePaise(body.refund.amount, 'refund.amount') } : {}),
            reason: `Problem report: ${p.message.slice(0, 200)}`,
            restock: false,
          };
          ({ refund } = await startRefund(tx, now(), c, req, { key: `problem:${key}`, source: 'problem_report', createdBy: adminId, mail: false }));
        }
        const [answered] = await tx
          .update(problemReports)
          .set({ status: 'answered', reply: reply ?? null, refundId: refund?.id ?? null, answeredAt: now() })
          .where(eq(problemReports.id, id))
          .returning();
        const [line] = await tx.select().from(orders).where(eq(orders.id, p.lineId));
        await addEvent(tx, c.id, 'problem_answered', now(), [reply?.slice(0, 200), refund ? `refund of ₹${formatPaise(refund.amountPaise)}` : ''].filter(Boolean).join('; '));
        if (line) {
          await writeMails(tx, now(), [
            {
              kind: 'mail',
              data: problemAnsweredMail({
                ...orderMailFacts(c, line),
                item: lineName(line),
                reply: reply ?? null,
                ...(refund ? { refundPaise: refund.amountPaise } : {}),
              }),
            },
          ]);
        }
        return { problem: answered!, refundId: refund?.id, c, line };
      });
      outbox.wake();
      if (outcome.refundId) await submit(outcome.refundId);
      return {
        problem: problemToApi(outcome.problem, outcome.c, outcome.line),
        ...(outcome.refundId ? { refund: await answerRefund(outcome.refundId) } : {}),
      };
    },

    /**
     * refund.processed / refund.failed / refund.speed_changed / refund.created from Razorpay (or the sandbox), already
     * verified. Matched to the row by the `refund_id` in its notes (a webhook may arrive before the provider's answer was
     * saved), else by the provider's refund id; the event id is recorded in the same transaction, and the row changes
     * only while pending, so a delivery twice changes it once.
     */
    async handleWebhookEvent(body: unknown, eventId: string | undefined): Promise<WebhookResult> {
      const event = str((body as { event?: unknown } | null)?.event) ?? '';
      const entity = refundEntity(body);
      let changed = false;
      const result = await inTransaction(db, async (tx): Promise<WebhookResult> => {
        changed = false;
        if (eventId) {
          const inserted = await tx.insert(webhookEvents).values({ id: eventId, event: event.slice(0, 100), createdAt: now() }).onConflictDoNothing().returning({ id: webhookEvents.id });
          if (inserted.length === 0) return 'duplicate';
        }
        if (!entity) return 'ignored';
        const providerId = str(entity.id);
        const noted = str((entity.notes as Record<string, unknown> | undefined)?.refund_id);
        let row: RefundRow | undefined;
        if (noted && UUID.test(noted)) [row] = await tx.select().from(refunds).where(eq(refunds.id, noted)).for('update');
        if (!row && providerId) [row] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, providerId)).for('update');
        if (!row) return 'ignored';
        if (str(entity.payment_id) && entity.payment_id !== row.paymentId) {
          log.warn({ refundId: row.id, event }, 'refund webhook names another payment; ignored');
          return 'ignored';
        }
        const arn = str((entity.acquirer_data as Record<string, unknown> | undefined)?.arn);
        const speedProcessed = str(entity.speed_processed, 20);
        switch (event) {
          case 'refund.processed':
            changed = await settleRefund(tx, now(), row.id, { status: 'processed', providerRefundId: providerId, arn, speedProcessed });
            // A bank reference that comes after the refund was processed is kept too.
            if (!changed && row.status === 'processed' && !row.arn && arn) await tx.update(refunds).set({ arn, updatedAt: now() }).where(eq(refunds.id, row.id));
            return 'processed';
          case 'refund.failed':
            changed = await settleRefund(tx, now(), row.id, { status: 'failed', providerRefundId: providerId, failureReason: str(entity.error_description, 500) ?? 'The payment provider reported the refund as failed' });
            return 'processed';
          case 'refund.speed_changed':
          case 'refund.created':
            await tx
              .update(refunds)
              .set({ updatedAt: now(), ...(speedProcessed ? { speedProcessed } : {}), ...(providerId && !row.providerRefundId ? { providerRefundId: providerId } : {}) })
              .where(eq(refunds.id, row.id));
            return 'processed';
          default:
            return 'ignored';
        }
      });
      if (changed) outbox.wake();
      return result;
    },

    /** Pending refunds the provider never answered (a timeout, a 409 while in flight): asked again with the same key. */
    async retryPending(): Promise<number> {
      const due = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.status, 'pending'),
            isNull(refunds.providerRefundId),
            lt(refunds.updatedAt, new Date(now().getTime() - RETRY_AFTER_MS)),
            lt(refunds.attempts, MAX_SUBMIT_ATTEMPTS),
          ),
        )
        .orderBy(asc(refunds.updatedAt))
        .limit(20);
      for (const { id } of due) await submit(id);
      return due.length;
    },
  };
}

/** Rupees from the API as whole paise; a fraction of a paisa is refused by name. */
function wholePaise(rupees: number, field: string): number {
  const paise = rupeesToPaise(rupees);
  if (Math.abs(paise / 100 - rupees) > 1e-9) throw badRequest(`${field} must be in whole paise (at most two decimals)`);
  return paise;
}

function toRequest(body: CreateRefundBody): RefundRequest {
  const reason = body.reason.trim();
  if (!reason) throw badRequest('reason: say why the money goes back');
  return {
    ...(body.lines ? { lines: body.lines } : {}),
    ...(body.amount !== undefined ? { amountPaise: wholePaise(body.amount, 'amount') } : {}),
    reason,
    restock: body.restock,
  };
}

/** Refunds not failed of Paid checkouts started since `from`, in paise (the dashboard's revenue is net of them). */
export async function refundedPaiseSince(db: Db, from: Date): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string | null>`sum(${refunds.amountPaise})` })
    .from(refunds)
    .innerJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .where(and(ne(refunds.status, 'failed'), eq(checkouts.payment, 'Paid'), gte(refunds.createdAt, from)));
  return Number(row?.paise ?? 0);
}

/** Open problem reports: how many, and the newest `limit` with their order and line. */
export async function openProblemReports(db: Db, orderPrefix: string, limit = 10): Promise<{ count: number; problems: ProblemReport[] }> {
  const open = eq(problemReports.status, 'open');
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(problemReports).where(open),
    db
      .select({ p: problemReports, orderNumber: checkouts.orderNumber, line: orders })
      .from(problemReports)
      .innerJoin(checkouts, eq(checkouts.id, problemReports.checkoutId))
      .innerJoin(orders, eq(orders.id, problemReports.lineId))
      .where(open)
      .orderBy(desc(problemReports.createdAt))
      .limit(limit),
  ]);
  return {
    count: Number(total?.n ?? 0),
    problems: rows.map(({ p, orderNumber, line }) => ({
      _id: p.id,
      order_id: p.checkoutId,
      order_number: formatOrderNumber(orderPrefix, orderNumber),
      line_id: p.lineId,
      product_name: line.productName,
      ...(line.variantLabel ? { variant_label: line.variantLabel } : {}),
      quantity: line.cartQuantity,
      customer: { name: line.userName, email: line.userEmail },
      message: p.message,
      photos: p.photos,
      status: 'open' as const,
      created_at: p.createdAt.toISOString(),
    })),
  };
}

/**
 * Asks the provider for a pending refund (after its row was committed), with the row's id as the idempotency key and
 * in its notes. A refusal marks it failed; no answer leaves it pending for retryPending (same key, so never twice).
 * The admin's cancel paths (orders/, order-desk/) make their own with their deps.
 */
export function createRefundSubmitter(deps: Pick<Deps, 'db' | 'now' | 'outbox' | 'payments' | 'log'>) {
  const { db, now, outbox, payments, log } = deps;
  return async function submit(refundId: string): Promise<void> {
    const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!r || r.status !== 'pending' || r.providerRefundId) return;
    await db.update(refunds).set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: now() }).where(eq(refunds.id, r.id));
    let answer: ProviderRefund;
    try {
      answer = await payments.refund({
        paymentId: r.paymentId,
        amountPaise: r.amountPaise,
        idempotencyKey: r.id,
        notes: { refund_id: r.id, order_id: r.checkoutId },
        receipt: `refund_${r.id.replace(/-/g, '').slice(0, 24)}`,
        speed: 'normal',
      });
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      if (err instanceof PaymentProviderError && !err.retryable) {
        const changed = await inTransaction(db, (tx) => settleRefund(tx, now(), r.id, { status: 'failed', failureReason: message }));
        if (changed) outbox.wake();
        return;
      }
      log.warn({ err, refundId: r.id }, 'refund not answered by the payment provider; it will be asked again with the same key');
      await db.update(refunds).set({ lastError: message.slice(0, 500), updatedAt: now() }).where(eq(refunds.id, r.id));
      return;
    }
    await db
      .update(refunds)
      .set({ providerRefundId: answer.id, updatedAt: now(), ...(answer.speedProcessed ? { speedProcessed: answer.speedProcessed } : {}) })
      .where(and(eq(refunds.id, r.id), isNull(refunds.providerRefundId)));
    if (answer.status !== 'pending') {
      const changed = await inTransaction(db, (tx) =>
        settleRefund(tx, now(), r.id, { status: answer.status as 'processed' | 'failed', providerRefundId: answer.id, arn: answer.arn, speedProcessed: answer.speedProcessed }),
      );
      if (changed) outbox.wake();
    }
  };
}
