import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '@shop/domain/constants';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import type { Product } from '@shop/domain/schemas/products';
import { insertOrderedLine } from '../../test/products.js';
import { createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { addCategory, addProduct, addSolution, asShopperSees, keysOf, PRODUCT_KEYS, SHOP_LABEL, UNKNOWN_ID } from './test-fixtures.js';

let shop: TestShop;
let admin: TestUser;
let ghee: Category;
let oils: Category;
let empty: Category;
let immunity: Solution;
let health: Solution;
let unused: Solution;
/** Oldest first, as created. */
const gheeProducts: Product[] = [];
const oilProducts: Product[] = [];

const get = (url: string) => shop.request({ method: 'GET', url });
const names = (list: Product[]) => list.map((p) => p.name);
const newestFirst = (list: Product[]) => names([...list].reverse());

beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.createAdmin();
  ghee = await addCategory(shop, admin.token, 'Ghee');
  oils = await addCategory(shop, admin.token, 'Hair Oils');
  empty = await addCategory(shop, admin.token, 'Empty Shelf');
  immunity = await addSolution(shop, admin.token, 'Immunity Power');
  health = await addSolution(shop, admin.token, 'Best for Health');
  unused = await addSolution(shop, admin.token, 'Nobody Uses This');
  // 10 ghee products (two pages), the even ones tagged Immunity; 3 oils, tagged Health, the first highlighted.
  for (let i = 1; i <= 10; i++) {
    gheeProducts.push(
      asShopperSees(await addProduct(shop, admin.token, {
        name: `Ghee ${i}`,
        price: 500 + i + 0.5,
        quantity: i,
        category: ghee._id,
        solutions: i % 2 === 0 ? [immunity._id, health._id] : [],
        shortdesc: `Jar ${i}`,
        highlighted: i === 3,
      })),
    );
  }
  for (let i = 1; i <= 3; i++) {
    oilProducts.push(
      asShopperSees(await addProduct(shop, admin.token, {
        name: `Hair Oil ${i}`,
        category: oils._id,
        solutions: [health._id],
        highlighted: i === 1,
      })),
    );
  }
});
afterAll(() => shop.close());

describe('GET /api/products/list/:page', () => {
  const all = () => [...gheeProducts, ...oilProducts];

  it(`answers ${PAGE_SIZE} products per page, newest first, with the exact product shape`, async () => {
    const res = await get('/api/products/list/1');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ products: Product[] }>();
    expect(keysOf(body)).toEqual(['products']);
    expect(body.products).toHaveLength(PAGE_SIZE);
    expect(names(body.products)).toEqual(newestFirst(all()).slice(0, PAGE_SIZE));
    for (const p of body.products) expect(keysOf(p)).toEqual(PRODUCT_KEYS);
  });

  it('answers the rest on page 2 and nothing beyond the end', async () => {
    const page2 = (await get('/api/products/list/2')).json<{ products: Product[] }>();
    expect(names(page2.products)).toEqual(newestFirst(all()).slice(PAGE_SIZE, 2 * PAGE_SIZE));
    const page3 = await get('/api/products/list/3');
    expect(page3.statusCode).toBe(200);
    expect(page3.json()).toEqual({ products: [] });
    const far = await get('/api/products/list/99999');
    expect(far.json()).toEqual({ products: [] });
  });

  it.each(['0', '-1', 'abc', '1.5', '1e3x', '100001', '99999999999999999999'])('refuses page %j with 400', async (page) => {
    const res = await get(`/api/products/list/${page}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/page/i);
  });

  it('sends a product as the spec reads it: rupees, category object, solutions, no null image', async () => {
    const [page] = (await get('/api/products/list/2')).json<{ products: Product[] }>().products.filter((p) => p.name === 'Ghee 2');
    expect(page).toEqual({
      _id: gheeProducts[1]!._id,
      name: 'Ghee 2',
      slug: 'ghee-2',
      price: 502.5,
      quantity: 2,
      variants: [
        { _id: expect.any(String), label: 'Standard', sku: 'GHEE-2', price: 502.5, quantity: 2, weight_grams: 500, position: 0, is_default: true },
      ],
      price_from: 502.5,
      price_to: 502.5,
      label_details: SHOP_LABEL,
      category: { _id: ghee._id, name: 'Ghee', slug: 'ghee' },
      solutions: [
        { _id: health._id, name: 'Best for Health', slug: 'best-for-health' },
        { _id: immunity._id, name: 'Immunity Power', slug: 'immunity-power' },
      ],
      shortdesc: 'Jar 2',
      description: '',
      contents: '',
      highlighted: false,
    });
  });
});

describe('query count', () => {
  it('loads a page of products with their solutions in one query, not one per product', async () => {
    shop.app.readModel.invalidate();
    // Both drivers (pg Pool, PGlite) run drizzle's statements through `$client.query`.
    const client = (shop.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      const res = await get('/api/products/list/1');
      expect(res.json().products).toHaveLength(PAGE_SIZE);
      const statements = spy.mock.calls.map((call) => String((call[0] as { text?: string }).text ?? call[0]));
      expect(statements.filter((sql) => /product_solutions/.test(sql))).toHaveLength(1);
      expect(statements).toHaveLength(1);
      spy.mockClear();
      // The next ask is answered from memory.
      expect((await get('/api/products/list/1')).json().products).toHaveLength(PAGE_SIZE);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/products/highlighted', () => {
  it('answers only highlighted products, newest first', async () => {
    const res = await get('/api/products/highlighted');
    expect(res.statusCode).toBe(200);
    const { products } = res.json<{ products: Product[] }>();
    expect(names(products)).toEqual(['Hair Oil 1', 'Ghee 3']);
    for (const p of products) {
      expect(p.highlighted).toBe(true);
      expect(keysOf(p)).toEqual(PRODUCT_KEYS);
    }
  });
});

describe('GET /api/products/:slug', () => {
  it('answers {product} with the exact shape', async () => {
    const res = await get('/api/products/ghee-4');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ product: Product }>();
    expect(keysOf(body)).toEqual(['product']);
    expect(keysOf(body.product)).toEqual(PRODUCT_KEYS);
    expect(body.product).toEqual(gheeProducts[3]);
  });

  it('finds a slug written in capitals', async () => {
    const res = await get('/api/products/GHEE-4');
    expect(res.statusCode).toBe(200);
    expect(res.json().product.slug).toBe('ghee-4');
  });

  it.each(['%00', 'ghee-4%00'])('refuses the control character in %j with 400 naming the slug', async (slug) => {
    const res = await get(`/api/products/${slug}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Slug contains characters that are not allowed' });
  });

  it.each(['no-such-product', 'ghee 4', 'a%2Fb', "x' or '1'='1"])(
    'answers 404 "No product found" for %j',
    async (slug) => {
      const res = await get(`/api/products/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No product found' });
    },
  );

  it('refuses an oversize slug with 400', async () => {
    const res = await get(`/api/products/${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('GET /api/products/related-products/:productId/:categoryId', () => {
  it(`answers up to ${PAGE_SIZE} other products of the category`, async () => {
    const product = gheeProducts[0]!;
    const res = await get(`/api/products/related-products/${product._id}/${ghee._id}`);
    expect(res.statusCode).toBe(200);
    const { products } = res.json<{ products: Product[] }>();
    expect(products).toHaveLength(PAGE_SIZE);
    expect(products.every((p) => p.category._id === ghee._id && p._id !== product._id)).toBe(true);
    for (const p of products) expect(keysOf(p)).toEqual(PRODUCT_KEYS);
  });

  it('answers the other oils for an oil', async () => {
    const res = await get(`/api/products/related-products/${oilProducts[1]!._id}/${oils._id}`);
    expect(names(res.json<{ products: Product[] }>().products)).toEqual(['Hair Oil 3', 'Hair Oil 1']);
  });

  it('answers no products for unknown ids', async () => {
    const res = await get(`/api/products/related-products/${UNKNOWN_ID}/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
  });

  it('refuses ids that are not UUIDs with 400', async () => {
    for (const url of [
      `/api/products/related-products/abc/${ghee._id}`,
      `/api/products/related-products/${gheeProducts[0]!._id}/abc`,
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/id is not a valid id/i);
    }
  });
});

describe('GET /api/products/category/:slug/:page and /count', () => {
  it('pages through a category', async () => {
    const page1 = (await get('/api/products/category/ghee/1')).json<{ products: Product[] }>();
    expect(names(page1.products)).toEqual(newestFirst(gheeProducts).slice(0, PAGE_SIZE));
    const page2 = (await get('/api/products/category/ghee/2')).json<{ products: Product[] }>();
    expect(names(page2.products)).toEqual(newestFirst(gheeProducts).slice(PAGE_SIZE));
    const page3 = await get('/api/products/category/ghee/3');
    expect(page3.statusCode).toBe(200);
    expect(page3.json()).toEqual({ products: [] });
    for (const p of page1.products) expect(keysOf(p)).toEqual(PRODUCT_KEYS);
  });

  it('answers an empty category with no products', async () => {
    const res = await get(`/api/products/category/${empty.slug}/1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
  });

  it('counts the products of a category', async () => {
    expect((await get('/api/products/category/ghee/count')).json()).toEqual({ count: 10 });
    expect((await get('/api/products/category/hair-oils/count')).json()).toEqual({ count: 3 });
    expect((await get(`/api/products/category/${empty.slug}/count`)).json()).toEqual({ count: 0 });
  });

  it('answers 404 for an unknown category slug, on a page and on count', async () => {
    for (const url of ['/api/products/category/no-such/1', '/api/products/category/no-such/count']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Category not found' });
    }
  });

  it.each(['0', 'abc', '-3'])('refuses page %j with 400', async (page) => {
    const res = await get(`/api/products/category/ghee/${page}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/page/i);
  });
});

describe('GET /api/products/solutions/:slug/:page', () => {
  it('answers the products tagged with the solution', async () => {
    const res = await get('/api/products/solutions/immunity-power/1');
    expect(res.statusCode).toBe(200);
    const { products } = res.json<{ products: Product[] }>();
    expect(names(products)).toEqual(['Ghee 10', 'Ghee 8', 'Ghee 6', 'Ghee 4', 'Ghee 2']);
    for (const p of products) {
      expect(keysOf(p)).toEqual(PRODUCT_KEYS);
      expect(p.solutions.map((s) => s.slug)).toContain('immunity-power');
    }
  });

  it('pages a solution: exactly a full page, then nothing', async () => {
    // Best for Health tags 5 ghee and 3 oils: 8 products.
    const page1 = (await get('/api/products/solutions/best-for-health/1')).json<{ products: Product[] }>().products;
    expect(names(page1)).toEqual(['Hair Oil 3', 'Hair Oil 2', 'Hair Oil 1', 'Ghee 10', 'Ghee 8', 'Ghee 6', 'Ghee 4', 'Ghee 2']);
    expect((await get('/api/products/solutions/best-for-health/2')).json()).toEqual({ products: [] });
  });

  it('answers an unused solution with no products and an unknown one with 404', async () => {
    expect((await get(`/api/products/solutions/${unused.slug}/1`)).json()).toEqual({ products: [] });
    const res = await get('/api/products/solutions/no-such/1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Solution not found' });
  });

  it.each(['0', 'abc'])('refuses page %j with 400', async (page) => {
    const res = await get(`/api/products/solutions/best-for-health/${page}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/page/i);
  });
});

describe('route order: static segments win over :slug', () => {
  it('sends each static path to its own route', async () => {
    expect((await get('/api/products/list/1')).json().products).toHaveLength(PAGE_SIZE);
    expect(names((await get('/api/products/highlighted')).json().products)).toEqual(['Hair Oil 1', 'Ghee 3']);
    expect((await get('/api/products/search/ghee')).json().products.length).toBeGreaterThan(0);
    expect((await get('/api/products/category/ghee/count')).json()).toEqual({ count: 10 });
    expect((await get('/api/products/solutions/immunity-power/1')).json().products).toHaveLength(5);
    const rates = await get('/api/products/currencyExchangeRates');
    expect(rates.statusCode).toBe(200);
    expect(rates.json().rates.INR).toBe(1);
    const cart = await shop.request({ method: 'POST', url: '/api/products/getcart', payload: { cart: [] } });
    expect(cart.json()).toEqual({ cartDetails: [] });
    // Admin-only static routes are not a product lookup for a guest.
    expect((await get('/api/products/dashboard')).statusCode).toBe(401);
    expect((await get('/api/products/')).statusCode).toBe(401);
    expect((await get('/api/products')).statusCode).toBe(401);
  });

  it('answers an empty search (`search/`) with no products instead of a product lookup', async () => {
    const res = await get('/api/products/search/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
  });

  it('treats a reserved word without its parameters as an unknown product', async () => {
    for (const word of ['list', 'related-products', 'getcart']) {
      const res = await get(`/api/products/${word}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No product found' });
    }
  });
});

describe('a product removed from the shop (deleted after it was ordered, issue 28)', () => {
  it('is absent from every shop answer: lists, highlighted, category and solution pages, counts, related, its page, search, sitemap, home tiles', async () => {
    const retired = await addCategory(shop, admin.token, 'Retired');
    const kept = await addProduct(shop, admin.token, { name: 'Kept Jar', category: retired._id, solutions: [health._id] });
    const gone = await addProduct(shop, admin.token, {
      name: 'Zanzibar Gone Jar',
      category: retired._id,
      solutions: [health._id],
      highlighted: true,
    });
    await insertOrderedLine(shop.db, 'removed_1', gone);
    const tile = await shop.request({ method: 'PUT', url: '/api/home-tiles/1', token: admin.token, payload: { title: 'Gone', video: 'a2-cow-ghee', product: gone._id } });
    expect(tile.statusCode, tile.body).toBe(200);
    expect((await get('/api/home-tiles')).body).toContain(gone._id);
    const ids = (list: Product[]) => list.map((p) => p._id);
    expect(ids((await get('/api/products/list/1')).json().products)).toContain(gone._id);

    const del = await shop.request({ method: 'DELETE', url: `/api/products/${gone._id}`, token: admin.token });
    expect(del.json()).toEqual({ message: 'Product deleted successfully' });
    await shop.app.catalogueNoticesHeard();

    expect(ids((await get('/api/products/list/1')).json().products)).not.toContain(gone._id);
    expect(ids((await get('/api/products/highlighted')).json().products)).not.toContain(gone._id);
    expect(ids((await get('/api/products/category/retired/1')).json().products)).toEqual([kept._id]);
    expect((await get('/api/products/category/retired/count')).json()).toEqual({ count: 1 });
    expect(ids((await get('/api/products/solutions/best-for-health/1')).json().products)).not.toContain(gone._id);
    expect(ids((await get(`/api/products/related-products/${kept._id}/${retired._id}`)).json().products)).toEqual([]);
    expect((await get(`/api/products/${gone.slug}`)).statusCode).toBe(404);
    expect(ids((await get('/api/products/search/zanzibar')).json().products)).toEqual([]);
    expect((await get('/sitemap.xml')).body).not.toContain(gone.slug);
    expect((await get('/api/home-tiles')).body).not.toContain(gone._id);
    const dashboard = await shop.request({ method: 'GET', url: '/api/products/dashboard', token: admin.token });
    expect(dashboard.json().products.find((r: { category: string }) => r.category === 'Retired').number_of_products).toBe(1);
  });
});
