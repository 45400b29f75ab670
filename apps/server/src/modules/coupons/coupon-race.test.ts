/**
 * THE RACE (issue 31): 20 shoppers check out at once with a code limited to 1 use, their requests alternating between
 * two app instances (with DATABASE_URL: each its own connection pool to one PostgreSQL database). Exactly one holds
 * the discount; the 19 others are told the code is used up, and nothing of theirs is reserved. When the holder's
 * payment fails in the sandbox, the use is given back at once and the next shopper gets the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TestShop, TestUser } from '../../test/harness.js';
import { checkouts } from '../../db/schema.js';
import { openRaceShop } from '../../test/race.js';
import { insertProducts, stockOf } from '../../test/products.js';

let shop: TestShop;
let peer: FastifyInstance;
let buyers: TestUser[];
let categoryId: string;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  // Twenty shoppers, each with a phone of their own (per-customer rules are not what this tests).
  ({ shop, peer, categoryId, buyers } = await openRaceShop(
    Array.from({ length: 21 }, (_, i) => ({ name: `Racer ${i + 1}`, email: `racer-${i + 1}@example.com`, phone: `+9198000${String(10_000 + i).padStart(5, '0')}` })),
  ));
});
afterAll(() => shop.close());

describe(`a 1-use code, 20 shoppers at once (${onPostgres ? 'PostgreSQL' : 'PGlite'}, two app instances)`, () => {
  it('exactly one holds the discount; after its payment fails the next shopper gets the code', async () => {
    const admin = await shop.createAdmin();
    const created = await shop.request({
      method: 'POST',
      url: '/api/coupons',
      token: admin.token,
      payload: { code: 'Sankranti1', kind: 'percent', value: 20, starts_at: '2020-01-01', ends_at: '2099-12-31', usage_limit: 1 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const couponId = created.json().coupon._id as string;
    const [ghee] = await insertProducts(shop.db, [{ name: 'Race Ghee', slug: 'race-ghee', pricePaise: 50_000, quantity: 100, categoryId }]);
    const racers = buyers.slice(0, 20);
    const results = await Promise.all(
      racers.map((b, i) =>
        (i % 2 === 0 ? shop.app : peer).inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${b.token}` },
          remoteAddress: `10.1.0.${i + 1}`,
          payload: { cart: [{ _id: ghee!.id, cart_quantity: 1 }], coupon: ' sankranti1 ' },
        }),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200);
    const lost = results.filter((r) => r.statusCode !== 200);
    expect(won, results.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    expect(won[0]!.json()).toMatchObject({ coupon: 'SANKRANTI1', discount: 100, amount: 40_000 });
    for (const r of lost) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('The coupon code SANKRANTI1 has been used up');
    }
    const holding = await shop.db.select({ id: checkouts.id }).from(checkouts).where(and(eq(checkouts.couponId, couponId), isNotNull(checkouts.id)));
    expect(holding).toHaveLength(1);
    // Only the winner's unit is held.
    expect(await stockOf(shop.db, ghee!.id)).toBe(99);

    // The winner's payment fails in the sandbox: the use comes back at once, and the next shopper gets the code.
    const winner = racers[results.indexOf(won[0]!)]!;
    const failed = await peer.inject({
      method: 'POST',
      url: '/api/payments/sandbox/checkout',
      headers: { authorization: `Bearer ${winner.token}` },
      payload: { order_id: won[0]!.json().order_id, outcome: 'failure' },
    });
    expect(failed.statusCode).toBeLessThan(500);
    const next = buyers[20]!;
    const again = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${next.token}` },
      payload: { cart: [{ _id: ghee!.id, cart_quantity: 1 }], coupon: 'SANKRANTI1' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ coupon: 'SANKRANTI1', discount: 100 });
    const list = await shop.request({ method: 'GET', url: '/api/coupons', token: admin.token });
    expect(list.json().coupons.find((c: { _id: string }) => c._id === couponId).uses).toEqual({ paid: 0, held: 1 });
  });
});
