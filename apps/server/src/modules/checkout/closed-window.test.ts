/**
 * A closed payment window must not cost the sale: closing it (POST /orders/release) gives the units back at once and
 * keeps the cart; a shopper's own open checkout never makes their cart sold out; PAY again reopens the same checkout;
 * a payment that still comes follows the usual rules, and a payment racing the release never returns units twice.
 * With DATABASE_URL the race runs on two app instances, each with its own pool to one PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TestShop, TestUser } from '../../test/harness.js';
import { checkoutFixtures } from '../../test/checkout-fixtures.js';
import { checkouts } from '../../db/schema.js';
import { hmacSha256Hex } from '../../lib/payments/signature.js';
import { releaseExpiredReservations } from './state.js';

const MINUTE = 60_000;
const onPostgres = Boolean(process.env.DATABASE_URL);

const fx = checkoutFixtures({ category: 'Sweets', name: 'Danedar Khoa', pricePaise: 24_000 });
const { stockOf, checkoutRow } = fx;
const addProduct = (quantity: number) => fx.addProduct({ quantity });
let shop: TestShop;
let peer: FastifyInstance;
let asha: TestUser;
let ravi: TestUser;

beforeAll(async () => {
  shop = await fx.open();
  peer = await shop.buildPeerApp();
  [asha, ravi] = await Promise.all([shop.createShopper({ name: 'Asha Rao' }), shop.createShopper({ name: 'Ravi Kumar' })]);
});
afterAll(() => shop.close());

const pay = (user: TestUser, cart: Array<{ _id: string; cart_quantity: number }>) =>
  shop.request({ method: 'POST', url: '/api/orders', token: user.token, payload: { cart } });
const release = (user: TestUser | undefined, orderId: string, app?: FastifyInstance) =>
  app
    ? app.inject({ method: 'POST', url: '/api/orders/release', headers: { authorization: `Bearer ${user!.token}` }, payload: { order_id: orderId } })
    : shop.request({ method: 'POST', url: '/api/orders/release', token: user?.token, payload: { order_id: orderId } });
const cartOf = (user: TestUser | undefined, productId: string, quantity: number) =>
  shop.request({ method: 'POST', url: '/api/products/getcart', token: user?.token, payload: { cart: [{ _id: productId, cart_quantity: quantity }] } });

async function payAndVerify(user: TestUser, orderId: string) {
  const paid = await shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: user.token, payload: { order_id: orderId, outcome: 'success' } });
  expect(paid.statusCode).toBe(200);
  return shop.request({ method: 'POST', url: '/api/orders/paymentverification', token: user.token, payload: paid.json() });
}

describe('closing the payment window', () => {
  it('gives the last units back at once, keeps them in the cart, and PAY again reopens the same checkout and sells them', async () => {
    const khoa = await addProduct(2);
    const cart = [{ _id: khoa.id, cart_quantity: 2 }];
    const first = await pay(asha, cart);
    expect(first.statusCode).toBe(200);
    const orderId = first.json().order_id as string;
    expect(await stockOf(khoa.id)).toBe(0);

    // Her own hold is hers: her cart still has both; for anyone else they are sold out.
    expect((await cartOf(asha, khoa.id, 2)).json().cartDetails[0]).toMatchObject({ quantity: 2, cart_quantity: 2 });
    expect((await cartOf(undefined, khoa.id, 2)).json().cartDetails[0]).toMatchObject({ quantity: 0 });
    expect((await cartOf(ravi, khoa.id, 2)).json().cartDetails[0]).toMatchObject({ quantity: 0 });

    // Only she can close it; a guest is asked to log in, someone else gets the same 404 as a missing checkout.
    expect((await release(undefined, orderId)).statusCode).toBe(401);
    const notHers = await release(ravi, orderId);
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json()).toEqual({ message: 'Order not found' });
    expect(await stockOf(khoa.id)).toBe(0);
    expect((await release(asha, 'order_not_there')).statusCode).toBe(404);
    expect((await release(asha, 'bad id!')).statusCode).toBe(400);

    const closed = await release(asha, orderId);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ message: 'The payment window was closed; your cart is kept' });
    expect(await stockOf(khoa.id)).toBe(2);
    // Closing again gives nothing more.
    expect((await release(asha, orderId)).statusCode).toBe(200);
    expect(await stockOf(khoa.id)).toBe(2);
    expect(await checkoutRow(orderId)).toMatchObject({ payment: 'Pending', stockState: 'released' });
    expect((await cartOf(asha, khoa.id, 2)).json().cartDetails[0]).toMatchObject({ quantity: 2, cart_quantity: 2 });

    // PAY again: the same checkout, its units taken again, and open for another five minutes.
    shop.advanceClock(2 * MINUTE);
    const again = await pay(asha, cart);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order_id).toBe(orderId);
    expect(await stockOf(khoa.id)).toBe(0);
    const reopened = await checkoutRow(orderId);
    expect(reopened.stockState).toBe('reserved');
    const left = reopened.reservedUntil.getTime() - shop.app.deps.now().getTime();
    expect(left).toBeGreaterThan(4.5 * MINUTE);
    expect(left).toBeLessThanOrEqual(5 * MINUTE);

    const verified = await payAndVerify(asha, orderId);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true });
    expect(await checkoutRow(orderId)).toMatchObject({ payment: 'Paid', stockState: 'sold' });
    expect(await stockOf(khoa.id)).toBe(0);
    const late = await release(asha, orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This order is already paid' });
    expect(await stockOf(khoa.id)).toBe(0);
  });

  it('a different cart is not blocked by her own open checkout: that checkout lets its units go', async () => {
    const khoa = await addProduct(2);
    const held = await pay(asha, [{ _id: khoa.id, cart_quantity: 2 }]);
    expect(held.statusCode).toBe(200);
    const smaller = await pay(asha, [{ _id: khoa.id, cart_quantity: 1 }]);
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect(smaller.json().order_id).not.toBe(held.json().order_id);
    expect(await stockOf(khoa.id)).toBe(1);
    expect(await checkoutRow(held.json().order_id)).toMatchObject({ payment: 'Pending', stockState: 'released' });
    // Someone else's hold still counts against her.
    const other = await addProduct(1);
    expect((await pay(ravi, [{ _id: other.id, cart_quantity: 1 }])).statusCode).toBe(200);
    const refused = await pay(asha, [{ _id: other.id, cart_quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${other.name} is out of stock`);
  });

  it('a payment after the close: the units again when they are there, Refund due when they sold meanwhile (webhook)', async () => {
    const khoa = await addProduct(2);
    const mine = (await pay(asha, [{ _id: khoa.id, cart_quantity: 2 }])).json().order_id as string;
    expect((await release(asha, mine)).statusCode).toBe(200);
    // The shopper's payment still went through (the window closed after the money moved).
    const verified = await payAndVerify(asha, mine);
    expect(verified.statusCode).toBe(200);
    expect(await checkoutRow(mine)).toMatchObject({ payment: 'Paid', stockState: 'sold' });
    expect(await stockOf(khoa.id)).toBe(0);

    const jar = await addProduct(1);
    const closedOne = (await pay(asha, [{ _id: jar.id, cart_quantity: 1 }])).json().order_id as string;
    expect((await release(asha, closedOne)).statusCode).toBe(200);
    const ravis = (await pay(ravi, [{ _id: jar.id, cart_quantity: 1 }])).json().order_id as string;
    expect((await payAndVerify(ravi, ravis)).statusCode).toBe(200);
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_AFTERCLOSE001', order_id: closedOne, amount: 24_000, currency: 'INR', status: 'captured' } } },
    });
    const hook = await shop.request({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacSha256Hex('test_webhook_secret', raw), 'x-razorpay-event-id': 'evt_afterclose_1' },
      payload: raw,
    });
    expect(hook.statusCode).toBe(200);
    expect(await checkoutRow(closedOne)).toMatchObject({ payment: 'Refund due', paymentId: 'pay_AFTERCLOSE001' });
    expect(await stockOf(jar.id)).toBe(0);
  });

  it('a closed checkout nobody pays becomes Expired when its time is up, and gives nothing back twice', async () => {
    const khoa = await addProduct(3);
    const orderId = (await pay(asha, [{ _id: khoa.id, cart_quantity: 3 }])).json().order_id as string;
    expect((await release(asha, orderId)).statusCode).toBe(200);
    shop.advanceClock(6 * MINUTE);
    await releaseExpiredReservations(shop.db, shop.app.deps.now());
    expect(await checkoutRow(orderId)).toMatchObject({ payment: 'Expired', stockState: 'released' });
    expect(await stockOf(khoa.id)).toBe(3);
    // PAY again after that is a new checkout.
    const fresh = await pay(asha, [{ _id: khoa.id, cart_quantity: 3 }]);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().order_id).not.toBe(orderId);
    expect(await stockOf(khoa.id)).toBe(0);
  });

  it(`payments racing the close${onPostgres ? ' on two PostgreSQL instances' : ''}: every payment recorded, no unit returned twice`, async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => shop.createShopper({ name: `Racer ${i + 1}` })));
    const stock = await addProduct(buyers.length * 2);
    const opened = await Promise.all(
      buyers.map(async (b) => {
        const orderId = (await pay(b, [{ _id: stock.id, cart_quantity: 2 }])).json().order_id as string;
        const signed = await shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: b.token, payload: { order_id: orderId, outcome: 'success' } });
        return { buyer: b, orderId, signed: signed.json() as object };
      }),
    );
    expect(await stockOf(stock.id)).toBe(0);
    const answers = await Promise.all(
      opened.flatMap(({ buyer, orderId, signed }, i) => {
        const [payOn, closeOn] = i % 2 === 0 ? [shop.app, peer] : [peer, shop.app];
        return [
          payOn.inject({ method: 'POST', url: '/api/orders/paymentverification', headers: { authorization: `Bearer ${buyer.token}` }, payload: signed }),
          release(buyer, orderId, closeOn),
        ];
      }),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // The payment is recorded either way; the close answers 200 (it came first) or 409 (the payment did).
    for (let i = 0; i < statuses.length; i += 2) {
      expect(statuses[i]).toBe(200);
      expect([200, 409]).toContain(statuses[i + 1]);
    }
    const rows = await shop.db.select({ payment: checkouts.payment, stockState: checkouts.stockState }).from(checkouts).where(inArray(checkouts.id, opened.map((o) => o.orderId)));
    expect(rows).toEqual(Array.from({ length: buyers.length }, () => ({ payment: 'Paid', stockState: 'sold' })));
    expect(await stockOf(stock.id)).toBe(0);
  });
});
