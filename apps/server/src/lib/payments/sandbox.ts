/**
 * The sandbox provider: no network. It makes `order_...` ids itself and signs payments exactly as Razorpay does,
 * so the same verification code runs in both modes.
 */
import type { PaymentProvider } from './provider.js';
import { paymentSignature, randomProviderId, verifyPaymentSignature, verifyWebhookSignature } from './signature.js';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What Razorpay's checkout would hand the browser after a successful payment of `orderId`. */
  completePayment(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

export function createSandboxProvider(opts: { keyId: string; keySecret: string; webhookSecret: string }): SandboxProvider {
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
  };
}
