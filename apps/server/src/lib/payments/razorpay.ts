/** The live provider: orders are created with the official `razorpay` package; signatures are checked locally. */
import Razorpay from 'razorpay';
import { PaymentProviderError, type PaymentProvider, type ProviderRefund } from './provider.js';
import { verifyPaymentSignature, verifyWebhookSignature } from './signature.js';

/** The part of the Razorpay client the shop uses (tests pass a fake). */
export interface RazorpayOrdersClient {
  orders: {
    create(params: { amount: number; currency: string; receipt: string }): Promise<{ id: string }>;
  };
}

/** Razorpay's refund entity, as far as the shop reads it. */
interface RazorpayRefundEntity {
  id: string;
  status?: string;
  speed_processed?: string;
  acquirer_data?: { arn?: string | null };
}

/** Razorpay's refund call (POST /v1/payments/{id}/refund) with the X-Refund-Idempotency header; tests pass a fake. */
export interface RazorpayRefundsClient {
  refund(
    paymentId: string,
    params: { amount: number; speed: 'normal' | 'optimum'; notes: Record<string, string>; receipt?: string },
    idempotencyKey: string,
  ): Promise<RazorpayRefundEntity>;
}

/**
 * POST /v1/payments/{id}/refund over plain HTTPS. Not the official client: its request layer keeps only the
 * X-Razorpay-Account and Content-Type headers (razorpay/dist/api.js, getValidHeaders) and would drop the
 * X-Refund-Idempotency header that makes a retried refund one refund.
 */
function httpRefunds(opts: { keyId: string; keySecret: string }): RazorpayRefundsClient {
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  return {
    async refund(paymentId, params, idempotencyKey) {
      const response = await fetch(`https://api.razorpay.com/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', 'X-Refund-Idempotency': idempotencyKey },
        body: JSON.stringify(params),
      });
      const body = (await response.json().catch(() => ({}))) as RazorpayRefundEntity & { error?: { description?: string } };
      if (!response.ok) throw Object.assign(new Error(body.error?.description ?? `Razorpay answered ${response.status}`), { statusCode: response.status });
      return body;
    },
  };
}

/** A hung provider call must not hold a shopper forever; the order is simply not created. */
const CREATE_ORDER_TIMEOUT_MS = 15_000;

export function createRazorpayProvider(
  opts: { keyId: string; keySecret: string; webhookSecret: string; timeoutMs?: number },
  client: RazorpayOrdersClient = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret }) as unknown as RazorpayOrdersClient,
  refunds: RazorpayRefundsClient = httpRefunds(opts),
): PaymentProvider {
  const timeoutMs = opts.timeoutMs ?? CREATE_ORDER_TIMEOUT_MS;
  return {
    name: 'razorpay',
    keyId: opts.keyId,
    async createOrder({ amountPaise, receipt }) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PaymentProviderError('Razorpay did not answer in time')), timeoutMs);
      });
      try {
        const order = await Promise.race([client.orders.create({ amount: amountPaise, currency: 'INR', receipt }), timeout]);
        if (!order || typeof order.id !== 'string' || !order.id) throw new PaymentProviderError('Razorpay answered without an order id');
        return { id: order.id };
      } catch (err) {
        if (err instanceof PaymentProviderError) throw err;
        // The SDK rejects with plain objects ({ statusCode, error }), not Errors.
        const detail = (err as { error?: { description?: string }; message?: string } | undefined) ?? {};
        throw new PaymentProviderError(`Razorpay refused the order: ${detail.error?.description ?? detail.message ?? 'unknown error'}`, {
          cause: err,
        });
      } finally {
        clearTimeout(timer);
      }
    },
    verifySignature: (orderId, paymentId, signature) => verifyPaymentSignature(opts.keySecret, orderId, paymentId, signature),
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(opts.webhookSecret, rawBody, signature),

    /**
     * A normal-speed refund with X-Refund-Idempotency. No answer, a 409 (the same key still in flight) or a 5xx leaves
     * the outcome unknown: retryable, and asked again with the same key. Any other refusal: nothing was refunded.
     */
    async refund({ paymentId, amountPaise, idempotencyKey, notes, receipt, speed }): Promise<ProviderRefund> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PaymentProviderError('Razorpay did not answer the refund in time', { retryable: true })), timeoutMs);
      });
      try {
        const r = await Promise.race([refunds.refund(paymentId, { amount: amountPaise, speed, notes, ...(receipt ? { receipt } : {}) }, idempotencyKey), timeout]);
        if (!r || typeof r.id !== 'string' || !r.id) throw new PaymentProviderError('Razorpay answered without a refund id', { retryable: true });
        const status = r.status === 'processed' || r.status === 'failed' ? r.status : 'pending';
        return {
          id: r.id,
          status,
          ...(r.speed_processed ? { speedProcessed: r.speed_processed } : {}),
          ...(r.acquirer_data?.arn ? { arn: r.acquirer_data.arn } : {}),
        };
      } catch (err) {
        if (err instanceof PaymentProviderError) throw err;
        const e = (err as { statusCode?: number; error?: { description?: string }; message?: string } | undefined) ?? {};
        const status = typeof e.statusCode === 'number' ? e.statusCode : undefined;
        const retryable = status === undefined || status === 409 || status === 429 || status >= 500;
        throw new PaymentProviderError(`Razorpay refused the refund: ${e.error?.description ?? e.message ?? 'unknown error'}`, { cause: err, retryable });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
