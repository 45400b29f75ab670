/**
 * PostgreSQL compares UUIDs without letter case; every uuid a request carries reaches the code in lower case
 * (plugins/validation.ts), so a known id in upper case is the same id everywhere, never a 404 or a missed guard.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema.js';
import { type TestUser, openShopForTests } from '../harness.js';
import { insertProducts } from '../products.js';

const t = openShopForTests();
let shopper: TestUser;
let productId: string;
let categoryId: string;
beforeAll(async () => {
  shopper = await t.shop.createShopper();
  const [category] = await t.shop.db.insert(categories).values({ name: 'Khoa', slug: 'khoa' }).returning();
  categoryId = category!.id;
  const [product] = await insertProducts(t.shop.db, [{ name: 'Danedar Khoa 250 g', slug: 'danedar-khoa-250-g', pricePaise: 35_000, quantity: 10, categoryId }]);
  productId = product!.id;
});

describe('an id in upper case', () => {
  it('is the same product in a cart line at checkout (no 404)', async () => {
    const res = await t.shop.request({
      method: 'POST',
      url: '/api/orders',
      token: shopper.token,
      payload: { cart: [{ _id: productId.toUpperCase(), cart_quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amount).toBeGreaterThan(0);
  });

  it('is the same product in the cart and in related products', async () => {
    const cart = await t.shop.request({ method: 'POST', url: '/api/products/getcart', payload: { cart: [{ _id: productId.toUpperCase(), cart_quantity: 2 }] } });
    expect(cart.json().cartDetails).toEqual([expect.objectContaining({ _id: productId, cart_quantity: 2 })]);
    const related = await t.shop.request({ method: 'GET', url: `/api/products/related-products/${productId.toUpperCase()}/${categoryId.toUpperCase()}` });
    expect(related.statusCode).toBe(200);
  });

  it('with a urn:uuid: prefix (which the uuid format allows) is the same id, never a 500', async () => {
    const related = await t.shop.request({ method: 'GET', url: `/api/products/related-products/urn:uuid:${productId.toUpperCase()}/${categoryId}` });
    expect(related.statusCode).toBe(200);
    const unknown = await t.shop.request({ method: 'GET', url: `/api/products/related-products/${randomUUID().toUpperCase()}/${categoryId}` });
    expect(unknown.statusCode).toBeLessThan(500);
  });
});
