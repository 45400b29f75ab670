import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { checkoutFixtures } from '../../test/checkout-fixtures.js';
import { webhookEvents } from '../../db/schema.js';
import { hmacSha256Hex } from '../../lib/payments/signature.js';

const fx = checkoutFixtures({ category: 'Honey', name: 'Raw Honey', pricePaise: 35_000 });
const { addProduct, stockOf, checkoutRow, placeOrderOk: placeOrder } = fx;
let shop: TestShop;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  shop = await fx.open();
  [alice, bob] = await Promise.all([shop.createShopper({ name: 'Alice Farmer' }), shop.createShopper({ name: 'Bob Buyer' })]);
});
afterAll(() => shop.close());

function sandbox(user: TestUser | undefined, payload: unknown) {
  return shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: user?.token, payload: payload as object });
}

function verify(user: TestUser, payload: unknown) {
  return shop.request({ method: 'POST', url: '/api/orders/paymentverification', token: user.token, payload: payload as object });
}

let eventCounter = 0;
function webhook(body: unknown, opts: { secret?: string; eventId?: string | null; signature?: string; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const signature = opts.signature ?? hmacSha256Hex(opts.secret ?? 'test_webhook_secret', raw);
  const eventId = opts.eventId === undefined ? `evt_${Date.now()}_${++eventCounter}` : opts.eventId;
  return shop.request({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
    },
    payload: raw,
  });
}

function capturedEvent(orderId: string, paymentId: string, amount: number) {
  return {
    entity: 'event',
    account_id: 'acc_TEST',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: orderId, method: 'upi' } } },
    created_at: 1_760_000_000,
  };
}

function failedEvent(orderId: string, paymentId: string) {
  return {
    entity: 'event',
    event: 'payment.failed',
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, entity: 'payment', status: 'failed', order_id: orderId, error_code: 'BAD_REQUEST_ERROR' } } },
  };
}

describe('OpenAPI', () => {
  it('documents the payment and order endpoints', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/orders', '/api/orders/paymentverification', '/api/payments/config', '/api/payments/sandbox/checkout', '/api/payments/razorpay/webhook']) {
      expect(paths).toContain(p);
    }
  });
});

describe('GET /api/payments/config', () => {
  it('tells the apps the mode and the public key', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', key_id: 'rzp_test_sandbox' });
  });
});

describe('POST /api/payments/sandbox/checkout', () => {
  it('answers what Razorpay hands the browser, and the normal verification accepts it', async () => {
    const p = await addProduct();
    const order = await placeOrder(alice, p.id, 1);
    const res = await sandbox(alice, { order_id: order.order_id, outcome: 'success' });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(Object.keys(result).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(result.razorpay_order_id).toBe(order.order_id);
    expect(result.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(result.razorpay_signature).toBe(hmacSha256Hex('test_key_secret', `${order.order_id}|${result.razorpay_payment_id}`));
    // Paying the sandbox alone changes nothing; verification does.
    expect((await checkoutRow(order.order_id)).payment).toBe('Pending');
    expect((await verify(alice, result)).json()).toEqual({ success: true });
    const again = await sandbox(alice, { order_id: order.order_id, outcome: 'success' });
    expect(again.statusCode).toBe(409);
  });

  it('fails a payment: 402, checkout Failed, reservation released at once', async () => {
    const p = await addProduct({ quantity: 6 });
    const order = await placeOrder(alice, p.id, 4);
    expect(await stockOf(p.id)).toBe(2);
    const res = await sandbox(alice, { order_id: order.order_id, outcome: 'failure' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Payment Failed' });
    expect(await checkoutRow(order.order_id)).toMatchObject({ payment: 'Failed', stockState: 'released' });
    expect(await stockOf(p.id)).toBe(6);
    // Failing again gives nothing back twice.
    expect((await sandbox(alice, { order_id: order.order_id, outcome: 'failure' })).statusCode).toBe(402);
    expect(await stockOf(p.id)).toBe(6);
  });

  it("is only for the order's owner, and refuses bad input", async () => {
    const p = await addProduct();
    const order = await placeOrder(alice, p.id, 1);
    expect((await sandbox(bob, { order_id: order.order_id, outcome: 'success' })).statusCode).toBe(404);
    expect((await sandbox(bob, { order_id: order.order_id, outcome: 'failure' })).statusCode).toBe(404);
    expect((await checkoutRow(order.order_id)).payment).toBe('Pending');
    expect((await sandbox(undefined, { order_id: order.order_id, outcome: 'success' })).statusCode).toBe(401);
    for (const payload of [{}, { order_id: order.order_id }, { order_id: order.order_id, outcome: 'maybe' }, { order_id: 'bad id!', outcome: 'success' }]) {
      const res = await sandbox(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    expect((await sandbox(alice, { order_id: 'order_UNKNOWN0000001', outcome: 'success' })).statusCode).toBe(404);
  });
});

describe('POST /api/payments/razorpay/webhook', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const p = await addProduct();
    const order = await placeOrder(alice, p.id, 2);
    const before = await checkoutRow(order.order_id);
    const mails = shop.mails.length;
    const event = capturedEvent(order.order_id, 'pay_WEBHOOKFORGE01', order.amount);
    for (const opts of [{ secret: 'guessed' }, { signature: 'abc' }, { signature: '' }]) {
      const res = await webhook(event, opts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid webhook signature' });
    }
    // A body changed after signing.
    const raw = JSON.stringify(event);
    const tampered = await webhook(null, { raw: raw.replace('"amount":', '"amount": '), signature: hmacSha256Hex('test_webhook_secret', raw) });
    expect(tampered.statusCode).toBe(400);
    expect(await checkoutRow(order.order_id)).toEqual(before);
    expect(await stockOf(p.id)).toBe(8);
    expect(shop.mails.length).toBe(mails);
  });

  it('records a payment from the webhook alone (closed tab), exactly as verification does', async () => {
    const p = await addProduct({ quantity: 5 });
    const order = await placeOrder(alice, p.id, 2);
    const mails = shop.mails.length;
    const res = await webhook(capturedEvent(order.order_id, 'pay_WEBHOOKONLY001', order.amount));
    expect(res.statusCode).toBe(200);
    expect(await checkoutRow(order.order_id)).toMatchObject({ payment: 'Paid', paymentId: 'pay_WEBHOOKONLY001', stockState: 'sold' });
    expect(await stockOf(p.id)).toBe(3);
    expect(shop.mails.slice(mails).map((m) => m.to).sort()).toEqual([alice.email, shop.config.shopEmail].sort());
    const mine = (await shop.request({ method: 'GET', url: '/api/orders', token: alice.token })).json().orders as Array<Record<string, unknown>>;
    expect(mine.find((o) => o.order_id === order.order_id)).toMatchObject({ payment: 'Paid', status: 'Processing', payment_id: 'pay_WEBHOOKONLY001' });

    // The browser's verification arriving afterwards answers success and sends nothing more.
    const signature = hmacSha256Hex('test_key_secret', `${order.order_id}|pay_WEBHOOKONLY001`);
    const late = await verify(alice, { razorpay_order_id: order.order_id, razorpay_payment_id: 'pay_WEBHOOKONLY001', razorpay_signature: signature });
    expect(late.json()).toEqual({ success: true });
    expect(shop.mails.length - mails).toBe(2);
    expect(await stockOf(p.id)).toBe(3);
  });

  it('handles order.paid the same way', async () => {
    const p = await addProduct({ quantity: 5 });
    const order = await placeOrder(bob, p.id, 1);
    const res = await webhook({
      event: 'order.paid',
      payload: {
        payment: { entity: { id: 'pay_ORDERPAID00001', order_id: order.order_id, status: 'captured', amount: order.amount } },
        order: { entity: { id: order.order_id, status: 'paid', amount_paid: order.amount } },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await checkoutRow(order.order_id)).toMatchObject({ payment: 'Paid', paymentId: 'pay_ORDERPAID00001' });
  });

  it('drops a duplicate delivery by its event id', async () => {
    const p = await addProduct({ quantity: 5 });
    const order = await placeOrder(alice, p.id, 1);
    const event = capturedEvent(order.order_id, 'pay_DUPLICATE0001', order.amount);
    const first = await webhook(event, { eventId: 'evt_DUP_1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'processed' });
    const mails = shop.mails.length;
    const row = await checkoutRow(order.order_id);
    const second = await webhook(event, { eventId: 'evt_DUP_1' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: 'duplicate' });
    // Even a new event id for the same payment changes nothing (the state machine is idempotent).
    expect((await webhook(event, { eventId: 'evt_DUP_2' })).statusCode).toBe(200);
    expect(await checkoutRow(order.order_id)).toEqual(row);
    expect(shop.mails.length).toBe(mails);
    expect(await stockOf(p.id)).toBe(4);
    const events = await shop.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_DUP_1'));
    expect(events).toHaveLength(1);
  });

  it('marks payment.failed as Failed and releases the stock, but never moves a paid order back', async () => {
    const p = await addProduct({ quantity: 5 });
    const pending = await placeOrder(alice, p.id, 2);
    expect(await stockOf(p.id)).toBe(3);
    expect((await webhook(failedEvent(pending.order_id, 'pay_FAILED0000001'))).statusCode).toBe(200);
    expect(await checkoutRow(pending.order_id)).toMatchObject({ payment: 'Failed', stockState: 'released' });
    expect(await stockOf(p.id)).toBe(5);

    const paid = await placeOrder(bob, p.id, 1);
    await webhook(capturedEvent(paid.order_id, 'pay_PAIDTHENFAIL01', paid.amount));
    const res = await webhook(failedEvent(paid.order_id, 'pay_OTHERATTEMPT1'));
    expect(res.statusCode).toBe(200);
    expect(await checkoutRow(paid.order_id)).toMatchObject({ payment: 'Paid', stockState: 'sold' });
    expect(await stockOf(p.id)).toBe(4);
  });

  it('a verification and a webhook racing for the same payment count once', async () => {
    const p = await addProduct({ quantity: 5 });
    const order = await placeOrder(alice, p.id, 2);
    const result = (await sandbox(alice, { order_id: order.order_id, outcome: 'success' })).json();
    const mails = shop.mails.length;
    const event = capturedEvent(order.order_id, result.razorpay_payment_id, order.amount);
    const answers = await Promise.all([verify(alice, result), webhook(event), verify(alice, result), webhook(event)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(shop.mails.length - mails).toBe(2);
    expect(await stockOf(p.id)).toBe(3);
  });

  it('answers 200 for unknown orders and events it does not handle', async () => {
    const unknown = await webhook(capturedEvent('order_NOTOURS0000001', 'pay_NOTOURS000001', 100));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: 'ignored' });
    expect((await webhook({ event: 'refund.processed', payload: {} })).json()).toEqual({ message: 'ignored' });
    expect((await webhook({ event: 'payment.captured', payload: { payment: { entity: { id: 5 } } } })).json()).toEqual({ message: 'ignored' });
    expect((await webhook([1, 2, 3])).statusCode).toBe(200);
    expect((await webhook(null, { eventId: null })).statusCode).toBe(200);
  });

  it('refuses malformed bodies and other content types with a 4xx, never a 5xx', async () => {
    const raw = '{"event": "payment.captured", ';
    const malformed = await webhook(null, { raw });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTypeOf('string');
    const text = await shop.request({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'text/plain', 'x-razorpay-signature': hmacSha256Hex('test_webhook_secret', 'hello') },
      payload: 'hello',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    const empty = await shop.request({ method: 'POST', url: '/api/payments/razorpay/webhook' });
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('leaves the JSON parsing of every other route alone', async () => {
    const res = await shop.request({ method: 'POST', url: '/api/orders', token: alice.token, payload: { cart: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cart/i);
  });
});

describe('razorpay mode', () => {
  let live: TestShop;
  beforeAll(async () => {
    live = await createTestShop({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_LIVEKEY' });
  });
  afterAll(() => live.close());

  it('reports razorpay with the public key, and hides the sandbox (404)', async () => {
    expect((await live.request({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ provider: 'razorpay', key_id: 'rzp_test_LIVEKEY' });
    const user = await live.createShopper();
    const res = await live.request({
      method: 'POST',
      url: '/api/payments/sandbox/checkout',
      token: user.token,
      payload: { order_id: 'order_ANY000000000001', outcome: 'success' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTypeOf('string');
  });
});
