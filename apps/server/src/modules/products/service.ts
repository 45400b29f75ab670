/** Products: the storefront's lists, detail, related and search; the admin's create, update, delete, dashboard. */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '@shop/domain/money';
import { basisPointsToPercent, percentToBasisPoints } from '@shop/domain/tax';
import { PAGE_SIZE, RESERVED_PRODUCT_SLUGS } from '@shop/domain/constants';
import type { Product, CreateProductBody, UpdateProductBody, ProductsDashboardResponse } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { categories, productSlugHistory, productSolutions, products, solutions } from '../../db/schema.js';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/http-errors.js';
import { discardImage, storeImage } from '../../lib/images.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import { slugify, uniqueSlug } from '../../lib/slug.js';
import { cleanLine, cleanText, isSlugShaped } from '../catalogue/index.js';
import type { Vocabulary } from './search-terms.js';
import { listProducts } from './queries.js';
import { searchProducts, searchVocabulary } from './search.js';

const PRODUCT_NOT_FOUND = 'No product found';
/** Folder (storage key prefix) of product images. */
const PRODUCT_IMAGE_FOLDER = 'products';
/** Most products the highlighted (Bestsellers) carousel gets. */
const HIGHLIGHTED_LIMIT = 24;

const RESERVED = new Set<string>(RESERVED_PRODUCT_SLUGS.map((s) => s.toLowerCase()));

/** GST rate in percent (the API) to hundredths of a percent (storage); null clears it. */
function gstRateBp(rate: number | null | undefined): number | null {
  return rate === null || rate === undefined ? null : percentToBasisPoints(rate);
}

const pageOf = (page: number) => ({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

function listPage(db: Db, page: number): Promise<Product[]> {
  return listProducts(db, pageOf(page));
}

function listAll(db: Db): Promise<Product[]> {
  return listProducts(db);
}

function listHighlighted(db: Db): Promise<Product[]> {
  return listProducts(db, { where: eq(products.highlighted, true), limit: HIGHLIGHTED_LIMIT });
}

async function getBySlug(db: Db, rawSlug: string): Promise<Product> {
  const slug = rawSlug.toLowerCase();
  const [product] = isSlugShaped(slug) ? await listProducts(db, { where: eq(products.slug, slug), limit: 1 }) : [];
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

async function getById(db: Db, id: string): Promise<Product> {
  const [product] = await listProducts(db, { where: eq(products.id, id), limit: 1 });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** Other products of the category, newest first; unknown ids simply give none. */
function listRelated(db: Db, productId: string, categoryId: string): Promise<Product[]> {
  return listProducts(db, {
    where: and(eq(products.categoryId, categoryId), ne(products.id, productId)),
    limit: PAGE_SIZE,
  });
}

/** The id of the category or solution at `rawSlug` (either letter case), or 404 with `notFoundMessage`. */
async function idBySlug(db: Db, table: typeof categories | typeof solutions, rawSlug: string, notFoundMessage: string): Promise<string> {
  const slug = rawSlug.toLowerCase();
  const [row] = isSlugShaped(slug) ? await db.select({ id: table.id }).from(table).where(eq(table.slug, slug)).limit(1) : [];
  if (!row) throw notFound(notFoundMessage);
  return row.id;
}

const categoryIdBySlug = (db: Db, rawSlug: string) => idBySlug(db, categories, rawSlug, 'Category not found');
const solutionIdBySlug = (db: Db, rawSlug: string) => idBySlug(db, solutions, rawSlug, 'Solution not found');

async function listCategoryPage(db: Db, slug: string, page: number): Promise<Product[]> {
  const categoryId = await categoryIdBySlug(db, slug);
  return listProducts(db, { where: eq(products.categoryId, categoryId), ...pageOf(page) });
}

async function countInCategory(db: Db, slug: string): Promise<number> {
  const categoryId = await categoryIdBySlug(db, slug);
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, categoryId));
  return row?.n ?? 0;
}

async function listSolutionPage(db: Db, slug: string, page: number): Promise<Product[]> {
  const solutionId = await solutionIdBySlug(db, slug);
  const tagged = db
    .select({ id: productSolutions.productId })
    .from(productSolutions)
    .where(eq(productSolutions.solutionId, solutionId));
  return listProducts(db, { where: inArray(products.id, tagged), ...pageOf(page) });
}

async function dashboard(db: Db): Promise<ProductsDashboardResponse> {
  const perCategory = await db
    .select({ category: categories.name, number_of_products: count(products.id) })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id, categories.name)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
  const [total] = await db.select({ n: count() }).from(products);
  return { products_count: total?.n ?? 0, products: perCategory };
}

// Admin writes

export type ProductsDeps = Pick<Deps, 'db' | 'storage' | 'now' | 'log'>;

async function assertCategory(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw badRequest('category does not exist');
}

/** The distinct solution ids, all of which must exist. */
async function checkedSolutionIds(db: Db, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const rows = await db.select({ id: solutions.id }).from(solutions).where(inArray(solutions.id, unique));
  if (rows.length !== unique.length) throw badRequest('solutions contains an id that does not exist');
  return unique;
}

function cleanName(raw: string): string {
  const name = cleanLine(raw);
  if (!name) throw badRequest('name must not be empty');
  return name;
}

/** A free slug for the name: never a word of the products routes, never another product's. */
function productSlug(db: Db, name: string, exceptId?: string): Promise<string> {
  return uniqueSlug(name, async (slug) => {
    if (RESERVED.has(slug.toLowerCase())) return true;
    const same = eq(products.slug, slug);
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(exceptId ? and(same, ne(products.id, exceptId)) : same)
      .limit(1);
    return Boolean(row);
  });
}

const SLUG_ATTEMPTS = 8;

/** Runs a write that picks a slug; when another write took that slug meanwhile, picks again. */
async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) {
        if (attempt < SLUG_ATTEMPTS) continue;
        throw conflict('Another product with this name was saved at the same moment, please try again');
      }
      if (isForeignKeyViolation(err)) throw badRequest('category or solutions refer to something that no longer exists');
      throw err;
    }
  }
}

async function createProduct(deps: ProductsDeps, body: CreateProductBody): Promise<Product> {
  const { db, storage } = deps;
  const name = cleanName(body.name);
  await assertCategory(db, body.category);
  const solutionIds = await checkedSolutionIds(db, body.solutions ?? []);
  // Image work is slow: done before the transaction, undone if the insert fails.
  const image = body.image ? await storeImage(storage, body.image, PRODUCT_IMAGE_FOLDER) : null;
  let id: string;
  try {
    id = await withSlugRetry(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({
            name,
            slug: await productSlug(tx, name),
            pricePaise: rupeesToPaise(body.price),
            quantity: body.quantity,
            categoryId: body.category,
            shortdesc: cleanText(body.shortdesc ?? ''),
            description: cleanText(body.description ?? ''),
            contents: sanitizeRichHtml(cleanText(body.contents ?? '')),
            image,
            highlighted: body.highlighted ?? false,
            hsnCode: body.hsn_code || null,
            gstRateBp: gstRateBp(body.gst_rate),
          })
          .returning({ id: products.id });
        if (solutionIds.length > 0) {
          await tx.insert(productSolutions).values(solutionIds.map((solutionId) => ({ productId: row!.id, solutionId })));
        }
        return row!.id;
      }),
    );
  } catch (err) {
    await discardImage(deps, image, 'product');
    throw err;
  }
  return getById(db, id);
}

async function updateProduct(deps: ProductsDeps, id: string, body: UpdateProductBody): Promise<Product> {
  const { db, storage } = deps;
  const name = body.name === undefined ? undefined : cleanName(body.name);
  const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  if (!existing) throw notFound(PRODUCT_NOT_FOUND);
  if (body.category !== undefined) await assertCategory(db, body.category);
  const solutionIds = body.solutions === undefined ? undefined : await checkedSolutionIds(db, body.solutions);
  const newImage = body.image ? await storeImage(storage, body.image, PRODUCT_IMAGE_FOLDER) : null;

  let replacedImage: string | null;
  try {
    replacedImage = await withSlugRetry(() =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({ name: products.name, slug: products.slug, image: products.image, quantity: products.quantity })
          .from(products)
          .where(eq(products.id, id))
          .for('update');
        if (!current) throw notFound(PRODUCT_NOT_FOUND);
        if (body.quantity !== undefined && body.expected_quantity !== undefined && body.expected_quantity !== current.quantity) {
          throw conflict(
            `The stock of ${current.name} changed to ${current.quantity} while you were editing; check it and save again`,
          );
        }
        const set: Partial<typeof products.$inferInsert> = { updatedAt: deps.now() };
        if (name !== undefined && name !== current.name) {
          set.name = name;
          // Renaming moves the slug, unless the new name gives the same one.
          if (slugify(name) !== current.slug) set.slug = await productSlug(tx, name, id);
        }
        if (body.price !== undefined) set.pricePaise = rupeesToPaise(body.price);
        if (body.quantity !== undefined) set.quantity = body.quantity;
        if (body.category !== undefined) set.categoryId = body.category;
        if (body.shortdesc !== undefined) set.shortdesc = cleanText(body.shortdesc);
        if (body.description !== undefined) set.description = cleanText(body.description);
        if (body.contents !== undefined) set.contents = sanitizeRichHtml(cleanText(body.contents));
        if (body.highlighted !== undefined) set.highlighted = body.highlighted;
        if (body.hsn_code !== undefined) set.hsnCode = body.hsn_code || null;
        if (body.gst_rate !== undefined) set.gstRateBp = gstRateBp(body.gst_rate);
        if (newImage) set.image = newImage;
        await tx.update(products).set(set).where(eq(products.id, id));
        // The old address keeps working (301, see modules/seo).
        if (set.slug) {
          await tx
            .insert(productSlugHistory)
            .values({ oldSlug: current.slug, productId: id })
            .onConflictDoUpdate({ target: productSlugHistory.oldSlug, set: { productId: id } });
        }
        if (solutionIds !== undefined) {
          await tx.delete(productSolutions).where(eq(productSolutions.productId, id));
          if (solutionIds.length > 0) {
            await tx.insert(productSolutions).values(solutionIds.map((solutionId) => ({ productId: id, solutionId })));
          }
        }
        // Only the product's own image is replaced; a client's `old_image` never picks what gets deleted.
        return newImage ? current.image : null;
      }),
    );
  } catch (err) {
    await discardImage(deps, newImage, 'product');
    throw err;
  }
  await discardImage(deps, replacedImage, 'product');
  return getById(db, id);
}

async function deleteProduct(deps: ProductsDeps, id: string): Promise<void> {
  const { db } = deps;
  // Order lines keep their snapshot; their product_id becomes NULL (ON DELETE SET NULL).
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ image: products.image });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  await discardImage(deps, row.image, 'product');
}

export function createProductsService(deps: ProductsDeps) {
  const { db } = deps;
  return {
    listPage: (page: number) => listPage(db, page),
    listAll: () => listAll(db),
    listHighlighted: () => listHighlighted(db),
    getBySlug: (slug: string) => getBySlug(db, slug),
    listRelated: (productId: string, categoryId: string) => listRelated(db, productId, categoryId),
    listCategoryPage: (slug: string, page: number) => listCategoryPage(db, slug, page),
    countInCategory: (slug: string) => countInCategory(db, slug),
    listSolutionPage: (slug: string, page: number) => listSolutionPage(db, slug, page),
    searchVocabulary: () => searchVocabulary(db),
    search: (query: string, vocabulary: Vocabulary) => searchProducts(db, query, vocabulary),
    dashboard: () => dashboard(db),
    create: (body: CreateProductBody) => createProduct(deps, body),
    update: (id: string, body: UpdateProductBody) => updateProduct(deps, id, body),
    remove: (id: string) => deleteProduct(deps, id),
  };
}
