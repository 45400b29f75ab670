import { Type, type Static } from '@sinclair/typebox';

const ProviderId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_]+$' });

/** What the provider's checkout hands the browser on completion; also the sandbox checkout's answer. */
export const PaymentResultSchema = Type.Object({
  razorpay_order_id: ProviderId,
  razorpay_payment_id: ProviderId,
  razorpay_signature: Type.String({ minLength: 1, maxLength: 200 }),
});
export type PaymentResult = Static<typeof PaymentResultSchema>;

export const PaymentVerificationResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
});
export type PaymentVerificationResponse = Static<typeof PaymentVerificationResponseSchema>;

export const PaymentProviderSchema = Type.Union([Type.Literal('sandbox'), Type.Literal('razorpay')]);
export type PaymentProvider = Static<typeof PaymentProviderSchema>;

/** GET /api/payments/config: which checkout the apps open, with the provider's public key. */
export const PaymentConfigResponseSchema = Type.Object({ provider: PaymentProviderSchema, key_id: Type.String() });
export type PaymentConfigResponse = Static<typeof PaymentConfigResponseSchema>;

/** POST /api/payments/sandbox/checkout: the in-app test checkout's Pay / Fail. */
export const SandboxCheckoutBodySchema = Type.Object({
  order_id: ProviderId,
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
});
export type SandboxCheckoutBody = Static<typeof SandboxCheckoutBodySchema>;

/**
 * POST /api/orders/release: the shopper closed the payment window without paying (the sandbox's Cancel payment,
 * Razorpay's dismiss). The checkout's units go back to stock at once; PAY again reopens it.
 */
export const ReleaseCheckoutBodySchema = Type.Object({ order_id: ProviderId });
export type ReleaseCheckoutBody = Static<typeof ReleaseCheckoutBodySchema>;
