/**
 * Many shoppers at once on scarce stock. With DATABASE_URL the requests alternate between two app instances,
 * each with its own connection pool to the same PostgreSQL database (as behind a load balancer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TEST_DELIVERY, createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { categories, checkouts, orders, products, users } from '../../db/schema.js';
import { signSessionToken } from '../../lib/tokens.js';
import { insertProducts, stockOf as defaultStock } from '../../test/products.js';

let shop: TestShop;
let peer: FastifyInstance;
let categoryId: string;
let buyers: TestUser[];
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  shop = await createTestShop();
  peer = await shop.buildPeerApp();
  const [category] = await shop.db.insert(categories).values({ name: 'Ghee', slug: 'ghee' }).returning();
  categoryId = category!.id;
  // Straight into the table with one shared hash: 40 argon2 hashes would take longer than the test.
  const rows = await shop.db
    .insert(users)
    .values(Array.from({ length: 40 }, (_, i) => ({ name: `Buyer ${i + 1}`, email: `buyer-${i + 1}@example.com`, passwordHash: 'not-used', emailVerified: true, ...TEST_DELIVERY })))
    .returning({ id: users.id, email: users.email, name: users.name, tokenVersion: users.tokenVersion });
  buyers = rows.map((r) => ({ ...r, password: '', role: 'user', token: signSessionToken(shop.config.jwtSecret, r.id, r.tokenVersion) }));
});
afterAll(() => shop.close());

async function addProduct(name: string, quantity: number) {
  const [row] = await insertProducts(shop.db, [{ name, slug: name.toLowerCase().replace(/\s+/g, '-'), pricePaise: 99_900, quantity, categoryId }]);
  return row!;
}

interface Attempt {
  create: { status: number; body: Record<string, unknown> };
  verify?: { status: number; body: Record<string, unknown> };
}

/** Checkout, sandbox payment and verification of one buyer, on one of the two instances. */
async function checkoutAndPay(app: FastifyInstance, buyer: TestUser, productId: string, quantity: number): Promise<Attempt> {
  const headers = { authorization: `Bearer ${buyer.token}` };
  const created = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: { cart: [{ _id: productId, cart_quantity: quantity }] } });
  const attempt: Attempt = { create: { status: created.statusCode, body: created.json() } };
  if (created.statusCode !== 200) return attempt;
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/checkout',
    headers,
    payload: { order_id: created.json().order_id, outcome: 'success' },
  });
  const verified = await app.inject({ method: 'POST', url: '/api/orders/paymentverification', headers, payload: paid.json() });
  attempt.verify = { status: verified.statusCode, body: verified.json() };
  return attempt;
}

async function soldOf(productId: string) {
  const [row] = await shop.db
    .select({ units: sum(orders.cartQuantity) })
    .from(orders)
    .innerJoin(checkouts, eq(orders.checkoutId, checkouts.id))
    .where(and(eq(orders.productId, productId), eq(checkouts.payment, 'Paid')));
  return Number(row?.units ?? 0);
}

function stockOf(id: string): Promise<number> {
  return defaultStock(shop.db, id);
}

describe(`contention on ${onPostgres ? 'PostgreSQL, two app instances' : 'PGlite, two app instances on one database'}`, () => {
  it('40 shoppers, stock 5: exactly 5 paid, stock 0, 35 clear 409s naming the product', async () => {
    const ghee = await addProduct('Bilona Ghee', 5);
    const mails = shop.mails.length;
    const attempts = await Promise.all(buyers.map((b, i) => checkoutAndPay(i % 2 === 0 ? shop.app : peer, b, ghee.id, 1)));

    const won = attempts.filter((a) => a.create.status === 200);
    const lost = attempts.filter((a) => a.create.status !== 200);
    expect(won).toHaveLength(5);
    expect(won.map((a) => a.verify)).toEqual(Array.from({ length: 5 }, () => ({ status: 200, body: { success: true } })));
    expect(lost).toHaveLength(35);
    for (const a of lost) {
      expect(a.create.status).toBe(409);
      expect(a.create.body.message).toMatch(/Bilona Ghee/);
    }
    expect(await stockOf(ghee.id)).toBe(0);
    expect(await soldOf(ghee.id)).toBe(5);
    const paidCheckouts = await shop.db
      .selectDistinct({ id: checkouts.id })
      .from(checkouts)
      .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
      .where(and(eq(orders.productId, ghee.id), eq(checkouts.payment, 'Paid')));
    expect(paidCheckouts).toHaveLength(5);
    // A customer confirmation and a shop notice per sale, no more, whichever instance sent them.
    await Promise.all([shop.app.mailOutbox.flush(), peer.mailOutbox.flush()]);
    expect(shop.mails.length - mails).toBe(10);
  });

  it('mixed quantities never oversell: what is sold plus what is left is what there was', async () => {
    const honey = await addProduct('Sidr Honey', 20);
    const attempts = await Promise.all(
      buyers.map((b, i) => checkoutAndPay(i % 2 === 0 ? peer : shop.app, b, honey.id, (i % 3) + 1)),
    );
    const sold = await soldOf(honey.id);
    const left = await stockOf(honey.id);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(sold + left).toBe(20);
    const wonUnits = attempts.reduce((n, a, i) => n + (a.verify?.body.success ? (i % 3) + 1 : 0), 0);
    expect(wonUnits).toBe(sold);
    for (const a of attempts.filter((x) => x.create.status !== 200)) {
      expect(a.create.status).toBe(409);
      expect(a.create.body.message).toMatch(/^(Only \d+ left of Sidr Honey|Sidr Honey is out of stock)$/);
    }
    // Every refusal came when the buyer wanted more than what was left at that moment.
    expect(left).toBeLessThan(3);
  });
});
