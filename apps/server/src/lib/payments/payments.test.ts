import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxProvider } from './sandbox.js';
import { createRazorpayProvider, type RazorpayOrdersClient } from './razorpay.js';
import { PaymentProviderError } from './provider.js';
import { hmacSha256Hex, paymentSignature, safeEqual } from './signature.js';

// Razorpay's own helpers, to prove our signatures are exactly theirs.
const require = createRequire(import.meta.url);
const razorpayUtils = require('razorpay/dist/utils/razorpay-utils.js') as {
  validatePaymentVerification(params: { order_id: string; payment_id: string }, signature: string, secret: string): boolean;
  validateWebhookSignature(body: string, signature: string, secret: string): boolean;
};

const secrets = { keyId: 'rzp_test_key', keySecret: 'key_secret_123', webhookSecret: 'webhook_secret_456' };

describe('sandbox provider', () => {
  const sandbox = createSandboxProvider(secrets);

  it('creates Razorpay-looking order ids without any network', async () => {
    const a = await sandbox.createOrder({ amountPaise: 59500, receipt: 'rcpt_1' });
    const b = await sandbox.createOrder({ amountPaise: 59500, receipt: 'rcpt_2' });
    expect(a.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(b.id).not.toBe(a.id);
  });

  it('signs a completed payment exactly as Razorpay does', () => {
    const result = sandbox.completePayment('order_ABCDEFGHIJKLMN');
    expect(Object.keys(result).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(result.razorpay_order_id).toBe('order_ABCDEFGHIJKLMN');
    expect(result.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(
      razorpayUtils.validatePaymentVerification(
        { order_id: result.razorpay_order_id, payment_id: result.razorpay_payment_id },
        result.razorpay_signature,
        secrets.keySecret,
      ),
    ).toBe(true);
    expect(sandbox.verifySignature(result.razorpay_order_id, result.razorpay_payment_id, result.razorpay_signature)).toBe(true);
  });

  it('refuses forged, swapped, truncated and empty signatures', () => {
    const r = sandbox.completePayment('order_ABCDEFGHIJKLMN');
    const forged = hmacSha256Hex('wrong-secret', `${r.razorpay_order_id}|${r.razorpay_payment_id}`);
    expect(sandbox.verifySignature(r.razorpay_order_id, r.razorpay_payment_id, forged)).toBe(false);
    expect(sandbox.verifySignature('order_OTHERORDER0001', r.razorpay_payment_id, r.razorpay_signature)).toBe(false);
    expect(sandbox.verifySignature(r.razorpay_order_id, 'pay_OTHERPAYMENT01', r.razorpay_signature)).toBe(false);
    expect(sandbox.verifySignature(r.razorpay_order_id, r.razorpay_payment_id, r.razorpay_signature.slice(0, 10))).toBe(false);
    expect(sandbox.verifySignature(r.razorpay_order_id, r.razorpay_payment_id, '')).toBe(false);
    expect(sandbox.verifySignature(r.razorpay_order_id, r.razorpay_payment_id, r.razorpay_signature.toUpperCase())).toBe(false);
  });

  it('checks webhook signatures over the raw bytes, like Razorpay', () => {
    const body = Buffer.from(JSON.stringify({ event: 'payment.captured', payload: { note: 'ghee ₹' } }));
    const signature = hmacSha256Hex(secrets.webhookSecret, body);
    expect(razorpayUtils.validateWebhookSignature(body.toString('utf8'), signature, secrets.webhookSecret)).toBe(true);
    expect(sandbox.verifyWebhook(body, signature)).toBe(true);
    expect(sandbox.verifyWebhook(Buffer.concat([body, Buffer.from(' ')]), signature)).toBe(false);
    expect(sandbox.verifyWebhook(body, undefined)).toBe(false);
    expect(sandbox.verifyWebhook(body, 'x')).toBe(false);
  });

  it('never accepts a webhook when no webhook secret is set', () => {
    const noSecret = createSandboxProvider({ ...secrets, webhookSecret: '' });
    const body = Buffer.from('{}');
    expect(noSecret.verifyWebhook(body, hmacSha256Hex('', body))).toBe(false);
  });
});

describe('safeEqual', () => {
  it('compares strings of any length without throwing', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('abc', undefined)).toBe(false);
    expect(paymentSignature('s', 'o', 'p')).toBe(hmacSha256Hex('s', 'o|p'));
  });
});

describe('razorpay provider', () => {
  it('creates the order in INR paise with the receipt through the official client', async () => {
    const create = vi.fn(async () => ({ id: 'order_LIVE0000000001', amount: 59500, currency: 'INR' }));
    const provider = createRazorpayProvider(secrets, { orders: { create } });
    expect(provider.name).toBe('razorpay');
    expect(provider.keyId).toBe('rzp_test_key');
    await expect(provider.createOrder({ amountPaise: 59500, receipt: 'rcpt_abc' })).resolves.toEqual({ id: 'order_LIVE0000000001' });
    expect(create).toHaveBeenCalledWith({ amount: 59500, currency: 'INR', receipt: 'rcpt_abc' });
  });

  it('turns the SDK rejections (plain objects) into PaymentProviderError', async () => {
    const client: RazorpayOrdersClient = {
      orders: { create: () => Promise.reject({ statusCode: 401, error: { description: 'Authentication failed' } }) },
    };
    const provider = createRazorpayProvider(secrets, client);
    await expect(provider.createOrder({ amountPaise: 100, receipt: 'r' })).rejects.toThrow(PaymentProviderError);
    await expect(provider.createOrder({ amountPaise: 100, receipt: 'r' })).rejects.toThrow(/Authentication failed/);
  });

  it('gives up on a provider that does not answer', async () => {
    const provider = createRazorpayProvider({ ...secrets, timeoutMs: 20 }, { orders: { create: () => new Promise(() => {}) } });
    await expect(provider.createOrder({ amountPaise: 100, receipt: 'r' })).rejects.toThrow(/did not answer/);
  });

  it('verifies checkout signatures with the key secret', () => {
    const provider = createRazorpayProvider(secrets, { orders: { create: async () => ({ id: 'x' }) } });
    const sig = paymentSignature(secrets.keySecret, 'order_A', 'pay_B');
    expect(provider.verifySignature('order_A', 'pay_B', sig)).toBe(true);
    expect(provider.verifySignature('order_A', 'pay_C', sig)).toBe(false);
  });

  it('builds a real Razorpay client from the keys without calling the network', () => {
    const provider = createRazorpayProvider(secrets);
    expect(provider.name).toBe('razorpay');
  });
});

describe('refunds', () => {
  const request = { paymentId: 'pay_ABCDEFGHIJKLMN', amountPaise: 59_500, idempotencyKey: 'f2b1c3d4-0000-4000-8000-000000000001', notes: { refund_id: 'r1' }, speed: 'normal' as const };

  it('sandbox: one refund per idempotency key, refused with another body, and its webhook signed like Razorpay', async () => {
    const sandbox = createSandboxProvider(secrets);
    const delivered: Array<{ body: string; signature: string }> = [];
    sandbox.deliverWebhooksTo(async (raw, h) => {
      delivered.push({ body: raw.toString('utf8'), signature: h.signature });
    });
    const a = await sandbox.refund(request);
    const b = await sandbox.refund(request);
    expect(a.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(b).toEqual(a);
    await expect(sandbox.refund({ ...request, amountPaise: 100 })).rejects.toThrow(PaymentProviderError);
    await sandbox.settled();
    expect(delivered).toHaveLength(1);
    const event = JSON.parse(delivered[0]!.body);
    expect(event).toMatchObject({ event: 'refund.processed', payload: { refund: { entity: { id: a.id, amount: 59_500, payment_id: request.paymentId, notes: { refund_id: 'r1' } } } } });
    expect(razorpayUtils.validateWebhookSignature(delivered[0]!.body, delivered[0]!.signature, secrets.webhookSecret)).toBe(true);
  });

  it('razorpay: the SDK call with the idempotency key; unknown outcomes are retryable, refusals are not', async () => {
    const calls: unknown[] = [];
    const ok = createRazorpayProvider(secrets, { orders: { create: async () => ({ id: 'x' }) } }, {
      refund: async (paymentId, params, key) => {
        calls.push([paymentId, params, key]);
        return { id: 'rfnd_LIVE000000001', status: 'processed', acquirer_data: { arn: '123' } };
      },
    });
    await expect(ok.refund(request)).resolves.toEqual({ id: 'rfnd_LIVE000000001', status: 'processed', arn: '123' });
    expect(calls).toEqual([[request.paymentId, { amount: 59_500, speed: 'normal', notes: { refund_id: 'r1' } }, request.idempotencyKey]]);
    const failing = (err: unknown) =>
      createRazorpayProvider(secrets, { orders: { create: async () => ({ id: 'x' }) } }, { refund: () => Promise.reject(err) }).refund(request).then(
        () => { throw new Error('the refund should have been refused'); },
        (e: unknown) => e as PaymentProviderError,
      );
    expect((await failing({ statusCode: 400, error: { description: 'The refund amount is greater than the captured amount' } })).retryable).toBe(false);
    expect((await failing({ statusCode: 409, error: { description: 'in flight' } })).retryable).toBe(true);
    expect((await failing({ statusCode: 502, error: {} })).retryable).toBe(true);
    expect((await failing(new TypeError("Cannot read properties of undefined (reading 'status')"))).retryable).toBe(true);
  });
});
