import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { HOME_SOLUTIONS, RESERVED_PRODUCT_SLUGS } from '@shop/domain/constants';
import { blogs, categories, homeTiles, productSkus, productSlugHistory, productSolutions, products, productVariants, sliders, solutions } from '../db/schema.js';
import { sanitizeRichHtml } from '../lib/html.js';
import { createLocalStorage } from '../lib/storage.js';
import { createTestShop, type TestShop } from '../test/harness.js';
import { seedDemoShop } from './demo.js';
import { DEMO_PRODUCTS, DEMO_SLIDERS, demoProductOf } from './demo-data.js';

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
const categoryNamed = async (name: string) => (await shop.db.select().from(categories).where(eq(categories.name, name)))[0]!;
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
    const sizes = await shop.db.select().from(productVariants);
    const links = await shop.db.select().from(productSolutions);
    const cats = await shop.db.select().from(categories);
    const sizesOf = (id: string) => sizes.filter((v) => v.productId === id);
    // One product sold out in every size (the khoa), and one size sold out of a product still on sale (small honey).
    expect(rows.filter((p) => sizesOf(p.id).every((v) => v.quantity === 0)).map((p) => p.name)).toEqual(['Danedar Khoa 250 g']);
    expect(rows.filter((p) => sizesOf(p.id).some((v) => v.quantity === 0) && sizesOf(p.id).some((v) => v.quantity > 0)).map((p) => p.name)).toEqual([
      'Raw Wild Forest Honey',
    ]);
    const highlighted = rows.filter((p) => p.highlighted).length;
    expect(highlighted).toBeGreaterThanOrEqual(4);
    expect(highlighted).toBeLessThanOrEqual(6);
    expect(sizes.map((v) => v.pricePaise)).toEqual(expect.arrayContaining([59500, 99500]));
    expect(new Set(rows.map((p) => p.slug)).size).toBe(rows.length);
    for (const p of rows) {
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

  it('sells the A2 ghee as one product in 250 ml, 500 ml and 1 L, each with its own SKU, price, MRP, stock and weight', async () => {
    const ghees = await shop.db.select().from(products).where(eq(products.categoryId, (await categoryNamed('Ghee')).id));
    expect(ghees.filter((p) => /A2 Gir Cow Bilona Ghee/.test(p.name)).map((p) => [p.name, p.slug])).toEqual([
      ['A2 Gir Cow Bilona Ghee', 'a2-gir-cow-bilona-ghee'],
    ]);
    const ghee = ghees.find((p) => p.name === 'A2 Gir Cow Bilona Ghee')!;
    const sizes = await shop.db.select().from(productVariants).where(eq(productVariants.productId, ghee.id)).orderBy(asc(productVariants.position));
    expect(sizes.map((v) => [v.label, v.sku, v.pricePaise / 100, v.mrpPaise! / 100, v.quantity, v.weightGrams, v.isDefault, v.removedAt])).toEqual([
      ['250 ml', 'A2-GHEE-250ML', 595, 650, 60, 420, false, null],
      ['500 ml', 'A2-GHEE-500ML', 995, 1100, 40, 760, true, null],
      ['1 L', 'A2-GHEE-1L', 1890, 2100, 15, 1380, false, null],
    ]);
    expect(sizes.map((v) => v.position)).toEqual([0, 1, 2]);
    // The label's best-before, in the ghee's own words; the rest is the shop's default (null).
    expect([ghee.bestBefore, ghee.packer, ghee.countryOfOrigin, ghee.consumerCare]).toEqual(['Best before 9 months from packing', null, null, null]);
  });

  it('gives every product 1 to 3 sizes with one default, SKUs upper case, unique and in the SKU ledger, MRP never below the price', async () => {
    const rows = await shop.db.select().from(products);
    const sizes = await shop.db.select().from(productVariants);
    for (const p of rows) {
      const own = sizes.filter((v) => v.productId === p.id);
      expect(own.length, p.name).toBeGreaterThanOrEqual(1);
      expect(own.length, p.name).toBeLessThanOrEqual(3);
      expect(own.filter((v) => v.isDefault), p.name).toHaveLength(1);
      expect(new Set(own.map((v) => v.label)).size, p.name).toBe(own.length);
      // A product sold in several sizes is named without one; a one-size product keeps it ("Fresh Malai Paneer 200 g").
      if (own.length === 1) expect(p.name.endsWith(` ${own[0]!.label}`), p.name).toBe(true);
      else expect(own.some((v) => p.name.endsWith(v.label)), p.name).toBe(false);
      // Food carries a best-before on its label.
      expect(p.bestBefore, p.name).toMatch(/^Best before \d+ (days|months) from /);
    }
    expect(sizes.filter((v) => v.mrpPaise !== null).length).toBeGreaterThan(5);
    for (const v of sizes) {
      expect(v.sku).toBe(v.sku.toUpperCase());
      expect(v.sku).toMatch(/^[A-Z0-9][A-Z0-9-]*$/);
      expect(v.pricePaise).toBeGreaterThan(0);
      if (v.mrpPaise !== null) expect(v.mrpPaise).toBeGreaterThanOrEqual(v.pricePaise);
      expect(v.weightGrams).toBeGreaterThan(0);
    }
    expect(new Set(sizes.map((v) => v.sku)).size).toBe(sizes.length);
    const ledger = await shop.db.select().from(productSkus);
    expect(ledger.map((l) => [l.sku, l.variantId]).sort()).toEqual(sizes.map((v) => [v.sku, v.id]).sort());
    // Sizes the brief names: hair oil 100/200 ml, honey 250/500 g, other ghee 500 ml/1 L, oils 1 L/5 L.
    const labelsOf = async (name: string) => {
      const p = rows.find((r) => r.name === name)!;
      return sizes.filter((v) => v.productId === p.id).sort((a, b) => a.position - b.position).map((v) => v.label);
    };
    expect(await labelsOf('Bhringraj Ayurvedic Hair Oil')).toEqual(['100 ml', '200 ml']);
    expect(await labelsOf('Raw Wild Forest Honey')).toEqual(['250 g', '500 g']);
    expect(await labelsOf('Desi Buffalo Ghee')).toEqual(['500 ml', '1 L']);
    expect(await labelsOf('Wood-Pressed Mustard Oil')).toEqual(['1 L', '5 L']);
    expect(await labelsOf('Organic Jaggery Powder')).toEqual(['500 g', '1 kg']);
  });

  it("keeps the retired 250 ml ghee's URL: its slug history opens the ghee with the 250 ml size", async () => {
    const [ghee] = await shop.db.select().from(products).where(eq(products.slug, 'a2-gir-cow-bilona-ghee'));
    const history = await shop.db
      .select({ oldSlug: productSlugHistory.oldSlug, productId: productSlugHistory.productId, label: productVariants.label })
      .from(productSlugHistory)
      .innerJoin(productVariants, eq(productVariants.id, productSlugHistory.variantId))
      .where(eq(productSlugHistory.productId, ghee!.id))
      .orderBy(asc(productSlugHistory.oldSlug));
    expect(history.map((h) => [h.oldSlug, h.label])).toEqual([
      ['a2-gir-cow-bilona-ghee-250-ml', '250 ml'],
      ['a2-gir-cow-bilona-ghee-500-ml', '500 ml'],
    ]);
    // No product has a retired slug, so its URL falls to the history (the pages answer 301 with `?variant=`).
    const retired = history.map((h) => h.oldSlug);
    expect((await shop.db.select({ slug: products.slug }).from(products)).filter((p) => retired.includes(p.slug))).toEqual([]);
    // Every product that left its size out of its name kept the URL it had with the size in it.
    const all = await shop.db.select({ oldSlug: productSlugHistory.oldSlug }).from(productSlugHistory);
    expect(all.map((h) => h.oldSlug)).toEqual(expect.arrayContaining(['raw-wild-forest-honey-500-g', 'bhringraj-ayurvedic-hair-oil-200-ml']));
  });

  it("draws the sliders' packs from products and sizes that exist", () => {
    for (const s of DEMO_SLIDERS) for (const [title, size] of s.banner.packs) expect(() => demoProductOf(title, size)).not.toThrow();
    expect(DEMO_SLIDERS[0]!.banner.packs).toEqual([
      ['A2 Gir Cow Bilona Ghee', '250 ml'],
      ['A2 Gir Cow Bilona Ghee', '500 ml'],
      ['Haldi Infused Ghee', '200 ml'],
    ]);
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

  it("links the home video tiles to real products and sizes that sell at the SPEC's prices (595, 595, 995)", async () => {
    const tiles = await shop.db
      .select({ title: homeTiles.title, name: products.name, label: productVariants.label, pricePaise: productVariants.pricePaise })
      .from(homeTiles)
      .innerJoin(products, eq(products.id, homeTiles.productId))
      .innerJoin(productVariants, and(eq(productVariants.id, homeTiles.variantId), eq(productVariants.productId, products.id)))
      .orderBy(asc(homeTiles.position));
    expect(tiles.map((t) => [t.title, t.name, t.label, t.pricePaise / 100])).toEqual([
      ['A2 Cow Ghee', 'A2 Gir Cow Bilona Ghee', '250 ml', 595],
      ['Ayurvedic Hair Oil', 'Bhringraj Ayurvedic Hair Oil', '200 ml', 595],
      ['Bilona Ghee 500 ml', 'A2 Gir Cow Bilona Ghee', '500 ml', 995],
    ]);
    // And the home page's call answers those prices, each tile naming the size it sells.
    await shop.app.catalogueNoticesHeard();
    const answered = (await shop.request({ method: 'GET', url: '/api/home-tiles' })).json().tiles as Array<{ product: { price: number; variant?: string } }>;
    expect(answered.map((t) => t.product.price)).toEqual([595, 595, 995]);
    expect(answered.every((t) => typeof t.product.variant === 'string')).toBe(true);
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
