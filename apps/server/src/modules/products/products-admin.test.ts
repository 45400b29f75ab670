import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { PAGE_SIZE, RESERVED_PRODUCT_SLUGS } from '@shop/domain/constants';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import type { Product } from '@shop/domain/schemas/products';
import { checkouts, orders, productVariants, products } from '../../db/schema.js';
import { expectEachRefused, expectInvalidJsonRefused, openShopForFile } from '../../test/harness.js';
import { addCategory, addProduct, addSolution, ADMIN_VARIANT_KEYS, asShopperSees, keysOf, PRODUCT_KEYS, SHOP_LABEL, UNKNOWN_ID } from './test-fixtures.js';

const t = openShopForFile();
let ghee: Category;
let honey: Category;
let immunity: Solution;
let digestion: Solution;

beforeAll(async () => {
  ghee = await addCategory(t.shop, t.admin.token, 'Ghee');
  honey = await addCategory(t.shop, t.admin.token, 'Honey');
  immunity = await addSolution(t.shop, t.admin.token, 'Immunity Power');
  digestion = await addSolution(t.shop, t.admin.token, 'Digestive issues');
});

const post = (payload: unknown, token = t.admin.token) => t.shop.request({ method: 'POST', url: '/api/products', token, payload: payload as object });
const put = (id: string, payload: unknown, token = t.admin.token) =>
  t.shop.request({ method: 'PUT', url: `/api/products/${id}`, token, payload: payload as object });
const bySlug = (slug: string) => t.shop.request({ method: 'GET', url: `/api/products/${slug}` });
const valid = () => ({ name: 'Valid Product', price: 595, category: ghee._id, quantity: 5 });

/** A create's or an update's answer: `status`, exactly `{ product, message }` with `message`, and every product key. */
function expectProductAnswer(res: LightMyRequestResponse, status: number, message: string): Product {
  expect(res.statusCode).toBe(status);
  const body = res.json<{ product: Product; message: string }>();
  expect(keysOf(body)).toEqual(['message', 'product']);
  expect(body.message).toBe(message);
  expect(keysOf(body.product)).toEqual(PRODUCT_KEYS);
  return body.product;
}

describe('admin only', () => {
  const calls = () => [
    { method: 'GET' as const, url: '/api/products/' },
    { method: 'GET' as const, url: '/api/products' },
    { method: 'GET' as const, url: '/api/products/dashboard' },
    { method: 'POST' as const, url: '/api/products', payload: valid() },
    { method: 'PUT' as const, url: `/api/products/${UNKNOWN_ID}`, payload: { price: 1 } },
    { method: 'DELETE' as const, url: `/api/products/${UNKNOWN_ID}` },
  ];

  it('answers 401 to a guest on every admin endpoint', () => expectEachRefused(t.shop, calls(), 401));

  it('answers 403 to a customer on every admin endpoint', () => expectEachRefused(t.shop, calls(), 403, t.customer.token));

  it('answers 403 to an inactive admin', async () => {
    const inactive = await t.shop.createUser({ role: 'admin', status: 'inactive' });
    const res = await t.shop.request({ method: 'GET', url: '/api/products/', token: inactive.token });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/products', () => {
  it('creates a product: 201, {product, message}, exact shape', async () => {
    const res = await post({
      name: 'A2 Desi Cow Ghee',
      price: 19.99,
      category: ghee._id,
      solutions: [immunity._id, digestion._id, immunity._id.toUpperCase()],
      shortdesc: 'Bilona churned',
      description: 'Made from A2 milk.\nSlow cooked.',
      contents: '<h2>Why</h2><p>Because.</p>',
      quantity: 12,
      highlighted: true,
    });
    const created = expectProductAnswer(res, 201, 'Product created successfully');
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'A2 Desi Cow Ghee',
      slug: 'a2-desi-cow-ghee',
      price: 19.99,
      quantity: 12,
      // A spec client's product has one size, the default, its SKU made from the slug.
      variants: [
        {
          _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          label: 'Standard',
          sku: 'A2-DESI-COW-GHEE',
          price: 19.99,
          quantity: 12,
          weight_grams: 500,
          position: 0,
          is_default: true,
          low_stock_at: 5,
        },
      ],
      price_from: 19.99,
      price_to: 19.99,
      label_details: SHOP_LABEL,
      category: ghee,
      solutions: [digestion, immunity],
      shortdesc: 'Bilona churned',
      description: 'Made from A2 milk.\nSlow cooked.',
      contents: '<h2>Why</h2><p>Because.</p>',
      highlighted: true,
    });
    expect((await bySlug('a2-desi-cow-ghee')).json().product).toEqual(asShopperSees(created));
  });

  it('fills optional fields with defaults', async () => {
    const res = await post({ name: 'Plain Honey', price: 250, category: honey._id, quantity: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ solutions: [], shortdesc: '', description: '', contents: '', highlighted: false, quantity: 0 });
  });

  it('gives the same name a unique slug', async () => {
    const a = await addProduct(t.shop, t.admin.token, { name: 'Twin Jar', category: ghee._id });
    const b = await addProduct(t.shop, t.admin.token, { name: 'twin  jar!', category: ghee._id });
    expect(a.slug).toBe('twin-jar');
    expect(b.slug).toBe('twin-jar-2');
  });

  it('gives products saved at the same moment under one name distinct slugs', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post({ ...valid(), name: 'Race Jar' })),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const slugs = results.map((res) => res.json().product.slug).sort();
    expect(slugs).toEqual(['race-jar', 'race-jar-2', 'race-jar-3', 'race-jar-4', 'race-jar-5', 'race-jar-6']);
  });

  it('never gives a product a slug the products routes use (List, Search, ...)', async () => {
    for (const word of ['List', 'SEARCH', 'Highlighted', 'Dashboard', 'Category', 'Solutions', 'Related Products', 'currencyExchangeRates', 'GetCart']) {
      const product = await addProduct(t.shop, t.admin.token, { name: word, category: ghee._id });
      expect(RESERVED_PRODUCT_SLUGS as readonly string[]).not.toContain(product.slug);
      expect(product.slug).toMatch(/-2$/);
      const res = await bySlug(product.slug);
      expect(res.statusCode).toBe(200);
      expect(res.json().product._id).toBe(product._id);
    }
    const list = await addProduct(t.shop, t.admin.token, { name: 'List', category: honey._id });
    expect(list.slug).toBe('list-3');
  });

  it('sanitises contents: no <script>, no on* handlers, no javascript: links', async () => {
    const res = await post({
      ...valid(),
      name: 'Sanitised',
      contents:
        '<p onclick="steal()">Good <b>stuff</b></p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">click</a><a href="https://farm.example/">farm</a><iframe src="https://evil.example"></iframe>',
    });
    expect(res.statusCode).toBe(201);
    const { contents } = res.json<{ product: Product }>().product;
    expect(contents).not.toMatch(/<script/i);
    expect(contents).not.toMatch(/alert/i);
    expect(contents).not.toMatch(/onerror|onclick/i);
    expect(contents).not.toMatch(/javascript:/i);
    expect(contents).not.toMatch(/iframe/i);
    expect(contents).toContain('<p>Good <b>stuff</b></p>');
    expect(contents).toContain('<a href="https://farm.example/" rel="noopener noreferrer">farm</a>');
  });

  it('keeps the line breaks of rich contents (the demo products have them), and an edit saves them', async () => {
    const contents = '<h2>From our farm</h2>\n<p>Line one</p>\n<ul><li>Raw</li></ul>';
    const res = await post({ ...valid(), name: 'Multiline Honey', contents });
    expect(res.statusCode, res.body).toBe(201);
    const again = await t.shop.request({ method: 'PUT', url: `/api/products/${res.json().product._id}`, token: t.admin.token, payload: { contents: `${contents}\n<p>More</p>` } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().product.contents).toContain('<p>More</p>');
  });

  it('refuses NUL characters with 400 naming the field, before the database', async () => {
    for (const [field, value] of [['name', 'Nul\u0000 Name'], ['shortdesc', 'a\u0000b'], ['description', 'c\u0000d'], ['contents', '<p>e\u0000f</p>']]) {
      const res = await post({ ...valid(), [field!]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toMatch(/contains characters that are not allowed/);
    }
  });

  it('refuses an unknown category or solution with 400 naming the field', async () => {
    const category = await post({ ...valid(), category: UNKNOWN_ID });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toMatch(/^category/i);
    const solutions = await post({ ...valid(), solutions: [immunity._id, UNKNOWN_ID] });
    expect(solutions.statusCode).toBe(400);
    expect(solutions.json().message).toMatch(/^solutions/i);
  });

  it.each([
    ['no name', { name: undefined }, /name/i],
    ['a blank name', { name: '   ' }, /name/i],
    ['an oversize name', { name: 'n'.repeat(121) }, /name/i],
    ['no price', { price: undefined }, /price/i],
    ['a price as text', { price: '595' }, /price/i],
    ['a negative price', { price: -5 }, /price/i],
    ['a zero price', { price: 0 }, /price/i],
    ['a price with fractions of paise', { price: 10.005 }, /price/i],
    ['a huge price', { price: 1e12 }, /price/i],
    ['no category', { category: undefined }, /category/i],
    ['a category that is not a UUID', { category: 'ghee' }, /category/i],
    ['a category object', { category: { _id: UNKNOWN_ID } }, /category/i],
    ['solutions that is not a list', { solutions: UNKNOWN_ID }, /solutions/i],
    ['a solution that is not a UUID', { solutions: ['immunity'] }, /solutions/i],
    ['no quantity', { quantity: undefined }, /quantity/i],
    ['a negative quantity', { quantity: -1 }, /quantity/i],
    ['a fractional quantity', { quantity: 1.5 }, /quantity/i],
    ['an oversize short description', { shortdesc: 's'.repeat(301) }, /short description/i],
    ['an oversize description', { description: 'd'.repeat(5001) }, /description/i],
    ['highlighted as text', { highlighted: 'yes' }, /highlighted/i],
    ['an image that is not a data URL', { image: 'https://evil.example/x.png' }, /image/i],
  ])('refuses %s with 400 and a message', async (_label, patch, field) => {
    const res = await post({ ...valid(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(field);
  });

  it('refuses malformed JSON, an empty body and a non-object body with 400', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: '/api/products', token: t.admin.token, payload: '{"name": ' });
    for (const payload of [{}, [], 'text']) {
      const res = await t.shop.request({
        method: 'POST',
        url: '/api/products',
        token: t.admin.token,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });
});

describe('PUT /api/products/:id', () => {
  let product: Product;
  beforeAll(async () => {
    product = await addProduct(t.shop, t.admin.token, {
      name: 'Editable Ghee',
      price: 595,
      category: ghee._id,
      solutions: [immunity._id],
      shortdesc: 'short',
      description: 'long',
      contents: '<p>c</p>',
      quantity: 3,
    });
  });

  it('changes only the fields sent and answers {product, message}', async () => {
    const res = await put(product._id, { price: 649.5, quantity: 7 });
    const updated = expectProductAnswer(res, 200, 'Product updated successfully');
    // A spec client's price and stock are the default size's.
    expect(updated).toEqual({
      ...product,
      price: 649.5,
      quantity: 7,
      price_from: 649.5,
      price_to: 649.5,
      variants: [{ ...product.variants[0], price: 649.5, quantity: 7 }],
    });
    product = updated;
  });

  it('refuses a stock edit made on a stale number (expected_quantity), so reserved units are never put back', async () => {
    const stale = await put(product._id, { quantity: 20, expected_quantity: product.quantity + 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `The stock of ${product.name} changed to ${product.quantity} while you were editing; check it and save again`,
    );
    const fresh = await put(product._id, { quantity: 20, expected_quantity: product.quantity });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().product.quantity).toBe(20);
    product = fresh.json().product;
  });

  it('accepts an empty update and changes nothing', async () => {
    const res = await put(product._id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toEqual(product);
  });

  it('moves the slug when the product is renamed', async () => {
    const res = await put(product._id, { name: 'Renamed Ghee' });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ name: 'Renamed Ghee', slug: 'renamed-ghee' });
    expect((await bySlug('editable-ghee')).statusCode).toBe(404);
    expect((await bySlug('renamed-ghee')).json().product._id).toBe(product._id);
    product = res.json().product;
  });

  it('keeps the slug for a rename that gives the same slug, and avoids reserved words', async () => {
    const same = await put(product._id, { name: 'RENAMED ghee' });
    expect(same.json().product.slug).toBe('renamed-ghee');
    const reserved = await put(product._id, { name: 'Highlighted' });
    expect(reserved.statusCode).toBe(200);
    expect(reserved.json().product.slug).not.toBe('highlighted');
    expect((await t.shop.request({ method: 'GET', url: '/api/products/highlighted' })).json()).toHaveProperty('products');
    product = (await put(product._id, { name: 'Renamed Ghee' })).json().product;
  });

  it('moves the product to another category and replaces its solutions', async () => {
    const res = await put(product._id, { category: honey._id, solutions: [digestion._id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ category: honey, solutions: [digestion] });
    const cleared = await put(product._id, { solutions: [] });
    expect(cleared.json().product.solutions).toEqual([]);
  });

  it('sanitises contents on update too', async () => {
    const res = await put(product._id, { contents: '<p>ok</p><script>alert(1)</script><a href="javascript:void(0)">x</a><img src=x onerror=alert(1)>' });
    expect(res.statusCode).toBe(200);
    const { contents } = res.json<{ product: Product }>().product;
    expect(contents).toContain('<p>ok</p>');
    expect(contents).not.toMatch(/script|javascript:|onerror|alert/i);
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    const unknown = await put(UNKNOWN_ID, { price: 10 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No product found' });
    const bad = await put('abc', { price: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/i);
  });

  it.each([
    ['an unknown category', () => ({ category: UNKNOWN_ID }), /^category/i],
    ['an unknown solution', () => ({ solutions: [UNKNOWN_ID] }), /^solutions/i],
    ['a negative price', () => ({ price: -1 }), /price/i],
    ['a negative quantity', () => ({ quantity: -1 }), /quantity/i],
    ['a quantity as text', () => ({ quantity: '4' }), /quantity/i],
    ['a blank name', () => ({ name: ' \t ' }), /name/i],
    ['a null name', () => ({ name: null }), /name/i],
    ['an oversize name', () => ({ name: 'x'.repeat(121) }), /name/i],
    ['an oversize old_image', () => ({ old_image: 'x'.repeat(2001) }), /previous image/i],
    ['an image that is not a data URL', () => ({ image: '/uploads/products/a.webp' }), /image/i],
  ])('refuses %s with 400 and leaves the product as it was', async (_label, patch, field) => {
    const before = (await bySlug(product.slug)).json().product;
    const res = await put(product._id, patch());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(field);
    expect((await bySlug(product.slug)).json().product).toEqual(before);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.shop.request({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      token: t.admin.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"price": 1,,}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('DELETE /api/products/:id', () => {
  it('deletes a product with the fixed message; its slug is gone', async () => {
    const product = await addProduct(t.shop, t.admin.token, { name: 'Doomed Jar', category: ghee._id, solutions: [immunity._id] });
    const res = await t.shop.request({ method: 'DELETE', url: `/api/products/${product._id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Product deleted successfully' });
    expect((await bySlug(product.slug)).statusCode).toBe(404);
    const again = await t.shop.request({ method: 'DELETE', url: `/api/products/${product._id}`, token: t.admin.token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'No product found' });
  });

  it('hides a product that was ever ordered instead of deleting it: its order lines keep pointing at it', async () => {
    const product = await addProduct(t.shop, t.admin.token, { name: 'Ordered Jar', category: ghee._id, price: 300 });
    await t.shop.db.insert(checkouts).values({ id: 'order_test_1', receipt: 'rcpt_test_1', amountPaise: 30000, reservedUntil: new Date() });
    const [line] = await t.shop.db
      .insert(orders)
      .values({
        checkoutId: 'order_test_1',
        userName: 'Buyer',
        userEmail: 'buyer@example.com',
        productId: product._id,
        productName: product.name,
        productSlug: product.slug,
        unitPricePaise: 30000,
        cartQuantity: 1,
        status: 'Processing',
      })
      .returning({ id: orders.id });
    const res = await t.shop.request({ method: 'DELETE', url: `/api/products/${product._id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    const [kept] = await t.shop.db.select().from(orders).where(eq(orders.id, line!.id));
    expect(kept).toMatchObject({ productId: product._id, productName: 'Ordered Jar', unitPricePaise: 30000 });
    const [row] = await t.shop.db.select({ removedAt: products.removedAt }).from(products).where(eq(products.id, product._id));
    expect(row!.removedAt).toBeInstanceOf(Date);
    // Gone from the shop and from the admin's list; a second delete finds nothing.
    expect((await bySlug(product.slug)).statusCode).toBe(404);
    const all = (await t.shop.request({ method: 'GET', url: '/api/products/', token: t.admin.token })).json<{ products: Product[] }>();
    expect(all.products.map((p) => p._id)).not.toContain(product._id);
    const again = await t.shop.request({ method: 'DELETE', url: `/api/products/${product._id}`, token: t.admin.token });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 for a bad id and 404 for an unknown one', async () => {
    const bad = await t.shop.request({ method: 'DELETE', url: '/api/products/not-a-uuid', token: t.admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
    const unknown = await t.shop.request({ method: 'DELETE', url: `/api/products/${UNKNOWN_ID}`, token: t.admin.token });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets a category be deleted once its last product is gone', async () => {
    const lonely = await addCategory(t.shop, t.admin.token, 'Lonely');
    const product = await addProduct(t.shop, t.admin.token, { name: 'Lonely Jar', category: lonely._id });
    expect((await t.shop.request({ method: 'DELETE', url: `/api/category/${lonely._id}`, token: t.admin.token })).statusCode).toBe(409);
    await t.shop.request({ method: 'DELETE', url: `/api/products/${product._id}`, token: t.admin.token });
    expect((await t.shop.request({ method: 'DELETE', url: `/api/category/${lonely._id}`, token: t.admin.token })).statusCode).toBe(200);
  });
});

describe('GET /api/products/ (admin list)', () => {
  it('answers every product, not just a page, with the exact shape', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/products/', token: t.admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ products: Product[] }>();
    expect(keysOf(body)).toEqual(['products']);
    expect(body.products.length).toBeGreaterThan(PAGE_SIZE);
    for (const p of body.products) expect(keysOf(p)).toEqual(PRODUCT_KEYS);
    const page1 = (await t.shop.request({ method: 'GET', url: '/api/products/list/1' })).json<{ products: Product[] }>();
    expect(body.products.slice(0, PAGE_SIZE).map(asShopperSees)).toEqual(page1.products);
  });
});

describe('GET /api/products/dashboard', () => {
  it('answers the total and the number of products per category', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/products/dashboard', token: t.admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ products_count: number; products: Array<{ category: string; number_of_products: number }> }>();
    expect(keysOf(body)).toEqual(['products', 'products_count']);
    const all = (await t.shop.request({ method: 'GET', url: '/api/products/', token: t.admin.token })).json<{ products: Product[] }>().products;
    expect(body.products_count).toBe(all.length);
    const expected = ['Ghee', 'Honey'].map((name) => ({
      category: name,
      number_of_products: all.filter((p) => p.category.name === name).length,
    }));
    expect(body.products).toEqual(expected);
    for (const row of body.products) expect(keysOf(row)).toEqual(['category', 'number_of_products']);
  });
});

describe('sizes (issue 28)', () => {
  const size = (label: string, sku: string, price: number, quantity: number, extra: object = {}) => ({
    label,
    sku,
    price,
    quantity,
    weight_grams: 300,
    ...extra,
  });
  const withSizes = (name: string, variants: unknown[], extra: object = {}) => post({ name, category: ghee._id, variants, ...extra });
  /** An order line for `variantId` (a sale), made straight in the database as checkout would. */
  const orderLine = async (product: Product, variantId: string) => {
    const id = `order_size_${variantId.slice(0, 8)}`;
    await t.shop.db.insert(checkouts).values({ id, receipt: `rcpt_${id}`, amountPaise: 100, reservedUntil: new Date() });
    await t.shop.db.insert(orders).values({
      checkoutId: id,
      userName: 'Buyer',
      userEmail: 'buyer@example.com',
      productId: product._id,
      variantId,
      productName: product.name,
      productSlug: product.slug,
      unitPricePaise: 100,
      cartQuantity: 1,
      status: 'Processing',
    });
  };

  it('creates a product with its sizes in order: default flagged, SKUs upper case, price from/to, exact size shape', async () => {
    const res = await withSizes('Sized Ghee', [
      size('250 ml', 'sg-250', 350, 4, { mrp: 400 }),
      size('500 ml', 'sg-500', 650, 2, { is_default: true }),
      size('1 L', 'sg-1000', 1200, 0),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<{ product: Product }>().product;
    expect(product.variants.map((v) => [v.label, v.sku, v.price, v.mrp, v.quantity, v.position, v.is_default])).toEqual([
      ['250 ml', 'SG-250', 350, 400, 4, 0, false],
      ['500 ml', 'SG-500', 650, undefined, 2, 1, true],
      ['1 L', 'SG-1000', 1200, undefined, 0, 2, false],
    ]);
    expect(Object.keys(product.variants[0]!).sort()).toEqual([...ADMIN_VARIANT_KEYS, 'mrp'].sort());
    expect(Object.keys(product.variants[1]!).sort()).toEqual(ADMIN_VARIANT_KEYS);
    // price and quantity are the default size's, as every spec screen reads them.
    expect(product).toMatchObject({ price: 650, quantity: 2, price_from: 350, price_to: 1200 });
    expect((await bySlug('sized-ghee')).json().product).toEqual(asShopperSees(product));
  });

  it('makes the first size the default when none is flagged, and refuses two defaults', async () => {
    const res = await withSizes('First Default', [size('1 kg', 'fd-1', 900, 1), size('2 kg', 'fd-2', 1700, 1)]);
    expect(res.json().product.variants.map((v: { is_default: boolean }) => v.is_default)).toEqual([true, false]);
    expect(res.json().product.price).toBe(900);
    const two = await withSizes('Two Defaults', [size('1 kg', 'td-1', 900, 1, { is_default: true }), size('2 kg', 'td-2', 1700, 1, { is_default: true })]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Only one size can be the default');
  });

  it('refuses an MRP below the price with 400 in plain words, and 0 or 21 sizes', async () => {
    const low = await withSizes('Low MRP', [size('500 g', 'lm-500', 300, 1, { mrp: 250 })]);
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('The MRP of 500 g (₹250) must not be below its price (₹300)');
    expect((await withSizes('No Sizes', [])).statusCode).toBe(400);
    const many = Array.from({ length: 21 }, (_, i) => size(`${i + 1} kg`, `many-${i}`, 100, 1));
    expect((await withSizes('Too Many Sizes', many)).statusCode).toBe(400);
    expect((await bySlug('low-mrp')).statusCode).toBe(404);
  });

  it('answers 409 naming a SKU already used, in either letter case, and writes nothing', async () => {
    await withSizes('Taken One', [size('1 kg', 'GHEE-500', 500, 1)]);
    const res = await withSizes('Taken Two', [size('500 g', 'ghee-500', 300, 1)]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('SKU GHEE-500 is already used');
    expect((await bySlug('taken-two')).statusCode).toBe(404);
    const twice = await withSizes('Same Twice', [size('1 kg', 'tw-1', 500, 1), size('2 kg', 'TW-1', 900, 1)]);
    expect(twice.statusCode).toBe(400);
  });

  it('PUT variants: updates sizes with _id, adds those without, deletes a never-ordered size left out; its SKU is never reused', async () => {
    const made = (await withSizes('Editable Sizes', [size('250 g', 'es-250', 200, 5), size('500 g', 'es-500', 380, 5)])).json().product as Product;
    const [small, large] = made.variants;
    const res = await put(made._id, {
      variants: [
        size('500 g', 'es-500', 390, 6, { _id: large!._id, is_default: true }),
        size('1 kg', 'es-1000', 720, 3),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json<{ product: Product }>().product;
    expect(product.variants.map((v) => [v._id === large!._id, v.label, v.sku, v.price, v.quantity, v.is_default])).toEqual([
      [true, '500 g', 'ES-500', 390, 6, true],
      [false, '1 kg', 'ES-1000', 720, 3, false],
    ]);
    expect(product).toMatchObject({ price: 390, quantity: 6, price_from: 390, price_to: 720 });
    const [gone] = await t.shop.db.select().from(productVariants).where(eq(productVariants.id, small!._id));
    expect(gone).toBeUndefined();
    // The deleted size's SKU stays given: no other size gets it.
    const reuse = await put(made._id, { variants: [...product.variants.map(stripOutput), size('250 g', 'ES-250', 200, 1)] });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe('SKU ES-250 is already used');
    // A size that changes its SKU gives up the old one for good too.
    const renamed = await put(made._id, { variants: product.variants.map((v, i) => ({ ...stripOutput(v), ...(i === 1 ? { sku: 'ES-1KG' } : {}) })) });
    expect(renamed.json().product.variants[1].sku).toBe('ES-1KG');
    const other = await withSizes('Wants Old Sku', [size('1 kg', 'es-1000', 700, 1)]);
    expect(other.statusCode).toBe(409);
  });

  it('hides a size left out when an order line has it, so the order keeps naming it', async () => {
    const made = (await withSizes('Ordered Sizes', [size('250 g', 'os-250', 200, 5), size('500 g', 'os-500', 380, 5)])).json().product as Product;
    await orderLine(made, made.variants[0]!._id);
    const res = await put(made._id, { variants: [stripOutput(made.variants[1]!)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.variants.map((v: { label: string; is_default: boolean }) => [v.label, v.is_default])).toEqual([['500 g', true]]);
    const [hidden] = await t.shop.db.select().from(productVariants).where(eq(productVariants.id, made.variants[0]!._id));
    expect(hidden).toMatchObject({ label: '250 g', sku: 'OS-250' });
    expect(hidden!.removedAt).toBeInstanceOf(Date);
  });

  it("guards each size's stock with its own expected_quantity (409 naming the size) and refuses another product's size", async () => {
    const made = (await withSizes('Guarded Sizes', [size('250 g', 'gs-250', 200, 5), size('500 g', 'gs-500', 380, 7)])).json().product as Product;
    const stale = await put(made._id, {
      variants: [stripOutput(made.variants[0]!), { ...stripOutput(made.variants[1]!), quantity: 20, expected_quantity: 9 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The stock of Guarded Sizes (500 g) changed to 7 while you were editing; check it and save again');
    const fresh = await put(made._id, {
      variants: [stripOutput(made.variants[0]!), { ...stripOutput(made.variants[1]!), quantity: 20, expected_quantity: 7 }],
    });
    expect(fresh.json().product.variants[1].quantity).toBe(20);
    const foreign = (await withSizes('Foreign Sizes', [size('1 kg', 'fs-1', 100, 1)])).json().product as Product;
    const wrong = await put(made._id, { variants: [stripOutput(foreign.variants[0]!)] });
    expect(wrong.statusCode).toBe(400);
  });

  it("a spec client's PUT edits the default size only", async () => {
    const made = (await withSizes('Spec Edit', [size('250 g', 'se-250', 200, 5), size('500 g', 'se-500', 380, 7, { is_default: true })])).json()
      .product as Product;
    const res = await put(made._id, { price: 400, quantity: 9, expected_quantity: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.variants.map((v: { price: number; quantity: number }) => [v.price, v.quantity])).toEqual([
      [200, 5],
      [400, 9],
    ]);
  });

  it("a spec client's POST names its one size after the quantity its name ends with, SKU made unique", async () => {
    const first = (await post({ name: 'Mustard Oil 500 ml', price: 250, quantity: 3, category: ghee._id })).json().product as Product;
    expect(first.variants).toMatchObject([{ label: '500 ml', sku: 'MUSTARD-OIL-500-ML', is_default: true }]);
    await t.shop.request({ method: 'DELETE', url: `/api/products/${first._id}`, token: t.admin.token });
    const second = (await post({ name: 'Mustard Oil 500 ml', price: 250, quantity: 3, category: ghee._id })).json().product as Product;
    // The deleted product's SKU is never given again.
    expect(second.variants[0]!.sku).toBe('MUSTARD-OIL-500-ML-2');
  });

  it("label details: the shop's defaults, the product's own, and '' or null back to the default", async () => {
    const made = (await post({ ...valid(), name: 'Labelled', label_details: { packer: 'Gir Gau Dairy, Rajkot', best_before: '' } })).json()
      .product as Product;
    expect(made.label_details).toEqual({ ...SHOP_LABEL, packer: 'Gir Gau Dairy, Rajkot' });
    const edited = await put(made._id, { label_details: { packer: null, country_of_origin: 'Nepal', consumer_care: 'care@gir.example' } });
    expect(edited.json().product.label_details).toEqual({
      ...SHOP_LABEL,
      country_of_origin: 'Nepal',
      consumer_care: 'care@gir.example',
    });
  });

  it('hides an ordered product with all its sizes and keeps the order line whole; a never-ordered one is deleted', async () => {
    const made = (await withSizes('Ordered Twice', [size('250 g', 'ot-250', 200, 5), size('500 g', 'ot-500', 380, 5)])).json().product as Product;
    await orderLine(made, made.variants[1]!._id);
    expect((await t.shop.request({ method: 'DELETE', url: `/api/products/${made._id}`, token: t.admin.token })).json()).toEqual({
      message: 'Product deleted successfully',
    });
    const sizes = await t.shop.db.select().from(productVariants).where(eq(productVariants.productId, made._id));
    expect(sizes).toHaveLength(2);
    for (const s of sizes) expect(s.removedAt).toBeInstanceOf(Date);
    const [line] = await t.shop.db.select().from(orders).where(eq(orders.variantId, made.variants[1]!._id));
    expect(line).toMatchObject({ productId: made._id, productName: 'Ordered Twice' });
    expect((await put(made._id, { price: 5 })).statusCode).toBe(404);

    const never = (await withSizes('Never Ordered', [size('1 kg', 'no-1', 200, 5)])).json().product as Product;
    await t.shop.request({ method: 'DELETE', url: `/api/products/${never._id}`, token: t.admin.token });
    expect(await t.shop.db.select().from(products).where(eq(products.id, never._id))).toEqual([]);
  });
});

/** A size from an answer as the admin sends it back (without the answer-only fields). */
function stripOutput(v: Partial<Product['variants'][number]>) {
  const { position: _position, is_default: _isDefault, ...rest } = v;
  return rest;
}
