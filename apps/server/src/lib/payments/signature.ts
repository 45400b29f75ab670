/** Razorpay's signatures: HMAC-SHA256 in lower-case hex, compared in constant time. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison that also accepts inputs of different lengths (then simply false). */
export function safeEqual(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  // timingSafeEqual throws on different lengths; compare against itself to keep the timing flat.
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** The checkout signature Razorpay hands the browser after a successful payment. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyPaymentSignature(keySecret: string, orderId: string, paymentId: string, signature: string): boolean {
  if (!keySecret) return false;
  return safeEqual(paymentSignature(keySecret, orderId, paymentId), signature);
}

export function verifyWebhookSignature(webhookSecret: string, rawBody: Buffer, signature: string | undefined): boolean {
  // An unset secret must never accept anything (an empty HMAC key is still a valid key).
  if (!webhookSecret) return false;
  return safeEqual(hmacSha256Hex(webhookSecret, rawBody), signature);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-looking id such as `order_Nq3k9ZpLx2Yb7A`: a prefix and 14 random letters and digits. */
export function randomProviderId(prefix: string, length = 14): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_${id}`;
}
