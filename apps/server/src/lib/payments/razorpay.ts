/** The live provider: orders are created with the official `razorpay` package; signatures are checked locally. */
import Razorpay from 'razorpay';
import { PaymentProviderError, type PaymentProvider } from './provider.js';
import { verifyPaymentSignature, verifyWebhookSignature } from './signature.js';

/** The part of the Razorpay client the shop uses (tests pass a fake). */
export interface RazorpayOrdersClient {
  orders: {
    create(params: { amount: number; currency: string; receipt: string }): Promise<{ id: string }>;
  };
}

/** A hung provider call must not hold a shopper forever; the order is simply not created. */
const CREATE_ORDER_TIMEOUT_MS = 15_000;

export function createRazorpayProvider(
  opts: { keyId: string; keySecret: string; webhookSecret: string; timeoutMs?: number },
  client: RazorpayOrdersClient = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret }) as unknown as RazorpayOrdersClient,
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
  };
}
