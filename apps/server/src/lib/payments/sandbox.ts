/**
 * The sandbox provider: no network. It makes `order_...` ids itself and signs payments exactly as Razorpay does,
 * so the same verification code runs in both modes. Refunds go through the same code path as live ones: the sandbox
 * answers `rfnd_...` (pending, idempotent on the key like X-Refund-Idempotency) and then signs and delivers the
 * refund's webhook (refund.processed, or refund.failed when told to fail) to the shop's own webhook route, as
 * Razorpay's would arrive.
 */
import { randomInt } from 'node:crypto';
import { PaymentProviderError, type PaymentProvider, type ProviderRefund, type ProviderRefundRequest } from './provider.js';
import { hmacSha256Hex, paymentSignature, randomProviderId, verifyPaymentSignature, verifyWebhookSignature } from './signature.js';

/** Hands a signed webhook to the shop (app.ts: an inject into POST /api/payments/razorpay/webhook). */
type SandboxWebhookTarget = (rawBody: Buffer, headers: { signature: string; eventId: string }) => Promise<void>;

/**
 * How the sandbox settles the refunds it is asked for (tests, and a shop owner trying the flow):
 * `outcome` processed or failed; `deliver` after the answer (the usual), before it (a webhook that beats the API's
 * answer), twice (two deliveries with different event ids), or none.
 */
interface SandboxRefundBehaviour {
  outcome: 'processed' | 'failed';
  deliver: 'after' | 'before' | 'twice' | 'none';
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What Razorpay's checkout would hand the browser after a successful payment of `orderId`. */
  completePayment(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** Where refund webhooks go; until set, none is delivered. */
  deliverWebhooksTo(target: SandboxWebhookTarget | undefined): void;
  /** Changes how later refunds settle (see SandboxRefundBehaviour); answers the behaviour before. */
  setRefundBehaviour(behaviour: Partial<SandboxRefundBehaviour>): SandboxRefundBehaviour;
  /** Resolves once every webhook delivery started so far has been answered. */
  settled(): Promise<void>;
}

const DEFAULT_BEHAVIOUR: SandboxRefundBehaviour = { outcome: 'processed', deliver: 'after' };

/** A 23-digit bank reference like the ones acquirers give (ARN). */
function sandboxArn(): string {
  let arn = '7';
  for (let i = 0; i < 22; i++) arn += String(randomInt(10));
  return arn;
}

export function createSandboxProvider(opts: { keyId: string; keySecret: string; webhookSecret: string }): SandboxProvider {
  let target: SandboxWebhookTarget | undefined;
  let behaviour: SandboxRefundBehaviour = { ...DEFAULT_BEHAVIOUR };
  const deliveries = new Set<Promise<void>>();
  /** Refunds by idempotency key, with the body they were asked with (Razorpay refuses the key with another body). */
  const byKey = new Map<string, { body: string; refund: ProviderRefund }>();

  async function deliver(event: string, entity: Record<string, unknown>): Promise<void> {
    if (!target) return;
    const raw = Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_sandbox',
        event,
        contains: ['refund', 'payment'],
        payload: { refund: { entity }, payment: { entity: { id: entity.payment_id, entity: 'payment' } } },
        created_at: Math.floor(Date.now() / 1000),
      }),
    );
    await target(raw, { signature: hmacSha256Hex(opts.webhookSecret, raw), eventId: randomProviderId('evt') });
  }

  function track(work: () => Promise<void>): void {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => process.emitWarning(`sandbox refund webhook not delivered: ${(err as Error)?.message ?? err}`))
      .finally(() => deliveries.delete(p));
    deliveries.add(p);
  }

  return {
    name: 'sandbox',
    keyId: opts.keyId,
    async createOrder() {
      return { id: randomProviderId('order') };
    },
    verifySignature: (orderId, paymentId, signature) => verifyPaymentSignature(opts.keySecret, orderId, paymentId, signature),
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(opts.webhookSecret, rawBody, signature),
    completePayment(orderId) {
      const paymentId = randomProviderId('pay');
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(opts.keySecret, orderId, paymentId),
      };
    },

    async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
      if (!Number.isInteger(request.amountPaise) || request.amountPaise < 100) {
        throw new PaymentProviderError('The refund amount must be at least INR 1.00');
      }
      const body = JSON.stringify([request.paymentId, request.amountPaise, request.speed, request.notes]);
      const seen = byKey.get(request.idempotencyKey);
      if (seen) {
        if (seen.body !== body) throw new PaymentProviderError('The idempotency key was used with another request');
        return seen.refund;
      }
      const refund: ProviderRefund = { id: randomProviderId('rfnd'), status: 'pending' };
      byKey.set(request.idempotencyKey, { body, refund });
      const { outcome, deliver: when } = behaviour;
      const entity = {
        id: refund.id,
        entity: 'refund',
        amount: request.amountPaise,
        currency: 'INR',
        payment_id: request.paymentId,
        notes: request.notes,
        receipt: request.receipt ?? null,
        acquirer_data: { arn: outcome === 'processed' ? sandboxArn() : null },
        created_at: Math.floor(Date.now() / 1000),
        status: outcome,
        speed_requested: request.speed,
        speed_processed: 'normal',
        ...(outcome === 'failed' ? { error_description: 'The bank declined the refund (sandbox)' } : {}),
      };
      const event = `refund.${outcome}`;
      if (when === 'before') await deliver(event, entity);
      else if (when === 'after') track(() => deliver(event, entity));
      else if (when === 'twice') track(async () => {
        await deliver(event, entity);
        await deliver(event, entity);
      });
      return refund;
    },

    deliverWebhooksTo(next) {
      target = next;
    },
    setRefundBehaviour(next) {
      const before = behaviour;
      behaviour = { ...behaviour, ...next };
      return before;
    },
    async settled() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
  };
}
