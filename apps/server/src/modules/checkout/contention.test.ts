/**
 * Many shoppers at once on scarce stock. With DATABASE_URL the requests alternate between two app instances,
 * each with its own connection pool to the same PostgreSQL database (as behind a load balancer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TestShop, TestUser } from '../../test/harness.js';
import { checkouts, orders, productVariants, users } from '../../db/schema.js';
import { openRaceShop } from '../../test/race.js';
import { insertProducts, insertSizedProduct, sizeStock, stockOf as defaultStock } from '../../test/products.js';

let shop: TestShop;
let peer: FastifyInstance;
let categoryId: string;
let buyers: TestUser[];
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  ({ shop, peer, categoryId, buyers } = await openRaceShop(Array.from({ length: 40 }, (_, i) => ({ name: `Buyer ${i + 1}`, email: `buyer-${i + 1}@example.com` }))));
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
async function checkoutAndPay(app: FastifyInstance, buyer: TestUser, productId: string, quantity: number, variant?: string): Promise<Attempt> {
  const headers = { authorization: `Bearer ${buyer.token}` };
  const created = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: { cart: [{ _id: productId, variant, cart_quantity: quantity }] } });
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

/** Exactly 5 shoppers won and paid; the 35 others got a 409 whose message is `refusal`. */
function expectFiveOfForty(attempts: Attempt[], refusal: unknown) {
  const won = attempts.filter((a) => a.create.status === 200);
  const lost = attempts.filter((a) => a.create.status !== 200);
  expect(won).toHaveLength(5);
  expect(won.map((a) => a.verify)).toEqual(Array.from({ length: 5 }, () => ({ status: 200, body: { success: true } })));
  expect(lost).toHaveLength(35);
  for (const a of lost) {
    expect(a.create.status).toBe(409);
    expect(a.create.body.message).toEqual(refusal);
  }
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
    expectFiveOfForty(attempts, expect.stringMatching(/Bilona Ghee/));
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

  it('per size: 40 shoppers, stock 5 of one size of three: exactly 5 paid, that size 0, 35 clear 409s, the other sizes untouched', async () => {
    const { product, sizes } = await insertSizedProduct(shop.db, {
      name: 'Gir Ghee',
      slug: 'gir-ghee',
      categoryId,
      sizes: [
        { label: '250 ml', pricePaise: 35_000, quantity: 12 },
        { label: '500 ml', pricePaise: 65_000, quantity: 5 },
        { label: '1 L', pricePaise: 120_000, quantity: 7 },
      ],
    });
    const half = sizes[1]!;
    const attempts = await Promise.all(buyers.map((b, i) => checkoutAndPay(i % 2 === 0 ? shop.app : peer, b, product.id, 1, half.id)));
    expectFiveOfForty(attempts, 'Gir Ghee 500 ml is out of stock');
    expect(await Promise.all(sizes.map((s) => sizeStock(shop.db, s.id)))).toEqual([12, 0, 7]);
    expect(await soldOf(product.id)).toBe(5);
    const sold = await shop.db
      .select({ variantId: orders.variantId, label: orders.variantLabel, sku: orders.sku })
      .from(orders)
      .innerJoin(checkouts, eq(orders.checkoutId, checkouts.id))
      .where(and(eq(orders.productId, product.id), eq(checkouts.payment, 'Paid')));
    expect(sold).toEqual(Array.from({ length: 5 }, () => ({ variantId: half.id, label: '500 ml', sku: half.sku })));
  });

  // A reservation picked as a deadlock victim is rolled back whole and called again (service.ts, withConflictRetry;
  // drizzle/functions/checkout.sql). Planted: another transaction holds the size's row, the reservation takes the shopper's row and waits for the
  // size, then that transaction asks for the shopper's row. The reservation, waiting longer, is the deadlock victim;
  // its statement is rolled back (the shopper's row freed), the other transaction goes on, and the try after succeeds.
  it.skipIf(!onPostgres)('a reservation chosen as a deadlock victim tries again and reserves', async () => {
    const { product, sizes } = await insertSizedProduct(shop.db, {
      name: 'Deadlock Ghee',
      slug: 'deadlock-ghee',
      categoryId,
      sizes: [
        { label: '250 ml', pricePaise: 35_000, quantity: 3 },
        { label: '1 L', pricePaise: 120_000, quantity: 3 },
      ],
    });
    const buyer = await shop.createShopper({ name: 'Deepa Victim' });
    const waiting = async () => {
      const rows = (await shop.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like '%shop_reserve_checkout%'`)) as unknown as { rows: Array<{ n: number }> };
      return rows.rows[0]!.n;
    };
    let created: Promise<{ statusCode: number; body: string }> | undefined;
    await shop.db.transaction(async (tx) => {
      // This side never looks for the deadlock first: the reservation does, after PostgreSQL's 1 s.
      await tx.execute(sql`set local deadlock_timeout = '20s'`);
      await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.id, sizes[1]!.id)).for('update');
      created = shop.request({ method: 'POST', url: '/api/orders', token: buyer.token, payload: { cart: [{ _id: product.id, variant: sizes[1]!.id, cart_quantity: 1 }] } });
      for (let i = 0; (await waiting()) === 0; i++) {
        if (i > 300) throw new Error('the reservation never waited for the size row');
        await new Promise((r) => setTimeout(r, 50));
      }
      await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for('update');
    });
    const res = await created!;
    expect(res.statusCode, res.body).toBe(200);
    expect(await sizeStock(shop.db, sizes[1]!.id)).toBe(2);
    expect(await sizeStock(shop.db, sizes[0]!.id)).toBe(3);
  });
});
