import { beforeAll, describe, expect, it } from 'vitest';
import { productSlugHistory } from '../../db/schema.js';
import { type TestUser, openShopForTests } from '../../test/harness.js';
import { makeFakeDists } from '../../test/fake-dist.js';
import { addCategory, addProduct, pngDataUrl } from '../products/test-fixtures.js';
import { productJsonLd } from '@shop/domain/product-json-ld';
import type { Product } from '@shop/domain/schemas/products';
import { renderHead, routeFiles, summary } from './pages.js';

const t = openShopForTests(makeFakeDists());
let admin: TestUser;
let ghee: Product;
beforeAll(async () => {
  admin = await t.shop.createAdmin();
  const category = await addCategory(t.shop, admin.token, 'Ghee & Butter');
  ghee = await addProduct(t.shop, admin.token, {
    name: 'A2 Cow Ghee 500ml',
    price: 11610,
    quantity: 4,
    category: category._id,
    shortdesc: 'Bilona-churned "desi" ghee & butter from our farm',
    image: await pngDataUrl(),
  });
});

const page = (url: string) => t.shop.request({ method: 'GET', url });
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('a product page without JS', () => {
  it('names the product in <title>, og:title, description; absolute og:image; canonical; JSON-LD with the INR price', async () => {
    const res = await page(`/products/${ghee.slug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>A2 Cow Ghee 500ml | Shuddh Farm</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'property', 'og:title')).toBe('A2 Cow Ghee 500ml');
    expect(meta(html, 'property', 'og:type')).toBe('product');
    // Quotes and angle brackets of a product's text are escaped, never raw HTML.
    expect(meta(html, 'name', 'description')).toBe('Bilona-churned &quot;desi&quot; ghee &amp; butter from our farm');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, 'property', 'og:image')).toBe(`http://shop.test${ghee.image}`);
    expect(meta(html, 'name', 'twitter:image')).toBe(`http://shop.test${ghee.image}`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="http://shop.test/products/${ghee.slug}" />`);
    // The image the page draws first is fetched before the app's JS runs.
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="[^"]+\.webp" imagesrcset="[^"]+-320\.webp 320w/);
    const ld = JSON.parse(/<script type="application\/ld\+json" data-page-head>(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'A2 Cow Ghee 500ml',
      image: `http://shop.test${ghee.image}`,
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: '11610.00',
        highPrice: '11610.00',
        offerCount: 1,
        priceCurrency: 'INR',
        offers: [{ '@type': 'Offer', price: '11610.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' }],
      },
    });
    // The same data, field for field, as the app draws beside the product (one builder).
    expect(ld).toEqual(productJsonLd(ghee, { origin: 'http://shop.test', brand: 'Shuddh Farm' }));
  });

  it('an unknown product, an unknown path and an unknown category answer 404 with the app (its "Not found" page)', async () => {
    for (const url of ['/products/no-such-jar', '/no/such/page', '/category/nothing-here', '/blogs/never-written']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
    // The shop's own client-side routes are pages.
    for (const url of ['/cart', '/login', '/search/ghee', '/change-password/abc', '/allproducts']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
    // API misses stay JSON.
    expect((await page('/api/nothing')).json()).toEqual({ message: 'Not found' });
  });

  it('a renamed product keeps its old address as a 301 to the new one, also after a second rename', async () => {
    const oldSlug = ghee.slug;
    const rename = async (name: string) => {
      const res = await t.shop.request({ method: 'PUT', url: `/api/products/${ghee._id}`, token: admin.token, payload: { name } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ product: Product }>().product.slug;
    };
    const second = await rename('A2 Desi Cow Ghee 500ml');
    expect(second).not.toBe(oldSlug);
    let res = await page(`/products/${oldSlug}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/products/${second}`);

    const third = await rename('Bilona Ghee 500ml');
    for (const slug of [oldSlug, second]) {
      res = await page(`/products/${slug}`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`/products/${third}`);
    }
    expect((await page(`/products/${third}`)).statusCode).toBe(200);
  });

  it("a retired product merged into another as one of its sizes answers 301 to that product with ?variant=, until the size goes", async () => {
    const category = await addCategory(t.shop, admin.token, 'Merged');
    const res = await t.shop.request({
      method: 'POST',
      url: '/api/products',
      token: admin.token,
      payload: {
        name: 'Gir Ghee',
        category: category._id,
        variants: [
          { label: '250 ml', sku: 'gir-250', price: 450, quantity: 3, weight_grams: 300 },
          { label: '500 ml', sku: 'gir-500', price: 850, quantity: 3, weight_grams: 560 },
        ],
      },
    });
    const merged = res.json<{ product: Product }>().product;
    const small = merged.variants[0]!;
    // What the demo seed writes for the retired 250 ml product's address.
    await t.shop.db.insert(productSlugHistory).values({ oldSlug: 'gir-ghee-250-ml', productId: merged._id, variantId: small._id });
    let moved = await page('/products/gir-ghee-250-ml');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/products/${merged.slug}?variant=${small._id}`);
    // Once that size is no longer sold, the old address opens the product as it is.
    await t.shop.request({ method: 'PUT', url: `/api/products/${merged._id}`, token: admin.token, payload: { variants: [{ ...merged.variants[1]!, position: undefined, is_default: true }] } });
    moved = await page('/products/gir-ghee-250-ml');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/products/${merged.slug}`);
  });

  it('a renamed blog answers 301 from its old slug; the blog page has its own title and article tags', async () => {
    const created = await t.shop.request({
      method: 'POST',
      url: '/api/blogs',
      token: admin.token,
      payload: { title: 'Why A2 ghee', content: '<p>Our cows graze <b>freely</b> all day.</p>' },
    });
    const blog = created.json<{ blog: { _id: string; slug: string } }>().blog;
    let res = await page(`/blogs/${blog.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Why A2 ghee | Shuddh Farm</title>');
    expect(meta(res.body, 'property', 'og:type')).toBe('article');
    expect(meta(res.body, 'name', 'description')).toBe('Our cows graze freely all day.');

    const renamed = await t.shop.request({ method: 'PUT', url: `/api/blogs/${blog._id}`, token: admin.token, payload: { title: 'Why we keep A2 cows' } });
    const newSlug = renamed.json<{ blog: { slug: string } }>().blog.slug;
    res = await page(`/blogs/${blog.slug}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/blogs/${newSlug}`);
  });

  it.each([
    ['category', 'Milk & Curd', 'Dairy Fresh'],
    ['solutions', 'Strong Bones', 'Strong Bones and Joints'],
  ])('a renamed %s keeps its old address as a 301 to the new one, also after a second rename', async (prefix, first, second) => {
    const created = await t.shop.request({ method: 'POST', url: `/api/${prefix}`, token: admin.token, payload: { name: first } });
    expect(created.statusCode, created.body).toBe(201);
    const { _id: id, slug: oldSlug } = Object.values(created.json<Record<string, { _id: string; slug: string }>>())[0]!;
    expect((await page(`/${prefix}/${oldSlug}`)).statusCode).toBe(200);

    const rename = async (name: string) => {
      const res = await t.shop.request({ method: 'PUT', url: `/api/${prefix}/${id}`, token: admin.token, payload: { name } });
      expect(res.statusCode, res.body).toBe(200);
      const list = await t.shop.request({ method: 'GET', url: `/api/${prefix}` });
      return Object.values(list.json<Record<string, { _id: string; slug: string }[]>>())[0]!.find((row) => row._id === id)!.slug;
    };
    const middleSlug = await rename(second);
    expect(middleSlug).not.toBe(oldSlug);
    let res = await page(`/${prefix}/${oldSlug}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${prefix}/${middleSlug}`);
    // Any spelling of the old address a link may carry.
    expect((await page(`/${prefix}/${oldSlug.toUpperCase()}`)).headers.location).toBe(`/${prefix}/${middleSlug}`);

    const lastSlug = await rename(`${first} Today`);
    for (const slug of [oldSlug, middleSlug]) {
      res = await page(`/${prefix}/${slug}`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`/${prefix}/${lastSlug}`);
    }
    expect((await page(`/${prefix}/${lastSlug}`)).statusCode).toBe(200);

    // A new row that takes up the old name owns its address again: a live slug wins over the history.
    const again = await t.shop.request({ method: 'POST', url: `/api/${prefix}`, token: admin.token, payload: { name: first } });
    expect(again.statusCode, again.body).toBe(201);
    expect((await page(`/${prefix}/${oldSlug}`)).statusCode).toBe(200);
  });

  it('the home page keeps the site title and preloads no hero when there is no slide', async () => {
    const res = await page('/');
    expect(res.body).toContain('<title>Shuddh Farm: pure A2 ghee</title>');
    // No hero preload (the first-screen video poster is preloaded whatever the slides).
    expect(res.body).not.toContain('imagesrcset');
    expect(meta(res.body, 'property', 'og:url')).toBe('http://shop.test/');
  });

  it('the kept home page follows the sliders: a new first slide is its hero preload and og:image on the next visit', async () => {
    expect((await page('/')).body).not.toContain('imagesrcset');
    const added = await t.shop.request({ method: 'POST', url: '/api/slider', token: admin.token, payload: { name: 'Winter ghee', url: '/allproducts', image: await pngDataUrl() } });
    expect(added.statusCode, added.body).toBe(200);
    const { image } = added.json<{ slider: { image: string } }>().slider;
    await t.shop.app.catalogueNoticesHeard();
    const res = await page('/');
    expect(res.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${image}"`);
    expect(meta(res.body, 'property', 'og:image')).toBe(`http://shop.test${image}`);
    await t.shop.request({ method: 'DELETE', url: `/api/slider/${added.json<{ slider: { _id: string } }>().slider._id}`, token: admin.token });
  });
});

describe('renderHead / summary', () => {
  it('cannot be broken out of by a product text', () => {
    const html = renderHead('<head><title>x</title></head>', 'http://s', 'Brand', {
      title: '</title><script>alert(1)</script>',
      description: 'd',
      path: '/p',
      jsonLd: { name: '</script><script>alert(1)</script>' },
    });
    expect(html).not.toContain('<script>alert(1)');
  });
  it('cuts long text at a word, as plain text', () => {
    expect(summary('<p>one &amp; two</p>')).toBe('one & two');
    const long = summary('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('routeFiles', () => {
  it("lists a page module's chunk, its static imports and their CSS, without the entry", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
      'src/home.tsx': { file: 'assets/home-2.js', imports: ['index.html', '_price.js'], css: ['assets/home-2.css'] },
      '_price.js': { file: 'assets/price-3.js', imports: ['index.html'] },
    };
    expect(routeFiles(manifest, 'src/home.tsx')).toEqual({ js: ['/assets/home-2.js', '/assets/price-3.js'], css: ['/assets/home-2.css'] });
    expect(routeFiles(manifest, 'src/missing.tsx')).toEqual({ js: [], css: [] });
    const html = renderHead('<head></head>', 'http://s', 'B', { title: 't', description: 'd', path: '/', files: routeFiles(manifest, 'src/home.tsx') });
    expect(html).toContain('<link rel="modulepreload" href="/assets/home-2.js" />');
    // crossorigin, as the app's chunks ask for their CSS: otherwise the browser fetches it twice.
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-2.css" />');
  });

  it('with the lazily loaded parts of the page when asked (the server render draws them)', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/home.tsx': { file: 'assets/home-2.js', imports: ['index.html'], dynamicImports: ['src/slider.tsx'] },
      'src/slider.tsx': { file: 'assets/slider-3.js', imports: ['index.html'], css: ['assets/swiper-3.css'] },
    };
    expect(routeFiles(manifest, 'src/home.tsx').css).toEqual([]);
    expect(routeFiles(manifest, 'src/home.tsx', true)).toEqual({ js: ['/assets/home-2.js', '/assets/slider-3.js'], css: ['/assets/swiper-3.css'] });
  });
});
