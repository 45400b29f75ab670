/**
 * Issue 14 on the server: delivery details at checkout, one checkout per cart, Expired, the caps on what one shopper
 * may hold (raced across two instances on PostgreSQL), and refunds due for canceled lines and second payments.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MAX_HELD_UNITS } from '@shop/domain/constants';
import { createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { categories, checkouts, extraPayments, orders } from '../../db/schema.js';
import { hmacSha256Hex } from '../../lib/payments/signature.js';
import { releaseExpiredReservations } from './state.js';
import { MAX_OPEN_CHECKOUTS } from './service.js';
import { insertProducts, stockOf as defaultStock } from '../../test/products.js';

let shop: TestShop;
let categoryId: string;
let admin: TestUser;
const MINUTE = 60_000;

beforeAll(async () => {
  shop = await createTestShop();
  const [category] = await shop.db.insert(categories).values({ name: 'Ghee', slug: 'ghee' }).returning();
  categoryId = category!.id;
  admin = await shop.createAdmin();
});
afterAll(() => shop.close());

async function addProduct(quantity = 50, pricePaise = 59_500) {
  const name = `Bilona Ghee ${randomUUID().slice(0, 8)}`;
  const [row] = await insertProducts(shop.db, [{ name, slug: name.toLowerCase().replace(/\s+/g, '-'), pricePaise, quantity, categoryId, hsnCode: '0405', gstRateBp: 500 }]);
  return row!;
}

function stockOf(id: string): Promise<number> {
  return defaultStock(shop.db, id);
}

function checkout(user: TestUser, cart: Array<{ _id: string; cart_quantity: number }>, app?: FastifyInstance) {
  const opts = { method: 'POST' as const, url: '/api/orders', payload: { cart } };
  if (app) return app.inject({ ...opts, headers: { authorization: `Bearer ${user.token}` } });
  return shop.request({ ...opts, token: user.token });
}

async function pay(user: TestUser, orderId: string) {
  const paid = await shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: user.token, payload: { order_id: orderId, outcome: 'success' } });
  expect(paid.statusCode, paid.body).toBe(200);
  return shop.request({ method: 'POST', url: '/api/orders/paymentverification', token: user.token, payload: paid.json() });
}

async function checkoutsOf(userId: string) {
  return shop.db.select().from(checkouts).where(eq(checkouts.userId, userId));
}

describe('delivery details', () => {
  it('refuses a checkout without a phone, address or PIN with a 400 naming them, and creates nothing', async () => {
    const p = await addProduct(10);
    const cases: Array<[Parameters<TestShop['createUser']>[0], string[]]> = [
      [{ phone: '', address: '', pin: '', state: '' }, ['phone number', 'delivery address', 'state', '6-digit PIN code']],
      [{ phone: '' }, ['phone number']],
      [{ address: '   ' }, ['delivery address']],
      [{ pin: '' }, ['6-digit PIN code']],
      [{ pin: '12345' }, ['6-digit PIN code']],
    ];
    for (const [profile, missing] of cases) {
      const user = await shop.createShopper(profile);
      const res = await checkout(user, [{ _id: p.id, cart_quantity: 1 }]);
      expect(res.statusCode, JSON.stringify(profile)).toBe(400);
      for (const word of missing) expect(res.json().message).toContain(word);
      expect(await checkoutsOf(user.id)).toHaveLength(0);
    }
    expect(await stockOf(p.id)).toBe(10);
    // Abroad needs no PIN code.
    const abroad = await shop.createShopper({ pin: '', state: 'Outside India', address: '4 Marina Walk, Dubai' });
    expect((await checkout(abroad, [{ _id: p.id, cart_quantity: 1 }])).statusCode).toBe(200);
  });

  it('snapshots name, phone and address at checkout: lists, admin detail and both mails show it, later edits do not', async () => {
    const user = await shop.createShopper({ name: 'Meera Iyer', phone: '+91 99887 76655', address: 'Flat 3, Lotus Court\nBandra West, Mumbai', pin: '400050' });
    const p = await addProduct(10);
    const created = await checkout(user, [{ _id: p.id, cart_quantity: 2 }]);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().phone).toBe('+91 99887 76655');
    const before = shop.mails.length;
    expect((await pay(user, created.json().order_id)).json()).toEqual({ success: true });

    // The profile changes afterwards; the paid order still goes where it was sent.
    const edit = await shop.request({
      method: 'PUT',
      url: '/api/users/profile',
      token: user.token,
      payload: { name: 'Meera Iyer', phone: '+919000000000', address: 'Somewhere else', pin: '560001', state: 'Karnataka' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().user).toMatchObject({ pin: '560001', state: 'Karnataka' });

    const snapshot = { name: 'Meera Iyer', phone: '+91 99887 76655', address: 'Flat 3, Lotus Court\nBandra West, Mumbai', pin: '400050', state: 'Maharashtra' };
    const mine = (await shop.request({ method: 'GET', url: '/api/orders/', token: user.token })).json().orders;
    expect(mine).toHaveLength(1);
    expect(mine[0].delivery).toEqual(snapshot);
    const all = (await shop.request({ method: 'GET', url: '/api/orders/all', token: admin.token })).json().orders;
    const line = all.find((o: { order_id: string }) => o.order_id === created.json().order_id);
    expect(line.delivery).toEqual(snapshot);
    const one = await shop.request({ method: 'GET', url: `/api/orders/${line._id}`, token: admin.token });
    expect(one.json().order.delivery).toEqual(snapshot);

    const mails = shop.mails.slice(before);
    const confirmation = mails.find((m) => m.to === user.email)!;
    const shopMail = mails.find((m) => m.to === shop.config.shopEmail)!;
    for (const mail of [confirmation, shopMail]) {
      for (const part of ['Meera Iyer', '+91 99887 76655', 'Flat 3, Lotus Court', 'Bandra West, Mumbai', 'Maharashtra 400050']) {
        expect(mail.text).toContain(part);
        expect(mail.html).toContain(part);
      }
    }
  });
});

describe('one checkout per cart', () => {
  it('five PAY clicks on the same cart, then a payment, leave exactly one checkout', async () => {
    const user = await shop.createShopper();
    const p = await addProduct(20);
    const q = await addProduct(20);
    const cart = [
      { _id: p.id, cart_quantity: 2 },
      { _id: q.id, cart_quantity: 1 },
    ];
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await checkout(user, i % 2 ? [...cart].reverse() : cart);
      expect(res.statusCode, res.body).toBe(200);
      ids.add(res.json().order_id);
    }
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];
    expect(await stockOf(p.id)).toBe(18);
    expect(await stockOf(q.id)).toBe(19);
    expect(await checkoutsOf(user.id)).toHaveLength(1);
    expect(await shop.db.select().from(orders).where(eq(orders.checkoutId, orderId!))).toHaveLength(2);

    expect((await pay(user, orderId!)).json()).toEqual({ success: true });
    const mine = (await shop.request({ method: 'GET', url: '/api/orders/', token: user.token })).json().orders as Array<{ order_id: string }>;
    expect(new Set(mine.map((o) => o.order_id))).toEqual(new Set([orderId]));
    const attempts = (await shop.request({ method: 'GET', url: '/api/orders/?attempts=true', token: user.token })).json().orders;
    expect(attempts).toHaveLength(2);
    const adminList = (await shop.request({ method: 'GET', url: '/api/orders/all', token: admin.token })).json().orders as Array<{ order_id: string; user: { email: string } }>;
    expect(new Set(adminList.filter((o) => o.user.email === user.email).map((o) => o.order_id))).toEqual(new Set([orderId]));

    // Paid, the same cart is a new purchase.
    const again = await checkout(user, cart);
    expect(again.statusCode).toBe(200);
    expect(again.json().order_id).not.toBe(orderId);
  });

  it('a changed quantity is a new checkout; a lapsed one becomes Expired and gives its units back; a failed one stays Failed', async () => {
    const user = await shop.createShopper();
    const p = await addProduct(20);
    const first = (await checkout(user, [{ _id: p.id, cart_quantity: 1 }])).json().order_id;
    const second = (await checkout(user, [{ _id: p.id, cart_quantity: 2 }])).json().order_id;
    expect(second).not.toBe(first);
    const failed = (await checkout(user, [{ _id: p.id, cart_quantity: 3 }])).json().order_id;
    const fail = await shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: user.token, payload: { order_id: failed, outcome: 'failure' } });
    expect(fail.statusCode).toBe(402);
    expect(await stockOf(p.id)).toBe(17);

    shop.advanceClock(6 * MINUTE);
    await releaseExpiredReservations(shop.db, shop.app.deps.now());
    expect(await stockOf(p.id)).toBe(20);
    const rows = new Map((await checkoutsOf(user.id)).map((c) => [c.id, c.payment]));
    expect(rows.get(first)).toBe('Expired');
    expect(rows.get(second)).toBe('Expired');
    expect(rows.get(failed)).toBe('Failed');
    const attempts = (await shop.request({ method: 'GET', url: '/api/orders/?attempts=true', token: user.token })).json().orders as Array<{ payment: string }>;
    expect(attempts.map((o) => o.payment).sort()).toEqual(['Expired', 'Expired', 'Failed']);
    expect((await shop.request({ method: 'GET', url: '/api/orders/', token: user.token })).json().orders).toEqual([]);
  });
});

describe('holding stock fairly', () => {
  it(`caps the units one shopper's unpaid checkouts hold at ${DEFAULT_MAX_HELD_UNITS}`, async () => {
    const user = await shop.createShopper();
    const [a, b, c] = await Promise.all([addProduct(100), addProduct(100), addProduct(100)]);
    const tooBig = await checkout(user, [
      { _id: a.id, cart_quantity: 100 },
      { _id: b.id, cart_quantity: 100 },
    ]);
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().message).toContain(`${DEFAULT_MAX_HELD_UNITS} units`);
    expect(await stockOf(a.id)).toBe(100);
    expect((await checkout(user, [{ _id: a.id, cart_quantity: 15 }])).statusCode).toBe(200);
    const over = await checkout(user, [{ _id: b.id, cart_quantity: 6 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('already hold 15');
    expect((await checkout(user, [{ _id: c.id, cart_quantity: 5 }])).statusCode).toBe(200);
    expect(await stockOf(b.id)).toBe(100);
  });

  it('holds both caps when one shopper sends 30 checkouts at once to two instances', async () => {
    const peer = await shop.buildPeerApp();
    const user = await shop.createShopper();
    const items = await Promise.all(Array.from({ length: 30 }, () => addProduct(100)));
    // Different carts of 4 units each: 5 open checkouts would hold exactly 20 units.
    const answers = await Promise.all(items.map((p, i) => checkout(user, [{ _id: p.id, cart_quantity: 4 }], i % 2 ? peer : shop.app)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);
    const open = (await checkoutsOf(user.id)).filter((c) => c.payment === 'Pending' && c.stockState === 'reserved');
    const held = open.reduce((sum, c) => sum + c.units, 0);
    console.info(`cap race: ${statuses.filter((s) => s === 200).length} of 30 accepted, ${open.length} open, ${held} units held`);
    expect(open.length).toBeLessThanOrEqual(MAX_OPEN_CHECKOUTS);
    expect(held).toBeLessThanOrEqual(DEFAULT_MAX_HELD_UNITS);
    expect(statuses.filter((s) => s === 200)).toHaveLength(open.length);
    const stockTaken = (await Promise.all(items.map((p) => stockOf(p.id)))).reduce((sum, q) => sum + (100 - q), 0);
    expect(stockTaken).toBe(held);
  });
});

describe('refunds due', () => {
  it('marks a line canceled while unpaid Refund due when it is paid for, mails the shop, and leaves it off the invoice', async () => {
    const user = await shop.createShopper();
    const [keep, drop] = await Promise.all([addProduct(10), addProduct(10, 35_000)]);
    const created = (await checkout(user, [
      { _id: keep.id, cart_quantity: 1 },
      { _id: drop.id, cart_quantity: 2 },
    ])).json();
    const lines = await shop.db.select().from(orders).where(eq(orders.checkoutId, created.order_id));
    const dropLine = lines.find((l) => l.productId === drop.id)!;
    const cancel = await shop.request({ method: 'PUT', url: `/api/orders/${dropLine.id}`, token: admin.token, payload: { status: 'Canceled' } });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(drop.id)).toBe(10);

    const before = shop.mails.length;
    expect((await pay(user, created.order_id)).json()).toEqual({ success: true });
    const mine = (await shop.request({ method: 'GET', url: '/api/orders/', token: user.token })).json().orders as Array<{ _id: string; payment: string }>;
    expect(mine.find((o) => o._id === dropLine.id)!.payment).toBe('Refund due');
    expect(mine.find((o) => o._id !== dropLine.id)!.payment).toBe('Paid');
    const refundMail = shop.mails.slice(before).find((m) => m.subject.startsWith('Refund due'))!;
    expect(refundMail.to).toBe(shop.config.shopEmail);
    expect(refundMail.text).toContain(drop.name);
    expect(refundMail.text).not.toContain(keep.name);
    expect(await stockOf(drop.id)).toBe(10);
    expect(await stockOf(keep.id)).toBe(9);
  });

  it('records a second, different payment for a paid checkout as Refund due and mails the shop', async () => {
    const user = await shop.createShopper();
    const p = await addProduct(10);
    const created = (await checkout(user, [{ _id: p.id, cart_quantity: 1 }])).json();
    expect((await pay(user, created.order_id)).json()).toEqual({ success: true });
    const before = shop.mails.length;
    // The browser verifies a second payment of the same order.
    const signature = hmacSha256Hex('test_key_secret', `${created.order_id}|pay_SECONDPAYMENT1`);
    const second = await shop.request({
      method: 'POST',
      url: '/api/orders/paymentverification',
      token: user.token,
      payload: { razorpay_order_id: created.order_id, razorpay_payment_id: 'pay_SECONDPAYMENT1', razorpay_signature: signature },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('refunded');
    // And a webhook reports a third; the same one again is not recorded twice.
    const event = {
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_THIRDPAYMENT01', order_id: created.order_id, amount: created.amount, status: 'captured' } } },
    };
    for (const eventId of ['evt_THIRD_1', 'evt_THIRD_2']) {
      const raw = JSON.stringify(event);
      const res = await shop.request({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacSha256Hex('test_webhook_secret', raw), 'x-razorpay-event-id': eventId },
        payload: raw,
      });
      expect(res.statusCode).toBe(200);
    }
    const extra = await shop.db.select().from(extraPayments).where(eq(extraPayments.checkoutId, created.order_id));
    expect(extra.map((e) => [e.paymentId, e.status]).sort()).toEqual([
      ['pay_SECONDPAYMENT1', 'Refund due'],
      ['pay_THIRDPAYMENT01', 'Refund due'],
    ]);
    const mails = shop.mails.slice(before);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.to === shop.config.shopEmail && m.subject.startsWith('Refund due'))).toBe(true);
    const [row] = await shop.db.select().from(checkouts).where(eq(checkouts.id, created.order_id));
    expect(row).toMatchObject({ payment: 'Paid', stockState: 'sold' });
    expect(await stockOf(p.id)).toBe(9);
  });
});

