import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { Product } from '@shop/domain/schemas/products';
import { type TestUser, expectInvalidJsonRefused, openShopForTests } from '../../test/harness.js';
import { addCategory, addProduct, keysOf, pngDataUrl, UNKNOWN_ID } from '../products/test-fixtures.js';

const t = openShopForTests();
let admin: TestUser;
let ghee: Product;
let oil: Product;
let honey: Product;

const getCart = (payload: unknown, token?: string) =>
  t.shop.request({ method: 'POST', url: '/api/products/getcart', payload: payload as object, token });

beforeAll(async () => {
  admin = await t.shop.createAdmin();
  const category = await addCategory(t.shop, admin.token, 'Farm');
  ghee = await addProduct(t.shop, admin.token, {
    name: 'Desi Ghee',
    price: 595,
    quantity: 4,
    category: category._id,
    shortdesc: 'Bilona',
    image: await pngDataUrl(),
  });
  oil = await addProduct(t.shop, admin.token, { name: 'Hair Oil', price: 349.5, quantity: 0, category: category._id, shortdesc: 'Amla' });
  honey = await addProduct(t.shop, admin.token, { name: 'Honey', price: 250, quantity: 9, category: category._id });
});

describe('POST /api/products/getcart', () => {
  it('answers the lines in the order sent with current product data (exact shape)', async () => {
    const res = await getCart({
      cart: [
        { _id: oil._id, cart_quantity: 1 },
        { _id: ghee._id, cart_quantity: 2, currency: 'USD' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(keysOf(body)).toEqual(['cartDetails']);
    expect(body.cartDetails).toEqual([
      { _id: oil._id, name: 'Hair Oil', slug: 'hair-oil', price: 349.5, shortdesc: 'Amla', quantity: 0, cart_quantity: 1 },
      { _id: ghee._id, name: 'Desi Ghee', slug: 'desi-ghee', price: 595, image: ghee.image, shortdesc: 'Bilona', quantity: 4, cart_quantity: 2 },
    ]);
    expect(keysOf(body.cartDetails[0])).toEqual(['_id', 'cart_quantity', 'name', 'price', 'quantity', 'shortdesc', 'slug']);
    expect(keysOf(body.cartDetails[1])).toEqual(['_id', 'cart_quantity', 'image', 'name', 'price', 'quantity', 'shortdesc', 'slug']);
  });

  it('works the same for a guest and a signed-in customer', async () => {
    const customer = await t.shop.createUser();
    const payload = { cart: [{ _id: honey._id, cart_quantity: 3 }] };
    expect((await getCart(payload, customer.token)).json()).toEqual((await getCart(payload)).json());
  });

  it('drops unknown ids instead of failing', async () => {
    const res = await getCart({
      cart: [
        { _id: UNKNOWN_ID, cart_quantity: 1 },
        { _id: honey._id, cart_quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartDetails.map((l: { _id: string }) => l._id)).toEqual([honey._id]);
  });

  it('drops a product deleted since it was put in the cart', async () => {
    const category = await addCategory(t.shop, admin.token, 'Temporary');
    const gone = await addProduct(t.shop, admin.token, { name: 'Soon Gone', category: category._id });
    await t.shop.request({ method: 'DELETE', url: `/api/products/${gone._id}`, token: admin.token });
    const res = await getCart({ cart: [{ _id: gone._id, cart_quantity: 1 }] });
    expect(res.json()).toEqual({ cartDetails: [] });
  });

  it('merges duplicate ids into one line (first position, quantities added, capped)', async () => {
    const res = await getCart({
      cart: [
        { _id: honey._id, cart_quantity: 2 },
        { _id: ghee._id, cart_quantity: 1 },
        { _id: honey._id.toUpperCase(), cart_quantity: 3 },
      ],
    });
    const lines = res.json().cartDetails as Array<{ _id: string; cart_quantity: number }>;
    expect(lines.map((l) => [l._id, l.cart_quantity])).toEqual([
      [honey._id, 5],
      [ghee._id, 1],
    ]);
    const capped = await getCart({
      cart: [
        { _id: honey._id, cart_quantity: MAX_LINE_QUANTITY },
        { _id: honey._id, cart_quantity: MAX_LINE_QUANTITY },
      ],
    });
    expect(capped.json().cartDetails[0].cart_quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('answers an empty cart with no lines', async () => {
    const res = await getCart({ cart: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cartDetails: [] });
  });

  it.each([
    ['no body', undefined],
    ['no cart', {}],
    ['a cart that is not a list', { cart: 'abc' }],
    ['a line without _id', { cart: [{ cart_quantity: 1 }] }],
    ['a line without cart_quantity', { cart: [{ _id: UNKNOWN_ID }] }],
    ['a numeric _id', { cart: [{ _id: 12, cart_quantity: 1 }] }],
    ['a quantity as text', { cart: [{ _id: UNKNOWN_ID, cart_quantity: '1' }] }],
    ['too many lines', { cart: Array.from({ length: MAX_CART_LINES + 1 }, () => ({ _id: UNKNOWN_ID, cart_quantity: 1 })) }],
  ])('refuses %s with 400 and a message', async (_label, payload) => {
    const res = await getCart(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('drops lines it cannot use one by one and keeps the rest of the cart (an old or foreign cart still loads)', async () => {
    const res = await getCart({
      cart: [
        { _id: 'abc', cart_quantity: 1 },
        { _id: '64b7f0c2e1d3a5b6c7d8e9f0', cart_quantity: 1 },
        { _id: ghee._id, cart_quantity: 2, currency: 'GBP' },
        { _id: honey._id, cart_quantity: 0 },
        { _id: honey._id, cart_quantity: -2 },
        { _id: honey._id, cart_quantity: 1.5 },
        { _id: `${oil._id}\\`, cart_quantity: 1 },
        { _id: oil._id, cart_quantity: MAX_LINE_QUANTITY + 50 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartDetails.map((l: { _id: string; cart_quantity: number }) => [l._id, l.cart_quantity])).toEqual([
      [ghee._id, 2],
      [oil._id, MAX_LINE_QUANTITY],
    ]);
  });

  it('refuses malformed JSON with 400', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: '/api/products/getcart', payload: '{"cart": [' });
  });
});
