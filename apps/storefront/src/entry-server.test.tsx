// @vitest-environment node
/**
 * The server render (entry-server.tsx) as the API server calls it: in Node, with a fetch that reaches the API
 * (here msw's). What matters to a visitor: the page arrives drawn with its data (the product's photo, name and
 * price, the home slider), and the data comes along so the browser does not fetch it again.
 */
import { http, HttpResponse } from 'msw';
import { makeProduct, makeProducts, makeVariant, sliders } from './testing/fixtures';
import { apiPath, fail, server } from './testing/server';
import { render } from './entry-server';

const origin = 'http://shop.test';
const fetchShop: typeof fetch = (url, init) => fetch(new URL(String(url), origin), init);

interface Cache {
  api: { queries: Record<string, { status: string; data?: unknown }> };
}

describe('the server render', () => {
  it('draws a product page with the product and its related products, and hands their data over', async () => {
    const ghee = makeProduct({ name: 'A2 Cow Ghee 500 ml', price: 11610 });
    server.use(
      http.get(apiPath(`products/${ghee.slug}`), () => HttpResponse.json({ product: ghee })),
      http.get(apiPath(`products/related-products/${ghee._id}/*`), () => HttpResponse.json({ products: makeProducts(2, 'Forest Honey') })),
    );
    const page = await render(`/products/${ghee.slug}`, { fetch: fetchShop, origin });

    expect(page.html).toContain('<h1');
    expect(page.html).toContain('A2 Cow Ghee 500 ml');
    expect(page.html).toContain('₹ 11,610.00');
    // The photo is a real image, fetched first, with the server's WebP widths.
    expect(page.html).toMatch(/<img[^>]*srcSet="\/uploads\/products\/ghee-320\.webp 320w[^>]*alt="A2 Cow Ghee 500 ml"[^>]*fetchPriority="high"/);
    // The related products come from a second query, asked for once the product was known.
    expect(page.html).toContain('Forest Honey 1');
    // The JSON-LD names the shop's own origin (there is no window on the server).
    expect(page.html).toContain(`"url":"${origin}/products/${ghee.slug}?variant=${ghee.variants[0]!._id}"`);
    // Drawn complete: no loading state, no streaming script (the CSP allows none inline).
    expect(page.html).not.toContain('Loading');
    expect(page.html).not.toContain('<script>');

    const cache = JSON.parse(page.state) as Cache;
    expect(cache.api.queries[`product("${ghee.slug}")`]).toMatchObject({ status: 'fulfilled', data: { name: 'A2 Cow Ghee 500 ml' } });
  });

  it('draws the size a shared link names (?variant=), its price and stock, and every size in the JSON-LD', async () => {
    const small = makeVariant({ label: '250 ml', sku: 'A2-GHEE-250', price: 595, quantity: 4, is_default: false });
    const big = makeVariant({ label: '1 L', sku: 'A2-GHEE-1L', price: 1890, quantity: 6, is_default: true });
    const ghee = makeProduct({ name: 'A2 Gir Cow Bilona Ghee', variants: [small, big] });
    server.use(
      http.get(apiPath(`products/${ghee.slug}`), () => HttpResponse.json({ product: ghee })),
      http.get(apiPath(`products/related-products/${ghee._id}/*`), () => HttpResponse.json({ products: [] })),
    );
    const page = await render(`/products/${ghee.slug}?variant=${small._id}`, { fetch: fetchShop, origin });
    expect(page.html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>250 ml</);
    expect(page.html).toMatch(/<button[^>]*aria-pressed="false"[^>]*>1 L</);
    expect(page.html).toContain('In stocks : 4');
    expect(page.html).toMatch(/class="price product__price"[^>]*>₹ 595.00</);
    expect(page.html).toContain('"@type":"AggregateOffer"');
    expect(page.html).toContain('"sku":"A2-GHEE-1L"');
    expect(page.html).toContain('Product details');
  });

  it('draws the home page with its first slide as the hero image', async () => {
    server.use(http.get(apiPath('slider'), () => HttpResponse.json({ sliders })));
    const page = await render('/', { fetch: fetchShop, origin });
    expect(page.html).toMatch(/<img class="hero-slider__img" src="\/uploads\/sliders\/one\.webp"[^>]*alt="Fresh ghee"/);
    expect(page.html).not.toContain('hero-placeholder');
  });

  it.each([
    ['product', '/products/nope', 'products/nope', 'No product found', 'product("nope")'],
    ['category', '/category/nope', 'products/category/nope/1', 'Category not found', 'categoryProducts({"page":1,"slug":"nope"})'],
    ['solution', '/solutions/nope', 'products/solutions/nope/1', 'Solution not found', 'solutionProducts({"page":1,"slug":"nope"})'],
    ['blog', '/blogs/nope', 'blogs/nope', 'Not found', 'blog("nope")'],
  ])('draws a missing %s as not found, from the failure it hands over (as the browser draws it)', async (_, url, call, heading, key) => {
    server.use(http.get(apiPath(call), () => fail(404, 'Gone')));
    const page = await render(url, { fetch: fetchShop, origin });
    expect(page.html).toContain(`<h1>${heading}</h1>`);
    expect(page.html).not.toContain('Loading');
    expect(page.html).not.toContain('check your connection');
    expect((JSON.parse(page.state) as Cache).api.queries[key]).toMatchObject({ status: 'rejected' });
  });

  it('draws the "Not found" page for an unknown address', async () => {
    const page = await render('/no/such/page', { fetch: fetchShop, origin });
    expect(page.html).toMatch(/not found/i);
  });
});
