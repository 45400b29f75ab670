/** What the shop needs from a payment provider: make an order, and check what the browser and webhooks send back. */
type PaymentProviderName = 'sandbox' | 'razorpay';

interface CreateProviderOrderInput {
  /** Amount to charge, in INR paise. */
  amountPaise: number;
  /** Our own reference, shown in the provider's dashboard (at most 40 characters). */
  receipt: string;
}

/** A refund asked of the provider (Razorpay: POST /v1/payments/{id}/refund). */
export interface ProviderRefundRequest {
  /** The captured payment (pay_...). */
  paymentId: string;
  /** INR paise, at least 100. */
  amountPaise: number;
  /** Sent as `X-Refund-Idempotency`: the same key with the same body answers the same refund. */
  idempotencyKey: string;
  /** Kept on the refund and sent back in its webhooks: the shop's refund row id (`refund_id`) and checkout. */
  notes: Record<string, string>;
  receipt?: string;
  speed: 'normal' | 'optimum';
}

/** What the provider answered about a refund. */
export interface ProviderRefund {
  /** rfnd_... */
  id: string;
  status: 'pending' | 'processed' | 'failed';
  speedProcessed?: string;
  /** The bank reference (acquirer_data.arn), when already known. */
  arn?: string;
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
  /**
   * Refunds (part of) a captured payment. Throws PaymentProviderError: `retryable` when the outcome is unknown (no
   * answer, 409 while the same key is in flight, 5xx), so the same key is sent again later; otherwise the provider
   * refused it and nothing was refunded.
   */
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>;
}

/** The provider could not create an order (network, outage, refused credentials). Nothing was reserved. */
export class PaymentProviderError extends Error {
  /** For a refund: the outcome is unknown and the same request may be sent again (never for a refusal). */
  readonly retryable: boolean;
  constructor(message: string, options?: { cause?: unknown; retryable?: boolean }) {
    super(message, options);
    this.name = 'PaymentProviderError';
    this.retryable = options?.retryable ?? false;
  }
}
