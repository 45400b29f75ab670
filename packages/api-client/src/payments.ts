/** `shop.payments`: which payment window to open, and the offline sandbox. */
import type { PaymentConfigResponse, PaymentResult, SandboxCheckoutBody } from '@shop/domain/schemas/payments';
import type { Requester } from './http.js';

/** The calls around the payment provider. */
export function paymentCalls(api: Requester) {
  return {
    /**
     * Which checkout to open (`sandbox` or `razorpay`) and the provider's public key.
     * @example const { provider, key_id } = await shop.payments.config();
     */
    config: async (): Promise<PaymentConfigResponse> => api.request('GET', 'payments/config'),
    /**
     * Pays or fails a sandbox order; the answer goes to `account.verifyPayment`.
     * @example const result = await shop.payments.sandboxCheckout({ order_id, outcome: 'success' });
     */
    sandboxCheckout: async (body: SandboxCheckoutBody): Promise<PaymentResult> =>
      api.request('POST', 'payments/sandbox/checkout', body),
  };
}
