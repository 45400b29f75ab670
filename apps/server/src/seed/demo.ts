/**
 * The demo shop, seeded on the first start of an empty database: categories, the home page's four solutions,
 * products with their sizes and drawn pack shots, blogs with covers and three home sliders. Images go through the
 * same WebP pipeline and storage as uploads.
 *
 * A shop seeded before sizes existed is never seeded again (it is not empty): migration 0012 gave each of its products
 * one default size (label from the name's "500 ml", price and stock as they were), so it keeps working as it was,
 * with the A2 ghee's 250 ml and 500 ml still two products; the owner merges them in the admin if they wish.
 */
import { count, eq, sql } from 'drizzle-orm';
import { RESERVED_PRODUCT_SLUGS } from '@shop/domain/constants';
import { rupeesToPaise } from '@shop/domain/money';
import type { Db } from '../db/client.js';
import {
  blogs,
  categories,
  homeTiles,
  productSkus,
  productSlugHistory,
  productSolutions,
  products,
  productVariants,
  sliders,
  solutions,
} from '../db/schema.js';
import { sanitizeRichHtml } from '../lib/html.js';
import { deleteImage, storeVariants, toWebpVariants } from '../lib/images.js';
import { uniqueSlug } from '../lib/slug.js';
import type { Deps } from '../plugins/deps.js';
import { bannerSvg, coverSvg, productSvg, renderPng } from './art.js';
import {
  DEMO_CATEGORIES,
  DEMO_HOME_TILES,
  DEMO_PRODUCTS,
  DEMO_SLIDERS,
  DEMO_SOLUTIONS,
  defaultSize,
  demoBlogs,
  demoPack,
  demoProductName,
  demoProductOf,
  productContents,
} from './demo-data.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** True when the shop has no catalogue or content yet (the first start of an empty database). */
async function isEmpty(db: Pick<Db, 'select'>): Promise<boolean> {
  for (const table of [products, categories, solutions, blogs, sliders]) {
    const [row] = await db.select({ n: count() }).from(table);
    if (Number(row?.n ?? 0) > 0) return false;
  }
  return true;
}

/** Slugs unique within one seeding run (the tables are empty), never a reserved products route word. */
function slugMaker(reserved: readonly string[] = []) {
  const used = new Set(reserved.map((s) => s.toLowerCase()));
  return async (name: string) => {
    const slug = await uniqueSlug(name, async (s) => used.has(s));
    used.add(slug);
    return slug;
  };
}

async function drawAndStore(deps: Pick<Deps, 'storage'>, svg: string, folder: string): Promise<string> {
  const variants = await toWebpVariants(await renderPng(svg));
  return storeVariants(deps.storage, variants, folder);
}

/** Seeds the demo shop on the first start of an empty database. Answers whether it seeded. */
export async function seedDemoShop(deps: Pick<Deps, 'db' | 'storage' | 'config'>): Promise<boolean> {
  const { db, config } = deps;
  if (!(await isEmpty(db))) return false;
  const brand = config.brandName;
  const blogData = demoBlogs(brand);

  // Draw every image first (sharp works in parallel on its own threads), outside the transaction.
  const stored: string[] = [];
  const store = async (svg: string, folder: string) => {
    const url = await drawAndStore(deps, svg, folder);
    stored.push(url);
    return url;
  };
  let productImages: string[];
  let blogImages: string[];
  let sliderImages: string[];
  try {
    [productImages, blogImages, sliderImages] = await Promise.all([
      Promise.all(
        DEMO_PRODUCTS.map((p) =>
          store(productSvg(p.art, { brand, title: p.title, size: defaultSize(p).label }), 'products'),
        ),
      ),
      Promise.all(blogData.map((b) => store(coverSvg(brand, { ...b.cover, title: b.title }), 'blogs'))),
      Promise.all(
        DEMO_SLIDERS.map((s) =>
          store(
            bannerSvg(brand, { ...s.banner, packs: s.banner.packs.map(([title, size]) => demoPack(brand, title, size)) }),
            'sliders',
          ),
        ),
      ),
    ]);
  } catch (err) {
    await Promise.all(stored.map((url) => deleteImage(deps.storage, url).catch(() => undefined)));
    throw err;
  }

  const now = Date.now();
  let seeded = false;
  try {
    seeded = await db.transaction(async (tx) => {
      // Two instances starting on one empty PostgreSQL at once: only the first seeds.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shop:seed-demo'))`);
      if (!(await isEmpty(tx))) return false;

      const categorySlug = slugMaker();
      const categoryValues = [];
      for (const [i, name] of DEMO_CATEGORIES.entries()) {
        categoryValues.push({ name, slug: await categorySlug(name), createdAt: new Date(now - (60 - i) * MINUTE) });
      }
      const categoryRows = await tx
        .insert(categories)
        .values(categoryValues)
        .returning({ id: categories.id, name: categories.name });
      const categoryId = new Map(categoryRows.map((r) => [r.name, r.id]));

      const solutionSlug = slugMaker();
      const solutionValues = [];
      for (const [i, name] of DEMO_SOLUTIONS.entries()) {
        solutionValues.push({ name, slug: await solutionSlug(name), createdAt: new Date(now - (50 - i) * MINUTE) });
      }
      const solutionRows = await tx
        .insert(solutions)
        .values(solutionValues)
        .returning({ id: solutions.id, name: solutions.name });
      const solutionId = new Map(solutionRows.map((r) => [r.name, r.id]));

      // Never a reserved route word, nor a URL the products had before they had sizes (those open a size).
      const formerSlugs = DEMO_PRODUCTS.flatMap((p) => (p.formerSlugs ?? []).map((f) => f.slug));
      const productSlug = slugMaker([...RESERVED_PRODUCT_SLUGS, ...formerSlugs]);
      // Demo classification (the admin edits it: classification is the seller's call). Ghee and milk products
      // HSN 0405 at 5% since the GST rate change of 22 September 2025; hair oil HSN 3305 at 5%.
      const DEMO_TAX: Record<string, { hsnCode: string; gstRateBp: number }> = {
        Ghee: { hsnCode: '0405', gstRateBp: 500 },
        'Milk Products': { hsnCode: '0405', gstRateBp: 500 },
        'Ayurvedic Hair Oil': { hsnCode: '3305', gstRateBp: 500 },
        'Cold-Pressed Oils': { hsnCode: '1515', gstRateBp: 500 },
        'Honey & Sweeteners': { hsnCode: '0409', gstRateBp: 500 },
        'Grains & Flours': { hsnCode: '1101', gstRateBp: 500 },
      };
      const productValues = [];
      for (const [i, p] of DEMO_PRODUCTS.entries()) {
        const name = demoProductName(p);
        productValues.push({
          name,
          slug: await productSlug(name),
          categoryId: categoryId.get(p.category)!,
          shortdesc: p.shortdesc,
          description: p.description,
          contents: sanitizeRichHtml(productContents(p)),
          image: productImages[i]!,
          highlighted: p.highlighted ?? false,
          localOnly: p.localOnly ?? false,
          ...DEMO_TAX[p.category],
          // The label's details where the shop's defaults (configuration) do not fit; null means the default.
          packer: p.label?.packer ?? null,
          countryOfOrigin: p.label?.countryOfOrigin ?? null,
          bestBefore: p.label?.bestBefore ?? null,
          consumerCare: p.label?.consumerCare ?? null,
          // Listed in the order written above (lists show newest first).
          createdAt: new Date(now - (i + 1) * MINUTE),
          updatedAt: new Date(now - (i + 1) * MINUTE),
        });
      }
      const productRows = await tx.insert(products).values(productValues).returning({ id: products.id });

      // Every product's sizes, in order, one of them the default; SKUs upper case and entered in the SKU ledger.
      const variantRows = await tx
        .insert(productVariants)
        .values(
          DEMO_PRODUCTS.flatMap((p, i) =>
            p.sizes.map((size, position) => ({
              productId: productRows[i]!.id,
              label: size.label,
              sku: size.sku.toUpperCase(),
              pricePaise: rupeesToPaise(size.price),
              mrpPaise: size.mrp !== undefined ? rupeesToPaise(size.mrp) : null,
              quantity: size.quantity,
              weightGrams: size.weightGrams,
              position,
              isDefault: size === defaultSize(p),
            })),
          ),
        )
        .returning({ id: productVariants.id, productId: productVariants.productId, label: productVariants.label, sku: productVariants.sku });
      await tx.insert(productSkus).values(variantRows.map((v) => ({ sku: v.sku, variantId: v.id })));
      const sizeId = (productIndex: number, label: string) =>
        variantRows.find((v) => v.productId === productRows[productIndex]!.id && v.label === label)!.id;

      // The URLs the sizes had when each was a product of its own open the product with that size chosen.
      const history = DEMO_PRODUCTS.flatMap((p, i) =>
        (p.formerSlugs ?? []).map((f) => ({ oldSlug: f.slug, productId: productRows[i]!.id, variantId: sizeId(i, f.size) })),
      );
      if (history.length > 0) await tx.insert(productSlugHistory).values(history);

      // The video tiles (made by the migration, without products on an empty shop) sell their demo products' sizes.
      for (const tile of DEMO_HOME_TILES) {
        const index = DEMO_PRODUCTS.indexOf(demoProductOf(...tile.product));
        await tx
          .update(homeTiles)
          .set({ productId: productRows[index]!.id, variantId: sizeId(index, tile.product[1]) })
          .where(eq(homeTiles.position, tile.position));
      }
      await tx.insert(productSolutions).values(
        DEMO_PRODUCTS.flatMap((p, i) =>
          p.solutions.map((s) => ({ productId: productRows[i]!.id, solutionId: solutionId.get(s)! })),
        ),
      );

      const blogSlug = slugMaker();
      const blogValues = [];
      for (const [i, b] of blogData.entries()) {
        const createdAt = new Date(now - b.daysAgo * DAY);
        blogValues.push({
          title: b.title,
          slug: await blogSlug(b.title),
          content: sanitizeRichHtml(b.content),
          image: blogImages[i]!,
          createdAt,
          updatedAt: createdAt,
        });
      }
      await tx.insert(blogs).values(blogValues);

      await tx.insert(sliders).values(
        DEMO_SLIDERS.map((s, i) => ({
          name: s.name,
          url: s.url,
          image: sliderImages[i]!,
          // The home slider shows them oldest first, in the order written.
          createdAt: new Date(now - (DEMO_SLIDERS.length - i) * MINUTE),
        })),
      );
      return true;
    });
  } finally {
    if (!seeded) await Promise.all(stored.map((url) => deleteImage(deps.storage, url).catch(() => undefined)));
  }
  return seeded;
}
