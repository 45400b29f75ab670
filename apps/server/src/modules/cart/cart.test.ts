import { beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { Product } from '@shop/domain/schemas/products';
import { productVariants } from '../../db/schema.js';
import { insertOrderedLine } from '../../test/products.js';
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
    // A line without `variant` (a cart saved before sizes, a spec client) is the default size.
    const size = (p: Product) => ({ variant: p.variants[0]!._id, variant_label: 'Standard', sku: p.variants[0]!.sku });
    expect(body.cartDetails).toEqual([
      { _id: oil._id, ...size(oil), name: 'Hair Oil', slug: 'hair-oil', price: 349.5, shortdesc: 'Amla', quantity: 0, cart_quantity: 1 },
      { _id: ghee._id, ...size(ghee), name: 'Desi Ghee', slug: 'desi-ghee', price: 595, image: ghee.image, shortdesc: 'Bilona', quantity: 4, cart_quantity: 2 },
    ]);
    const keys = ['_id', 'cart_quantity', 'name', 'price', 'quantity', 'shortdesc', 'sku', 'slug', 'variant', 'variant_label'];
    expect(keysOf(body.cartDetails[0])).toEqual(keys);
    expect(keysOf(body.cartDetails[1])).toEqual([...keys, 'image'].sort());
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

describe('POST /api/products/getcart per size (issue 28)', () => {
  let sized: Product;
  beforeAll(async () => {
    const category = await addCategory(t.shop, admin.token, 'Sized');
    const res = await t.shop.request({
      method: 'POST',
      url: '/api/products',
      token: admin.token,
      payload: {
        name: 'Bilona Ghee',
        category: category._id,
        variants: [
          { label: '250 ml', sku: 'bg-250', price: 450, mrp: 500, quantity: 6, weight_grams: 300 },
          { label: '500 ml', sku: 'bg-500', price: 850, quantity: 3, weight_grams: 560, is_default: true },
          { label: '1 L', sku: 'bg-1000', price: 1600, quantity: 0, weight_grams: 1100 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    sized = res.json<{ product: Product }>().product;
  });
  const sizeOf = (label: string) => sized.variants.find((v) => v.label === label)!;

  it("answers each size's label, SKU, price, MRP and stock; a line without variant is the default size", async () => {
    const res = await getCart({
      cart: [
        { _id: sized._id, variant: sizeOf('250 ml')._id, cart_quantity: 2 },
        { _id: sized._id, variant: sizeOf('1 L')._id.toUpperCase(), cart_quantity: 1 },
        { _id: sized._id, cart_quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const common = { _id: sized._id, name: 'Bilona Ghee', slug: 'bilona-ghee', shortdesc: '' };
    expect(res.json().cartDetails).toEqual([
      { ...common, variant: sizeOf('250 ml')._id, variant_label: '250 ml', sku: 'BG-250', price: 450, mrp: 500, quantity: 6, cart_quantity: 2 },
      { ...common, variant: sizeOf('1 L')._id, variant_label: '1 L', sku: 'BG-1000', price: 1600, quantity: 0, cart_quantity: 1 },
      { ...common, variant: sizeOf('500 ml')._id, variant_label: '500 ml', sku: 'BG-500', price: 850, quantity: 3, cart_quantity: 1 },
    ]);
  });

  it('merges a line without variant with the same default size sent by id', async () => {
    const res = await getCart({
      cart: [
        { _id: sized._id, cart_quantity: 1 },
        { _id: sized._id, variant: sizeOf('500 ml')._id, cart_quantity: 2 },
      ],
    });
    expect(res.json().cartDetails.map((l: { variant_label: string; cart_quantity: number }) => [l.variant_label, l.cart_quantity])).toEqual([
      ['500 ml', 3],
    ]);
  });

  it("drops a line whose size is unknown, not an id, or another product's, and keeps the rest", async () => {
    const res = await getCart({
      cart: [
        { _id: sized._id, variant: UNKNOWN_ID, cart_quantity: 1 },
        { _id: sized._id, variant: 'abc', cart_quantity: 1 },
        { _id: honey._id, variant: sizeOf('250 ml')._id, cart_quantity: 1 },
        { _id: honey._id, variant: honey.variants[0]!._id, cart_quantity: 1 },
      ],
    });
    expect(res.json().cartDetails.map((l: { _id: string }) => l._id)).toEqual([honey._id]);
  });

  it('shows a stock change made straight in the database (a checkout) within a second', async () => {
    const line = { cart: [{ _id: sized._id, variant: sizeOf('250 ml')._id, cart_quantity: 1 }] };
    expect((await getCart(line)).json().cartDetails[0].quantity).toBe(6);
    await t.shop.db.update(productVariants).set({ quantity: 2 }).where(eq(productVariants.id, sizeOf('250 ml')._id));
    const started = Date.now();
    for (;;) {
      if ((await getCart(line)).json().cartDetails[0].quantity === 2) break;
      expect(Date.now() - started).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  it('sends a large answer compressed as the browser asks, the same JSON as uncompressed, again and after a change', async () => {
    const payload = { cart: sized.variants.map((v) => ({ _id: sized._id, variant: v._id, cart_quantity: 1 })).concat([{ _id: ghee._id, cart_quantity: 1 } as never]) };
    const plain = await t.shop.request({ method: 'POST', url: '/api/products/getcart', payload });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const encoding of ['br', 'gzip', 'br']) {
      const res = await t.shop.request({ method: 'POST', url: '/api/products/getcart', payload, headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      const text = (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload)).toString();
      expect(JSON.parse(text)).toEqual(plain.json());
    }
    const renamed = await t.shop.request({ method: 'PUT', url: `/api/products/${ghee._id}`, token: admin.token, payload: { shortdesc: 'Bilona, slow cooked' } });
    expect(renamed.statusCode).toBe(200);
    const after = await t.shop.request({ method: 'POST', url: '/api/products/getcart', payload, headers: { 'accept-encoding': 'br' } });
    expect(JSON.parse(brotliDecompressSync(after.rawPayload).toString()).cartDetails[3].shortdesc).toBe('Bilona, slow cooked');
  });

  it('drops a product removed from the shop (deleted after it was ordered)', async () => {
    const category = await addCategory(t.shop, admin.token, 'Ordered Then Gone');
    const gone = await addProduct(t.shop, admin.token, { name: 'Ordered Then Gone', category: category._id });
    await insertOrderedLine(t.shop.db, 'cart_gone', gone);
    expect((await getCart({ cart: [{ _id: gone._id, cart_quantity: 1 }] })).json().cartDetails).toHaveLength(1);
    await t.shop.request({ method: 'DELETE', url: `/api/products/${gone._id}`, token: admin.token });
    expect((await getCart({ cart: [{ _id: gone._id, cart_quantity: 1 }] })).json()).toEqual({ cartDetails: [] });
  });
});
