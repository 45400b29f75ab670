/** Razorpay webhooks and the sandbox checkout, on top of the orders' payment state machine. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { webhookEvents } from '../../db/schema.js';
import { conflict } from '../../lib/http-errors.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import type { SandboxProvider } from '../../lib/payments/sandbox.js';
import type { AuthUser } from '../../plugins/auth.js';
import { sendInBackground } from '../orders/mails.js';
import { PAID, REFUND_DUE, applyPayment, applyPaymentFailure, failCheckout, inTransaction, type StateContext } from '../orders/payment-state.js';
import { findOwnCheckout } from '../orders/service.js';

export interface PaymentsDeps extends StateContext {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export const PAYMENT_FAILED = 'Payment Failed';

/** POST /payments/sandbox/checkout, outcome success: what Razorpay's checkout would hand the browser. */
export async function sandboxPay(deps: PaymentsDeps, sandbox: SandboxProvider, user: AuthUser, orderId: string) {
  const checkout = await findOwnCheckout(deps.db, user.id, orderId);
  if (checkout.payment === PAID || checkout.payment === REFUND_DUE) throw conflict('This order is already paid');
  return sandbox.completePayment(checkout.id);
}

/** Outcome failure: the checkout is marked Failed and its reservation released at once. */
export async function sandboxFail(deps: PaymentsDeps, user: AuthUser, orderId: string): Promise<void> {
  const checkout = await findOwnCheckout(deps.db, user.id, orderId);
  if (checkout.payment === PAID || checkout.payment === REFUND_DUE) throw conflict('This order is already paid');
  await failCheckout(deps.db, deps, checkout.id);
}

function entity(payload: unknown, kind: 'payment' | 'order'): Record<string, unknown> | undefined {
  const wrapper = (payload as Record<string, unknown> | undefined)?.[kind] as { entity?: unknown } | undefined;
  const e = wrapper?.entity;
  return e && typeof e === 'object' ? (e as Record<string, unknown>) : undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);

export type WebhookResult = 'processed' | 'duplicate' | 'ignored';

/**
 * One verified webhook delivery. The event id is recorded in the same transaction as its effect, so a delivery
 * that failed half-way is retried by Razorpay, and one that succeeded is dropped when delivered again.
 */
export async function handleWebhookEvent(deps: PaymentsDeps, body: unknown, eventId: string | undefined): Promise<WebhookResult> {
  const event = str((body as { event?: unknown } | null)?.event) ?? '';
  const payload = (body as { payload?: unknown } | null)?.payload;
  const mails: Mail[] = [];
  const result = await inTransaction(deps.db, async (tx): Promise<WebhookResult> => {
    mails.length = 0;
    if (eventId) {
      const inserted = await tx
        .insert(webhookEvents)
        .values({ id: eventId, event: event.slice(0, 100), createdAt: deps.now() })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (inserted.length === 0) return 'duplicate';
    }
    const payment = entity(payload, 'payment');
    switch (event) {
      case 'payment.captured':
      case 'order.paid': {
        const orderId = str(event === 'order.paid' ? (entity(payload, 'order')?.id ?? payment?.order_id) : payment?.order_id);
        const paymentId = str(payment?.id);
        if (!orderId || !paymentId) return 'ignored';
        const outcome = await applyPayment(tx, deps, orderId, paymentId);
        if (outcome.kind === 'not_found') return 'ignored';
        mails.push(...outcome.mails);
        return 'processed';
      }
      case 'payment.failed': {
        const orderId = str(payment?.order_id);
        if (!orderId) return 'ignored';
        const outcome = await applyPaymentFailure(tx, deps, orderId);
        return outcome === 'failed' ? 'processed' : 'ignored';
      }
      default:
        return 'ignored';
    }
  });
  sendInBackground(deps.mailer, deps.log, mails);
  return result;
}
