import { beforeAll, describe, expect, it } from 'vitest';
import { blogs, categories, solutions } from '../../db/schema.js';
import { openShopForTests } from '../../test/harness.js';
import { insertProducts } from '../../test/products.js';

const t = openShopForTests();
beforeAll(async () => {
  const [ghee] = await t.shop.db.insert(categories).values({ name: 'Ghee & Butter', slug: 'ghee-butter' }).returning();
  await t.shop.db.insert(solutions).values({ name: 'Immunity Power', slug: 'immunity-power' });
  await insertProducts(t.shop.db, [
    { name: 'A2 Cow Ghee', slug: 'a2-cow-ghee', pricePaise: 59500, quantity: 5, categoryId: ghee!.id },
    { name: 'Bilona Ghee', slug: 'bilona-ghee', pricePaise: 99500, quantity: 0, categoryId: ghee!.id },
  ]);
  await t.shop.db.insert(blogs).values({ title: 'Why A2', slug: 'why-a2', content: '<p>x</p>' });
});

describe('GET /sitemap.xml', () => {
  it('lists the fixed pages and every product, category, solution and blog under PUBLIC_URL', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'http://shop.test/',
      'http://shop.test/allproducts',
      'http://shop.test/blogs',
      'http://shop.test/about-us',
      'http://shop.test/privacy-and-policy',
      'http://shop.test/products/a2-cow-ghee',
      'http://shop.test/products/bilona-ghee',
      'http://shop.test/category/ghee-butter',
      'http://shop.test/solutions/immunity-power',
      'http://shop.test/blogs/why-a2',
    ]);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });
});

describe('GET /robots.txt', () => {
  it('allows everything but the admin area and points to the sitemap', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *\nAllow: /\n');
    expect(res.body).toContain(`Disallow: /${t.shop.config.adminPrefix}/\n`);
    expect(res.body).toContain('Sitemap: http://shop.test/sitemap.xml');
  });
});
