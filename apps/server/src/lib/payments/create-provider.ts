/** The provider PAYMENT_PROVIDER asks for. */
import type { Config } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { createRazorpayProvider } from './razorpay.js';
import { createSandboxProvider } from './sandbox.js';

export function createPaymentProvider(payment: Config['payment']): PaymentProvider {
  const opts = { keyId: payment.keyId, keySecret: payment.keySecret, webhookSecret: payment.webhookSecret };
  return payment.provider === 'razorpay' ? createRazorpayProvider(opts) : createSandboxProvider(opts);
}
