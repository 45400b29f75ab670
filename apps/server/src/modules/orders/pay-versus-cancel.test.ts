/**
 * A verified payment racing the admin's cancel (or delete) of the same checkout's line. Both lock the checkout and
 * then its lines; in the other order they deadlocked on PostgreSQL and the payment answered 500 with the checkout left
 * Pending (the shopper charged, nothing recorded). With DATABASE_URL the payment and the cancel run on two app
 * instances, each with its own connection pool to one PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TEST_DELIVERY, createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { categories, checkouts, orders, productVariants, users } from '../../db/schema.js';
import { signSessionToken } from '../../lib/tokens.js';
import { insertProducts } from '../../test/products.js';

const PAIRS = 20;
const STOCK = 10;
const onPostgres = Boolean(process.env.DATABASE_URL);

let shop: TestShop;
let peer: FastifyInstance;
let admin: TestUser;
let buyers: TestUser[];
let categoryId: string;

beforeAll(async () => {
  shop = await createTestShop();
  peer = await shop.buildPeerApp();
  admin = await shop.createAdmin();
  const [category] = await shop.db.insert(categories).values({ name: 'Sweets', slug: 'sweets' }).returning();
  categoryId = category!.id;
  // Straight into the table with one shared hash: argon2 for each would take longer than the test.
  const rows = await shop.db
    .insert(users)
    .values(Array.from({ length: PAIRS }, (_, i) => ({ name: `Racer ${i + 1}`, email: `racer-${i + 1}@example.com`, passwordHash: 'not-used', emailVerified: true, ...TEST_DELIVERY })))
    .returning({ id: users.id, email: users.email, name: users.name, tokenVersion: users.tokenVersion });
  buyers = rows.map((r) => ({ ...r, password: '', role: 'user', token: signSessionToken(shop.config.jwtSecret, r.id, r.tokenVersion) }));
}, 60_000);
afterAll(() => shop.close());

function call(app: FastifyInstance, token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}

/** A buyer's checkout of `quantity` units with two lines (the first of which the admin will race), and its signed payment. */
async function openCheckout(buyer: TestUser, i: number) {
  const [a, b] = await insertProducts(
    shop.db,
    ['Danedar Khoa', 'Kaju Katli'].map((name) => ({ name: `${name} ${i}`, slug: `${name.toLowerCase().replace(/\s+/g, '-')}-${i}`, pricePaise: 25_000, quantity: STOCK, categoryId })),
  );
  const created = await call(shop.app, buyer.token, 'POST', '/api/orders', { cart: [{ _id: a!.id, cart_quantity: 3 }, { _id: b!.id, cart_quantity: 2 }] });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as string;
  const paid = await call(shop.app, buyer.token, 'POST', '/api/payments/sandbox/checkout', { order_id: orderId, outcome: 'success' });
  expect(paid.statusCode).toBe(200);
  const [line] = await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.productId, a!.id));
  return { orderId, lineId: line!.id, payment: paid.json() as Record<string, string>, productIds: [a!.id, b!.id] };
}

describe(`pay versus admin cancel on ${onPostgres ? 'PostgreSQL, two app instances' : 'PGlite'}`, () => {
  it(`${PAIRS} verified payments racing ${PAIRS} admin cancels: no 5xx, every payment recorded, no unit made or lost`, async () => {
    const opened = await Promise.all(buyers.map((b, i) => openCheckout(b, i)));
    const answers = await Promise.all(
      opened.flatMap((o, i) => {
        // Which instance pays and which cancels alternates, and so does which request is sent first.
        const [payOn, cancelOn] = i % 2 === 0 ? [shop.app, peer] : [peer, shop.app];
        const pay = () => call(payOn, buyers[i]!.token, 'POST', '/api/orders/paymentverification', o.payment);
        const cancel = () => call(cancelOn, admin.token, 'PUT', `/api/orders/${o.lineId}`, { status: 'Canceled' });
        return i % 4 < 2 ? [pay(), cancel()] : [cancel(), pay()];
      }),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // The cancel always succeeds; the payment is 200 (paid, with the canceled line owed back).
    expect(statuses).toEqual(Array.from({ length: PAIRS * 2 }, () => 200));

    const rows = await shop.db
      .select({ id: checkouts.id, payment: checkouts.payment, paymentId: checkouts.paymentId })
      .from(checkouts)
      .where(inArray(checkouts.id, opened.map((o) => o.orderId)));
    expect(rows).toHaveLength(PAIRS);
    for (const o of opened) {
      const row = rows.find((r) => r.id === o.orderId)!;
      expect(['Paid', 'Refund due']).toContain(row.payment);
      expect(row.paymentId).toBe(o.payment.razorpay_payment_id);
    }
    // The canceled line's units came back once, whichever came first; the other line stays sold.
    const stock = await shop.db
      .select({ id: productVariants.productId, quantity: productVariants.quantity })
      .from(productVariants)
      .where(inArray(productVariants.productId, opened.flatMap((o) => o.productIds)));
    const quantity = new Map(stock.map((s) => [s.id, s.quantity]));
    for (const o of opened) expect([quantity.get(o.productIds[0]!), quantity.get(o.productIds[1]!)]).toEqual([STOCK, STOCK - 2]);
  }, 120_000);

  it('a payment racing the delete of its line also answers, and records the payment', async () => {
    const opened = await Promise.all(buyers.slice(0, 10).map((b, i) => openCheckout(b, 100 + i)));
    const answers = await Promise.all(
      opened.flatMap((o, i) => {
        const [payOn, deleteOn] = i % 2 === 0 ? [shop.app, peer] : [peer, shop.app];
        return [
          call(payOn, buyers[i]!.token, 'POST', '/api/orders/paymentverification', o.payment),
          call(deleteOn, admin.token, 'DELETE', `/api/orders/${o.lineId}`),
        ];
      }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const rows = await shop.db.select({ payment: checkouts.payment, paymentId: checkouts.paymentId }).from(checkouts).where(inArray(checkouts.id, opened.map((o) => o.orderId)));
    expect(rows.map((r) => r.payment).sort()).toEqual(Array.from({ length: 10 }, () => 'Paid'));
    expect(rows.every((r) => r.paymentId?.startsWith('pay_'))).toBe(true);
  }, 120_000);
});
