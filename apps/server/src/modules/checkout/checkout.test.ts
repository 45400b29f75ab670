/** POST /orders, payment verification and stock reservations, through the HTTP API. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DELIVERY, createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { GHEE, ORDER_KEYS, checkoutFixtures } from '../../test/checkout-fixtures.js';
import { categories, checkouts, orders, products } from '../../db/schema.js';
import { PaymentProviderError } from '../../lib/payments/provider.js';
import { paymentSignature } from '../../lib/payments/signature.js';
import { releaseExpiredReservations } from './state.js';
import { MAX_OPEN_CHECKOUTS, TOO_MANY_OPEN_CHECKOUTS } from './service.js';
import { insertProducts, setStock } from '../../test/products.js';

const fx = checkoutFixtures(GHEE);
const { addProduct, stockOf, checkoutRow, placeOrder, placeOrderOk, sandboxPay, verify, buyAndPay } = fx;
let shop: TestShop, alice: TestUser, bob: TestUser, admin: TestUser;
beforeAll(async () => ({ shop, alice, bob, admin } = await fx.openWithShoppers()));
afterAll(() => shop.close());
const MINUTE = 60_000;

describe('POST /api/orders', () => {
  it('re-prices from the database, reserves the stock and answers the amount in paise with the prefill', async () => {
    const ghee = await addProduct({ pricePaise: 59_500, quantity: 10, image: '/uploads/products/ghee.webp' });
    const res = await placeOrder(alice.token, [{ _id: ghee.id, cart_quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['amount', 'email', 'name', 'order_id', 'phone']);
    expect(body).toEqual({ amount: 178_500, order_id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/), name: 'Alice Farmer', email: alice.email, phone: '+919800000001' });
    expect(await stockOf(ghee.id)).toBe(7);

    const checkout = await checkoutRow(body.order_id);
    expect(checkout).toMatchObject({ userId: alice.id, amountPaise: 178_500, currency: 'INR', payment: 'Pending', paymentId: null, stockState: 'reserved' });
    expect(checkout.receipt).toMatch(/^rcpt_[0-9a-f]{16}$/);
    const held = checkout.reservedUntil.getTime() - checkout.createdAt.getTime();
    expect(held).toBe(5 * MINUTE);

    // An unpaid checkout is an attempt: listed only when asked for.
    const paidOnly = await shop.request({ method: 'GET', url: '/api/orders/', token: alice.token });
    expect((paidOnly.json().orders as Array<Record<string, unknown>>).some((o) => o.order_id === body.order_id)).toBe(false);
    const mine = await shop.request({ method: 'GET', url: '/api/orders/?attempts=true', token: alice.token });
    const line = (mine.json().orders as Array<Record<string, unknown>>).find((o) => o.order_id === body.order_id)!;
    expect(Object.keys(line).sort()).toEqual(ORDER_KEYS);
    expect(line).toEqual({
      _id: expect.any(String),
      user: { name: 'Alice Farmer', email: alice.email },
      product: { _id: ghee.id, name: ghee.name, slug: ghee.slug, price: 595, image: '/uploads/products/ghee.webp', available: true },
      variant_label: 'Standard',
      sku: ghee.sku,
      cart_quantity: 3,
      payment: 'Pending',
      payment_id: '',
      order_id: body.order_id,
      order_number: `SF-${checkout.orderNumber}`,
      receipt: checkout.receipt,
      status: 'Awaiting payment',
      shippingStatus: 'Awaiting payment',
      createdAt: checkout.createdAt.toISOString(),
      delivery: { name: 'Alice Farmer', phone: '+919800000001', address: TEST_DELIVERY.address, pin: TEST_DELIVERY.pin, state: TEST_DELIVERY.state },
      order_total: 1785,
      payment_method: 'online',
    });
  });

  it('ignores prices, amounts and currencies sent by the client', async () => {
    const honey = await addProduct({ pricePaise: 45_050, quantity: 10 });
    const res = await placeOrder(
      alice.token,
      [{ _id: honey.id, cart_quantity: 2, currency: 'USD', price: 1, amount: 1, name: 'cheap' }],
      { currency: 'USD', amount: 100, price: 1 },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amount).toBe(90_100);
    const checkout = await checkoutRow(res.json().order_id);
    expect(checkout.amountPaise).toBe(90_100);
    expect(checkout.currency).toBe('INR');
    const [line] = await shop.db.select().from(orders).where(eq(orders.checkoutId, checkout.id));
    expect(line!.unitPricePaise).toBe(45_050);
  });

  it('merges duplicate lines of one product and sums several products', async () => {
    const a = await addProduct({ pricePaise: 10_000, quantity: 10 });
    const b = await addProduct({ pricePaise: 25_025, quantity: 10 });
    const res = await placeOrder(bob.token, [
      { _id: a.id, cart_quantity: 1 },
      { _id: b.id, cart_quantity: 2 },
      { _id: a.id, cart_quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amount).toBe(3 * 10_000 + 2 * 25_025);
    const lines = await shop.db.select().from(orders).where(eq(orders.checkoutId, res.json().order_id));
    expect(lines.map((l) => [l.productId, l.cartQuantity]).sort()).toEqual([[a.id, 3], [b.id, 2]].sort());
    expect(new Set(lines.map((l) => l.checkoutId)).size).toBe(1);
    expect(await stockOf(a.id)).toBe(7);
    expect(await stockOf(b.id)).toBe(8);
  });

  it('refuses an unknown product with 404 naming it, and reserves nothing', async () => {
    const a = await addProduct({ quantity: 5 });
    const missing = randomUUID();
    const res = await placeOrder(alice.token, [{ _id: a.id, cart_quantity: 1 }, { _id: missing, cart_quantity: 1 }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain(missing);
    expect(await stockOf(a.id)).toBe(5);
  });

  it('refuses more than the stock with 409 naming the product, all lines or none', async () => {
    const a = await addProduct({ name: 'Buffalo Ghee', quantity: 5 });
    const b = await addProduct({ name: 'Forest Honey', quantity: 2 });
    const res = await placeOrder(alice.token, [{ _id: a.id, cart_quantity: 1 }, { _id: b.id, cart_quantity: 3 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Only 2 left of Forest Honey' });
    expect(await stockOf(a.id)).toBe(5);
    expect(await stockOf(b.id)).toBe(2);

    const none = await addProduct({ name: 'Jaggery Powder', quantity: 0 });
    const out = await placeOrder(alice.token, [{ _id: none.id, cart_quantity: 1 }]);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toEqual({ message: 'Jaggery Powder is out of stock' });
  });

  it('answers 502 and keeps nothing reserved when the payment provider fails', async () => {
    const a = await addProduct({ quantity: 4 });
    const spy = vi.spyOn(shop.app.payments, 'createOrder').mockRejectedValueOnce(new PaymentProviderError('down'));
    try {
      const res = await placeOrder(alice.token, [{ _id: a.id, cart_quantity: 2 }]);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'Payment provider unavailable, please try again' });
    } finally {
      spy.mockRestore();
    }
    expect(await stockOf(a.id)).toBe(4);
    const lines = await shop.db.select().from(orders).where(eq(orders.productId, a.id));
    expect(lines).toHaveLength(0);
  });

  it('decides at the atomic decrement: stock or product gone while the provider order is made', async () => {
    const sold = await addProduct({ name: 'Last Jar', quantity: 2 });
    const gone = await addProduct({ name: 'Withdrawn Oil', quantity: 2 });
    const spy = vi.spyOn(shop.app.payments, 'createOrder');
    try {
      // Someone else takes the stock between the early check and the reservation.
      spy.mockImplementationOnce(async () => {
        await setStock(shop.db, sold.id, 1);
        return { id: 'order_RACE0000000001' };
      });
      const raced = await placeOrder(alice.token, [{ _id: sold.id, cart_quantity: 2 }]);
      expect(raced.statusCode).toBe(409);
      expect(raced.json()).toEqual({ message: 'Only 1 left of Last Jar' });
      expect(await stockOf(sold.id)).toBe(1);

      // The admin deletes the product meanwhile.
      spy.mockImplementationOnce(async () => {
        await shop.db.delete(products).where(eq(products.id, gone.id));
        return { id: 'order_RACE0000000002' };
      });
      const deleted = await placeOrder(alice.token, [{ _id: gone.id, cart_quantity: 1 }]);
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json().message).toBeTypeOf('string');
    } finally {
      spy.mockRestore();
    }
    const rows = await shop.db.select().from(checkouts).where(eq(checkouts.id, 'order_RACE0000000001'));
    expect(rows).toHaveLength(0);
  });

  it('lets an admin buy too', async () => {
    const a = await addProduct({ quantity: 4 });
    const order = await placeOrderOk(admin, a.id, 1);
    expect(order.email).toBe(admin.email);
  });

  it('caps the unpaid checkouts one shopper may hold, so nobody hoards stock', async () => {
    const hoarder = await shop.createShopper();
    // A different cart each time (the same cart would reuse its open checkout).
    const items = await Promise.all(Array.from({ length: MAX_OPEN_CHECKOUTS + 2 }, () => addProduct({ quantity: 50 })));
    const held = [];
    for (let i = 0; i < MAX_OPEN_CHECKOUTS; i++) held.push(await placeOrderOk(hoarder, items[i]!.id, 1));
    const res = await placeOrder(hoarder.token, [{ _id: items[MAX_OPEN_CHECKOUTS]!.id, cart_quantity: 1 }]);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: TOO_MANY_OPEN_CHECKOUTS });
    // Paying one frees a place.
    expect((await verify(hoarder, await sandboxPay(hoarder, held[0]!.order_id))).statusCode).toBe(200);
    expect((await placeOrderOk(hoarder, items[MAX_OPEN_CHECKOUTS + 1]!.id, 1)).order_id).toMatch(/^order_/);
  });

  it('asks a guest to log in', async () => {
    const a = await addProduct();
    const res = await placeOrder(undefined, [{ _id: a.id, cart_quantity: 1 }]);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('refuses bad input with a 400 and a message, never a 5xx', async () => {
    const a = await addProduct({ quantity: 500 });
    const bad: unknown[] = [
      undefined,
      {},
      { cart: [] },
      { cart: 'ghee' },
      { cart: [{ _id: a.id }] },
      { cart: [{ _id: a.id, cart_quantity: 0 }] },
      { cart: [{ _id: a.id, cart_quantity: -1 }] },
      { cart: [{ _id: a.id, cart_quantity: 1.5 }] },
      { cart: [{ _id: a.id, cart_quantity: '2' }] },
      { cart: [{ _id: a.id, cart_quantity: 101 }] },
      { cart: [{ _id: a.id, cart_quantity: 60 }, { _id: a.id, cart_quantity: 60 }] },
      { cart: [{ _id: 'not-a-uuid', cart_quantity: 1 }] },
      { cart: [{ _id: a.id, cart_quantity: 1, currency: 'GBP' }] },
      { cart: [{ _id: a.id, cart_quantity: 1 }], currency: 'XYZ' },
      { cart: Array.from({ length: 51 }, () => ({ _id: randomUUID(), cart_quantity: 1 })) },
    ];
    for (const payload of bad) {
      const res = await shop.request({ method: 'POST', url: '/api/orders', token: alice.token, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBeTypeOf('string');
    }
    const malformed = await shop.request({
      method: 'POST',
      url: '/api/orders',
      token: alice.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"cart": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await stockOf(a.id)).toBe(500);
  });
});

describe('POST /api/orders/paymentverification', () => {
  it('marks the checkout paid, sells the reservation and mails the customer and the shop', async () => {
    const ghee = await addProduct({ name: 'A2 Cow Ghee', pricePaise: 120_000, quantity: 10 });
    const order = await placeOrderOk(alice, ghee.id, 2);
    const result = await sandboxPay(alice, order.order_id);
    const mailsBefore = shop.mails.length;

    const res = await verify(alice, result);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const checkout = await checkoutRow(order.order_id);
    expect(checkout).toMatchObject({ payment: 'Paid', paymentId: result.razorpay_payment_id, stockState: 'sold' });
    expect(checkout.paidAt).toBeInstanceOf(Date);
    expect(await stockOf(ghee.id)).toBe(8);

    const mine = (await shop.request({ method: 'GET', url: '/api/orders', token: alice.token })).json().orders as Array<Record<string, unknown>>;
    const line = mine.find((o) => o.order_id === order.order_id)!;
    expect(line).toMatchObject({ payment: 'Paid', payment_id: result.razorpay_payment_id, status: 'Processing', shippingStatus: 'Processing' });

    const mails = shop.mails.slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual([alice.email, shop.config.shopEmail].sort());
    const confirmation = mails.find((m) => m.to === alice.email)!;
    expect(confirmation.subject).toContain(`SF-${checkout.orderNumber}`);
    expect(confirmation.text).toContain(`Order number: SF-${checkout.orderNumber}`);
    expect(confirmation.text).toContain('A2 Cow Ghee x 2');
    expect(confirmation.text).toContain('₹ 2,400.00');
  });

  it('is idempotent: a replay answers the same and changes nothing, with no second mail', async () => {
    const a = await addProduct({ quantity: 10 });
    const { order, result } = await buyAndPay(alice, a.id, 3);
    const before = await checkoutRow(order.order_id);
    const mails = shop.mails.length;
    for (let i = 0; i < 3; i++) {
      const again = await verify(alice, result);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true });
    }
    expect(await checkoutRow(order.order_id)).toEqual(before);
    expect(await stockOf(a.id)).toBe(7);
    expect(shop.mails.length).toBe(mails);
  });

  it('counts concurrent verifications once', async () => {
    const a = await addProduct({ quantity: 10 });
    const order = await placeOrderOk(bob, a.id, 2);
    const result = await sandboxPay(bob, order.order_id);
    const mails = shop.mails.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(bob, result)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(shop.mails.length - mails).toBe(2);
    expect(await stockOf(a.id)).toBe(8);
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const a = await addProduct({ quantity: 10 });
    const order = await placeOrderOk(alice, a.id, 1);
    const before = await checkoutRow(order.order_id);
    const mails = shop.mails.length;
    const paymentId = 'pay_FORGED00000001';
    const forgeries = [
      { razorpay_order_id: order.order_id, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature('guessed-secret', order.order_id, paymentId) },
      { razorpay_order_id: order.order_id, razorpay_payment_id: paymentId, razorpay_signature: 'deadbeef' },
      { razorpay_order_id: order.order_id, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(shop.config.payment.keySecret, 'order_SOMEOTHER00001', paymentId) },
    ];
    for (const forged of forgeries) {
      const res = await verify(alice, forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Payment verification failed' });
    }
    expect(await checkoutRow(order.order_id)).toEqual(before);
    expect(await stockOf(a.id)).toBe(9);
    expect(shop.mails.length).toBe(mails);
  });

  it("answers 404 for another customer's order and for unknown orders, changing nothing", async () => {
    const a = await addProduct({ quantity: 10 });
    const order = await placeOrderOk(alice, a.id, 1);
    const result = await sandboxPay(alice, order.order_id);
    const stolen = await verify(bob, result);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBeTypeOf('string');
    expect((await checkoutRow(order.order_id)).payment).toBe('Pending');

    const unknown = await verify(alice, { ...result, razorpay_order_id: 'order_DOESNOTEXIST01' });
    expect(unknown.statusCode).toBe(404);
  });

  it('asks a guest to log in and refuses bad input with a message', async () => {
    const guest = await verify(undefined, { razorpay_order_id: 'order_X', razorpay_payment_id: 'pay_X', razorpay_signature: 'x' });
    expect(guest.statusCode).toBe(401);
    const bad: unknown[] = [
      {},
      { razorpay_order_id: 'order_X' },
      { razorpay_order_id: 'order_X', razorpay_payment_id: 'pay_X' },
      { razorpay_order_id: 1, razorpay_payment_id: 'pay_X', razorpay_signature: 'x' },
      { razorpay_order_id: 'order_X; drop table', razorpay_payment_id: 'pay_X', razorpay_signature: 'x' },
      { razorpay_order_id: 'order_X', razorpay_payment_id: 'pay_X', razorpay_signature: 'x'.repeat(201) },
    ];
    for (const payload of bad) {
      const res = await verify(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBeTypeOf('string');
    }
  });
});

describe('stock reservations', () => {
  it('give lapsed units back once, and a late payment takes them again while they are there', async () => {
    const a = await addProduct({ quantity: 5 });
    const order = await placeOrderOk(alice, a.id, 2);
    const result = await sandboxPay(alice, order.order_id);
    expect(await stockOf(a.id)).toBe(3);

    // Not yet lapsed: nothing moves.
    await releaseExpiredReservations(shop.db, shop.app.deps.now());
    expect(await stockOf(a.id)).toBe(3);

    shop.advanceClock(6 * MINUTE);
    // Two instances sweeping at once still give the units back only once.
    await Promise.all([releaseExpiredReservations(shop.db, shop.app.deps.now()), releaseExpiredReservations(shop.db, shop.app.deps.now())]);
    await releaseExpiredReservations(shop.db, shop.app.deps.now());
    expect(await stockOf(a.id)).toBe(5);
    // Lapsed unpaid: Expired, and its units are back.
    expect(await checkoutRow(order.order_id)).toMatchObject({ stockState: 'released', payment: 'Expired' });

    const res = await verify(alice, result);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await stockOf(a.id)).toBe(3);
    expect(await checkoutRow(order.order_id)).toMatchObject({ stockState: 'sold', payment: 'Paid' });
  });

  it("mark a late payment 'Refund due' when the stock went to someone else, and never go below zero", async () => {
    const a = await addProduct({ name: 'Wild Honey', quantity: 2 });
    const late = await placeOrderOk(alice, a.id, 2);
    const lateResult = await sandboxPay(alice, late.order_id);
    expect(await stockOf(a.id)).toBe(0);
    expect((await placeOrder(bob.token, [{ _id: a.id, cart_quantity: 1 }])).json()).toEqual({ message: 'Wild Honey is out of stock' });

    shop.advanceClock(6 * MINUTE);
    // Bob's checkout releases Alice's lapsed hold on demand, before its stock check.
    await buyAndPay(bob, a.id, 2);
    expect(await stockOf(a.id)).toBe(0);

    const mails = shop.mails.length;
    const res = await verify(alice, lateResult);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: expect.stringContaining('refunded') });
    expect(await stockOf(a.id)).toBe(0);
    expect(await checkoutRow(late.order_id)).toMatchObject({ payment: 'Refund due', paymentId: lateResult.razorpay_payment_id, stockState: 'released' });
    expect(shop.mails.slice(mails).map((m) => [m.to, m.subject])).toEqual([[shop.config.shopEmail, expect.stringContaining('Refund due')]]);

    // A replay answers the same and changes nothing.
    const again = await verify(alice, lateResult);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(res.json());
    expect(shop.mails.length).toBe(mails + 1);

    const all = (await shop.request({ method: 'GET', url: '/api/orders/all', token: admin.token })).json().orders as Array<Record<string, unknown>>;
    expect(all.find((o) => o.order_id === late.order_id)).toMatchObject({ payment: 'Refund due', status: 'Awaiting payment' });
  });
});

describe('lapsed holds under a race', () => {
  it('let two shoppers racing for the last unit both buy when a lapsed hold can give units back', async () => {
    const a = await addProduct({ name: 'Jamun Honey', quantity: 3 });
    const lapsed = await placeOrderOk(alice, a.id, 2);
    shop.advanceClock(6 * MINUTE);
    // One unit on hand, two held by a reservation that lapsed but was not swept yet: whichever of the two finds the
    // stock short (before or after reading it) gives the lapsed units back and still gets its unit.
    const carol = await shop.createShopper({ name: 'Carol Cook' });
    const [first, second] = await Promise.all([
      placeOrder(bob.token, [{ _id: a.id, cart_quantity: 1 }]),
      placeOrder(carol.token, [{ _id: a.id, cart_quantity: 1 }]),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await stockOf(a.id)).toBe(1);
    expect(await checkoutRow(lapsed.order_id)).toMatchObject({ stockState: 'released', payment: 'Expired' });
  });
});

describe('mail failures', () => {
  it('never fail or undo a verified payment', async () => {
    const failing = await createTestShop({}, { mailer: { send: () => Promise.reject(new Error('smtp down')) } });
    try {
      const [category] = await failing.db.insert(categories).values({ name: 'Oils', slug: 'oils' }).returning();
      const [p] = await insertProducts(failing.db, [{ name: 'Mustard Oil', slug: 'mustard-oil', pricePaise: 30_000, quantity: 3, categoryId: category!.id }]);
      const user = await failing.createShopper();
      const created = await failing.request({ method: 'POST', url: '/api/orders', token: user.token, payload: { cart: [{ _id: p!.id, cart_quantity: 1 }] } });
      const paid = await failing.request({
        method: 'POST',
        url: '/api/payments/sandbox/checkout',
        token: user.token,
        payload: { order_id: created.json().order_id, outcome: 'success' },
      });
      const res = await failing.request({ method: 'POST', url: '/api/orders/paymentverification', token: user.token, payload: paid.json() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const [row] = await failing.db.select().from(checkouts).where(eq(checkouts.id, created.json().order_id));
      expect(row!.payment).toBe('Paid');
    } finally {
      await failing.close();
    }
  });
});
