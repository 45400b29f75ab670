import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_SIZE, RESERVED_PRODUCT_SLUGS } from '@shop/domain/constants';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import type { Product } from '@shop/domain/schemas/products';
import { checkouts, orders } from '../../db/schema.js';
import { expectInvalidJsonRefused, openShopForFile } from '../../test/harness.js';
import { addCategory, addProduct, addSolution, keysOf, PRODUCT_KEYS, UNKNOWN_ID } from './test-fixtures.js';

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

describe('admin only', () => {
  const calls = () => [
    { method: 'GET' as const, url: '/api/products/' },
    { method: 'GET' as const, url: '/api/products' },
    { method: 'GET' as const, url: '/api/products/dashboard' },
    { method: 'POST' as const, url: '/api/products', payload: valid() },
    { method: 'PUT' as const, url: `/api/products/${UNKNOWN_ID}`, payload: { price: 1 } },
    { method: 'DELETE' as const, url: `/api/products/${UNKNOWN_ID}` },
  ];

  it('answers 401 to a guest on every admin endpoint', async () => {
    for (const call of calls()) {
      const res = await t.shop.request(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('answers 403 to a customer on every admin endpoint', async () => {
    for (const call of calls()) {
      const res = await t.shop.request({ ...call, token: t.customer.token });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toHaveProperty('message');
    }
  });

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
    expect(res.statusCode).toBe(201);
    const body = res.json<{ product: Product; message: string }>();
    expect(keysOf(body)).toEqual(['message', 'product']);
    expect(body.message).toBe('Product created successfully');
    expect(keysOf(body.product)).toEqual(PRODUCT_KEYS);
    expect(body.product).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'A2 Desi Cow Ghee',
      slug: 'a2-desi-cow-ghee',
      price: 19.99,
      quantity: 12,
      category: ghee,
      solutions: [digestion, immunity],
      shortdesc: 'Bilona churned',
      description: 'Made from A2 milk.\nSlow cooked.',
      contents: '<h2>Why</h2><p>Because.</p>',
      highlighted: true,
    });
    expect((await bySlug('a2-desi-cow-ghee')).json().product).toEqual(body.product);
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
    expect(res.statusCode).toBe(200);
    const body = res.json<{ product: Product; message: string }>();
    expect(keysOf(body)).toEqual(['message', 'product']);
    expect(body.message).toBe('Product updated successfully');
    expect(keysOf(body.product)).toEqual(PRODUCT_KEYS);
    expect(body.product).toEqual({ ...product, price: 649.5, quantity: 7 });
    product = body.product;
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

  it('keeps past orders readable (their product becomes NULL)', async () => {
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
    expect(kept).toMatchObject({ productId: null, productName: 'Ordered Jar', unitPricePaise: 30000 });
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
    expect(body.products.slice(0, PAGE_SIZE)).toEqual(page1.products);
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
