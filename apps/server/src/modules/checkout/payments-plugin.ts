/** Makes the payment provider chosen by PAYMENT_PROVIDER reachable as `app.payments` (the checkout routes). */
import fp from 'fastify-plugin';
import { createPaymentProvider } from '../../lib/payments/create-provider.js';
import type { PaymentProvider } from '../../lib/payments/provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export default fp(
  async (app, opts: { provider?: PaymentProvider }) => {
    const { payment } = app.deps.config;
    app.decorate('payments', opts.provider ?? createPaymentProvider(payment));
    if (!payment.webhookSecret) {
      app.log.warn('RAZORPAY_WEBHOOK_SECRET is not set: Razorpay webhooks will be refused (400) until it is');
    }
  },
  { name: 'payments', dependencies: ['deps'] },
);
