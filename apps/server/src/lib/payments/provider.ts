/** What the shop needs from a payment provider: make an order, and check what the browser and webhooks send back. */
type PaymentProviderName = 'sandbox' | 'razorpay';

interface CreateProviderOrderInput {
  /** Amount to charge, in INR paise. */
  amountPaise: number;
  /** Our own reference, shown in the provider's dashboard (at most 40 characters). */
  receipt: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The public key the browser's checkout uses. */
  readonly keyId: string;
  /** Creates the provider's order; throws PaymentProviderError when the provider cannot be reached or refuses. */
  createOrder(input: CreateProviderOrderInput): Promise<{ id: string }>;
  /** Checks the checkout's `razorpay_signature` (HMAC-SHA256 of `order_id|payment_id` with the key secret). */
  verifySignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Checks `X-Razorpay-Signature` of a webhook delivery (HMAC-SHA256 of the raw body with the webhook secret). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
}

/** The provider could not create an order (network, outage, refused credentials). Nothing was reserved. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
