import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/domain/schemas/products';
import { createTestShop, type TestShop } from '../../test/harness.js';
import { makeFakeDists } from '../../test/fake-dist.js';
import { addCategory, addProduct } from '../products/test-fixtures.js';

/**
 * A stand-in for the storefront's server render (apps/storefront/src/entry-server.tsx, built into dist/.ssr): it
 * draws what it fetched through the fetch the server hands it, so these tests see the server's wiring (which pages
 * are drawn, the in-process API, the embedded state, the inlined CSS) without building the storefront.
 */
const FAKE_RENDER = `
export async function render(url, { fetch, origin }) {
  globalThis.drawnPages = (globalThis.drawnPages ?? 0) + 1;
  if (url.includes('boom')) throw new Error('the render broke');
  const product = /^\\/products\\/([^/?]+)/.exec(url);
  let text = url;
  if (product) {
    const res = await fetch('/api/products/' + product[1]);
    const { name, price } = (await res.json()).product;
    text = name + ' at ' + price;
  }
  const ld = product ? '<script type="application/ld+json">{"@type":"Product"}</script>' : '';
  return { html: '<p>drawn: ' + text + '</p>' + ld, state: JSON.stringify({ api: { origin, note: '</script><b>' } }) };
}
`;

let shop: TestShop;
let adminToken: string;
let ghee: Product;
const drawnPages = () => (globalThis as { drawnPages?: number }).drawnPages ?? 0;
beforeAll(async () => {
  const dists = makeFakeDists();
  const storefront = dists.STOREFRONT_DIST;
  mkdirSync(join(storefront, '.ssr'), { recursive: true });
  writeFileSync(join(storefront, '.ssr', 'entry-server.js'), FAKE_RENDER);
  writeFileSync(join(storefront, 'assets', 'product-page-1.css'), '.product-page{display:grid}');
  writeFileSync(
    join(storefront, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbC123.js', isEntry: true },
      'src/pages/product.tsx': { file: 'assets/product-page-1.js', imports: ['index.html'], css: ['assets/product-page-1.css'] },
    }),
  );
  // The page module each route draws, as the storefront's build names it beside the manifest.
  writeFileSync(join(storefront, '.vite', 'route-modules.json'), JSON.stringify({ '/products/:slug': 'src/pages/product.tsx' }));
  shop = await createTestShop(dists);
  const admin = await shop.createAdmin();
  adminToken = admin.token;
  const category = await addCategory(shop, admin.token, 'Ghee');
  ghee = await addProduct(shop, admin.token, { name: 'A2 Cow Ghee 500ml', price: 11610, quantity: 4, category: category._id });
});
afterAll(() => shop.close());

const page = (url: string) => shop.request({ method: 'GET', url });
const stateOf = (html: string) => /<script type="application\/json" id="shop-state">(.*?)<\/script>/s.exec(html)?.[1];

describe('pages drawn on the server', () => {
  it('a product page comes drawn with the data the render fetched from the API in-process, and that data for the app', async () => {
    const res = await page(`/products/${ghee.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><p>drawn: A2 Cow Ghee 500ml at 11610</p>');
    // The drawn page's own JSON-LD is the only one (the head's copy is left out).
    expect(res.body.match(/application\/ld\+json/g)).toHaveLength(1);
    const state = stateOf(res.body)!;
    // `<` is escaped, so nothing in the data can close the script tag; the JSON reads back unchanged.
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toEqual({ api: { origin: 'http://shop.test', note: '</script><b>' } });
    // The page's CSS comes inline, so the drawn page is styled at its first paint.
    expect(res.body).toContain('<style>.product-page{display:grid}</style>');
    expect(res.body).not.toContain('as="style"');
    expect(res.body).toContain('<title>A2 Cow Ghee 500ml | Shuddh Farm</title>');
  });

  it('public pages and the 404 page are drawn; the visitor-specific pages (cart, sign-in, account) are left to the browser', async () => {
    expect((await page('/allproducts')).body).toContain('<p>drawn: /allproducts</p>');
    expect((await page('/about-us')).body).toContain('<p>drawn: /about-us</p>');
    const missing = await page('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<p>drawn: /no/such/page</p>');
    // A missing product is drawn by the product page (it says 'No product found'): that page's files come with it
    // (here sent bare, as this stand-in render fails on a missing product).
    const missingProduct = await page('/products/no-such-jar');
    expect(missingProduct.statusCode).toBe(404);
    expect(missingProduct.body).toContain('<link rel="modulepreload" href="/assets/product-page-1.js" />');
    for (const url of ['/cart', '/login', '/profile', '/orders', '/change-password/abc']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(stateOf(res.body), url).toBeUndefined();
    }
  });

  it('a page whose render fails is still sent, bare, for the browser to draw', async () => {
    const res = await page('/allproducts?boom=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    // A bare page needs its JS to show anything: the entry and the route's chunks are in its head as built.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js"></script>');
  });

  it("a drawn page asks for its JS only after its first paint, with the one inline script the page's CSP allows", async () => {
    const res = await page(`/products/${ghee.slug}`);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // Nothing in the head competes with the page's image and fonts for a slow phone's bandwidth.
    expect(head).not.toContain('type="module"');
    expect(head).not.toContain('modulepreload');
    const files = JSON.parse(/<script type="application\/json" id="shop-js">(.*?)<\/script>/s.exec(res.body)![1]!);
    expect(files).toEqual({ entry: '/assets/index-AbC123.js', chunks: ['/assets/product-page-1.js'] });
    // Each inline script that runs is allowed by its hash, and only those (no 'unsafe-inline').
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    const inline = [...res.body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`);
  });

  it('a drawn page still revalidates: the same page answers 304 to its ETag', async () => {
    const first = await page('/about-us');
    const again = await shop.request({ method: 'GET', url: '/about-us', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('draws a public page once and keeps it until the catalogue changes', async () => {
    const url = `/products/${ghee.slug}`;
    await page(url);
    const before = drawnPages();
    expect((await page(url)).body).toContain('drawn: A2 Cow Ghee 500ml at 11610');
    expect(drawnPages()).toBe(before);

    const edit = await shop.request({ method: 'PUT', url: `/api/products/${ghee._id}`, token: adminToken, payload: { price: 12000 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await page(url)).body).toContain('drawn: A2 Cow Ghee 500ml at 12000');
    expect(drawnPages()).toBe(before + 1);
  });

  it('draws pages with a query string, not-found pages and other spellings of an address every time (a crawler cannot fill the memory)', async () => {
    const before = drawnPages();
    await page('/allproducts?page=2');
    await page('/allproducts?page=2');
    await page('/no/such/page-1');
    await page('/no/such/page-1');
    // Another spelling of a product's address is the same page, drawn each time rather than kept once more.
    const shouted = `/products/${ghee.slug.toUpperCase()}`;
    expect((await page(shouted)).body).toContain('drawn: A2 Cow Ghee 500ml');
    await page(shouted);
    expect(drawnPages()).toBe(before + 6);
  });
});
