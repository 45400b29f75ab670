import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { HOME_SOLUTIONS, RESERVED_PRODUCT_SLUGS } from '@shop/domain/constants';
import { blogs, categories, productSolutions, products, sliders, solutions } from '../db/schema.js';
import { sanitizeRichHtml } from '../lib/html.js';
import { createLocalStorage } from '../lib/storage.js';
import { createTestShop, type TestShop } from '../test/harness.js';
import { seedDemoShop } from './demo.js';
import { DEMO_PRODUCTS } from './demo-data.js';

let shop: TestShop;
let firstRun: boolean[];
let seedMs: number;

const fileOf = (url: string) => join(shop.config.storage.uploadsDir, url.slice('/uploads/'.length));
const countAll = async () => {
  const n = async (table: typeof products | typeof categories | typeof solutions | typeof blogs | typeof sliders) =>
    Number((await shop.db.select({ n: count() }).from(table))[0]!.n);
  return {
    products: await n(products),
    categories: await n(categories),
    solutions: await n(solutions),
    blogs: await n(blogs),
    sliders: await n(sliders),
  };
};
const uploadedFiles = () =>
  ['products', 'blogs', 'sliders'].flatMap((folder) => {
    const dir = join(shop.config.storage.uploadsDir, folder);
    return existsSync(dir) ? readdirSync(dir) : [];
  });

beforeAll(async () => {
  shop = await createTestShop();
  const deps = { db: shop.db, storage: createLocalStorage(shop.config.storage.uploadsDir), config: shop.config };
  const started = Date.now();
  // Two instances starting at once on one empty database: exactly one seeds.
  firstRun = await Promise.all([seedDemoShop(deps), seedDemoShop(deps)]);
  seedMs = Date.now() - started;
}, 120_000);
afterAll(() => shop.close());

describe('seedDemoShop', () => {
  it('seeds once, even when started twice at the same moment', async () => {
    expect(firstRun.filter(Boolean)).toHaveLength(1);
    console.info(`demo seed (two concurrent calls) took ${seedMs} ms`);
  });

  it('creates the catalogue: >= 16 products, >= 4 categories, the 4 solutions, 3 blogs and 3 sliders', async () => {
    const counts = await countAll();
    expect(counts.products).toBeGreaterThanOrEqual(16);
    expect(counts.products).toBe(DEMO_PRODUCTS.length);
    expect(counts.categories).toBeGreaterThanOrEqual(4);
    expect(counts).toMatchObject({ solutions: 4, blogs: 3, sliders: 3 });

    const cats = await shop.db.select().from(categories);
    expect(cats.map((c) => c.name)).toEqual(expect.arrayContaining(['Ghee', 'Milk Products', 'Ayurvedic Hair Oil']));
    expect(cats.find((c) => c.name === 'Ghee')!.slug).toBe('ghee');

    const sols = await shop.db.select().from(solutions);
    expect(sols.map((s) => s.name).sort()).toEqual([...HOME_SOLUTIONS].sort());
    expect(sols.map((s) => s.slug).sort()).toEqual(['best-for-childrens', 'best-for-health', 'digestive-issues', 'immunity-power']);
  });

  it('gives products believable prices, stock, text, 1-2 solutions, a few highlights and one out of stock', async () => {
    const rows = await shop.db.select().from(products);
    const links = await shop.db.select().from(productSolutions);
    const cats = await shop.db.select().from(categories);
    expect(rows.filter((p) => p.quantity === 0)).toHaveLength(1);
    const highlighted = rows.filter((p) => p.highlighted).length;
    expect(highlighted).toBeGreaterThanOrEqual(4);
    expect(highlighted).toBeLessThanOrEqual(6);
    expect(rows.map((p) => p.pricePaise)).toEqual(expect.arrayContaining([59500, 99500]));
    expect(new Set(rows.map((p) => p.slug)).size).toBe(rows.length);
    for (const p of rows) {
      expect(Number.isInteger(p.pricePaise) && p.pricePaise > 0).toBe(true);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(RESERVED_PRODUCT_SLUGS).not.toContain(p.slug);
      expect(p.shortdesc.length).toBeGreaterThan(20);
      expect(p.description.length).toBeGreaterThan(50);
      expect(p.contents).toMatch(/<h2>.*<\/h2>/s);
      expect(p.contents).toContain('<li>');
      expect(sanitizeRichHtml(p.contents)).toBe(p.contents);
      const n = links.filter((l) => l.productId === p.id).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(2);
    }
    // Every category has products, and the three the spec names have several.
    for (const c of cats) expect(rows.some((p) => p.categoryId === c.id)).toBe(true);
    for (const name of ['Ghee', 'Milk Products', 'Ayurvedic Hair Oil']) {
      const id = cats.find((c) => c.name === name)!.id;
      expect(rows.filter((p) => p.categoryId === id).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('stores a real WebP image, with its smaller widths, for every product, blog and slider', async () => {
    const urls = [
      ...(await shop.db.select({ image: products.image }).from(products)).map((r) => r.image),
      ...(await shop.db.select({ image: blogs.image }).from(blogs)).map((r) => r.image),
      ...(await shop.db.select({ image: sliders.image }).from(sliders)).map((r) => r.image),
    ];
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/(products|blogs|sliders)\/[0-9a-f-]+\.webp$/);
      const bytes = readFileSync(fileOf(url!));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBeGreaterThanOrEqual(640);
      // Not a flat placeholder: a drawn picture has many colours.
      const stats = await sharp(bytes).stats();
      expect(stats.channels.some((c) => c.stdev > 20)).toBe(true);
      for (const w of [320, 640]) expect(existsSync(fileOf(url!.replace('.webp', `-${w}.webp`)))).toBe(true);
    }
    // The losing concurrent seed removed the images it had drawn.
    expect(uploadedFiles()).toHaveLength(urls.length * 3);
    const served = await shop.request({ method: 'GET', url: urls[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('makes sliders wide banners and blog covers 1200 wide', async () => {
    for (const s of await shop.db.select().from(sliders)) {
      const meta = await sharp(fileOf(s.image)).metadata();
      expect(meta.width! / meta.height!).toBeCloseTo(1600 / 600, 1);
    }
    for (const b of await shop.db.select().from(blogs)) {
      const meta = await sharp(fileOf(b.image!)).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
    }
  });

  it('is served by the blogs and sliders endpoints', async () => {
    const blogsRes = await shop.request({ method: 'GET', url: '/api/blogs' });
    const list = blogsRes.json().blogs as Array<{ title: string; slug: string; content: string; image: string }>;
    expect(list).toHaveLength(3);
    // Newest first: the ghee post is the most recent.
    expect(list[0]!.title).toMatch(/ghee/i);
    expect(list.map((b) => b.title).join(' ')).toMatch(/A2 Milk/);
    expect(list.map((b) => b.title).join(' ')).toMatch(/Hair/);
    for (const b of list) {
      expect(b.content).toMatch(/<h2>/);
      expect(b.content).toMatch(/<(ul|ol)>/);
      expect(b.content).toMatch(/<p>/);
      expect(sanitizeRichHtml(b.content)).toBe(b.content);
    }
    const one = await shop.request({ method: 'GET', url: `/api/blogs/${list[1]!.slug}` });
    expect(one.json().blog.title).toBe(list[1]!.title);

    const slidersRes = await shop.request({ method: 'GET', url: '/api/slider' });
    const slides = slidersRes.json().sliders as Array<{ url: string }>;
    expect(slides.map((s) => s.url)).toEqual(['/category/ghee', '/allproducts', '/solutions/immunity-power']);
  });

  it('links the home video tiles to real products at the SPEC\'s prices (595, 595, 995): a ghee, a hair oil, the 500 ml ghee', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/home-tiles' });
    const tiles = res.json().tiles as Array<{ title: string; product: { name: string; slug: string; price: number } | null }>;
    expect(tiles.map((t) => [t.title, t.product?.name, t.product?.price])).toEqual([
      ['A2 Cow Ghee', 'A2 Gir Cow Bilona Ghee 250 ml', 595],
      ['Ayurvedic Hair Oil', 'Bhringraj Ayurvedic Hair Oil 200 ml', 595],
      ['Bilona Ghee 500 ml', 'A2 Gir Cow Bilona Ghee 500 ml', 995],
    ]);
    // The migration finds the same products by these slugs in a shop seeded before the tiles existed.
    expect(tiles.map((t) => t.product?.slug)).toEqual(['a2-gir-cow-bilona-ghee-250-ml', 'bhringraj-ayurvedic-hair-oil-200-ml', 'a2-gir-cow-bilona-ghee-500-ml']);
  });

  it('seeds nothing on a second call', async () => {
    const before = await countAll();
    const files = uploadedFiles().length;
    expect(await seedDemoShop({ db: shop.db, storage: createLocalStorage(shop.config.storage.uploadsDir), config: shop.config })).toBe(false);
    expect(await countAll()).toEqual(before);
    expect(uploadedFiles()).toHaveLength(files);
  });
});

describe('seedDemoShop on a database that is not empty', () => {
  it('leaves a shop with only a category alone', async () => {
    const other = await createTestShop();
    try {
      await other.db.insert(categories).values({ name: 'Spices', slug: 'spices' });
      const storage = createLocalStorage(other.config.storage.uploadsDir);
      expect(await seedDemoShop({ db: other.db, storage, config: other.config })).toBe(false);
      expect(Number((await other.db.select({ n: count() }).from(products))[0]!.n)).toBe(0);
      expect(existsSync(other.config.storage.uploadsDir) ? readdirSync(other.config.storage.uploadsDir) : []).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
