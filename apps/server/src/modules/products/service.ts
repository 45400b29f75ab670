/** Products: the storefront's lists, detail, related and search; the admin's create, update, delete, dashboard. */
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '@shop/domain/money';
import { percentToBasisPoints } from '@shop/domain/tax';
import { DEFAULT_PACKED_WEIGHT_GRAMS, PAGE_SIZE, RESERVED_PRODUCT_SLUGS } from '@shop/domain/constants';
import type { Product, CreateProductBody, UpdateProductBody, ProductsDashboardResponse, VariantInput } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { categories, orders, productSkus, productSlugHistory, productSolutions, productVariants, products, solutions } from '../../db/schema.js';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/http-errors.js';
import { discardImage, storeImage } from '../../lib/images.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import { slugify, uniqueSlug } from '../../lib/slug.js';
import { cleanLine, cleanText, isSlugShaped } from '../catalogue/index.js';
import type { Vocabulary } from './search-terms.js';
import { defaultOf, labelDefaultsOf, listProducts, ON_SALE, useLabelDefaults } from './queries.js';
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
  return listProducts(db, { admin: true });
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

/** One product as the admin's writes answer it (with each size's low-stock threshold). */
async function getById(db: Db, id: string): Promise<Product> {
  const [product] = await listProducts(db, { where: eq(products.id, id), limit: 1, admin: true });
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
  const [row] = await db.select({ n: count() }).from(products).where(and(eq(products.categoryId, categoryId), ON_SALE));
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
    .leftJoin(products, and(eq(products.categoryId, categories.id), ON_SALE))
    .groupBy(categories.id, categories.name)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
  const [total] = await db.select({ n: count() }).from(products).where(ON_SALE);
  return { products_count: total?.n ?? 0, products: perCategory };
}

// Admin writes

export type ProductsDeps = Pick<Deps, 'db' | 'storage' | 'now' | 'log' | 'config'>;

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

// Sizes (issue 28)

/** A size as it will be written: paise, SKU upper case, position and default decided. */
interface SizePlan {
  id?: string;
  label: string;
  sku: string;
  pricePaise: number;
  mrpPaise: number | null;
  quantity: number;
  expectedQuantity?: number;
  weightGrams: number;
  position: number;
  isDefault: boolean;
  /** Absent: the size keeps its own threshold (5 for a new one). */
  lowStockAt?: number;
}

const rupees = (paise: number) => `₹${paiseToRupees(paise)}`;

/** The admin's list of sizes, checked: labels and SKUs not blank nor twice, MRP not below price, one default. */
function planSizes(inputs: readonly VariantInput[]): SizePlan[] {
  const flagged = inputs.filter((v) => v.is_default).length;
  if (flagged > 1) throw badRequest('Only one size can be the default');
  const skus = new Set<string>();
  const ids = new Set<string>();
  const labels = new Set<string>();
  return inputs.map((v, position) => {
    const label = cleanLine(v.label);
    if (!label) throw badRequest('Every size needs a label, e.g. 500 ml');
    if (labels.has(label.toLowerCase())) throw badRequest(`Two sizes are labelled ${label}: give each size its own label`);
    labels.add(label.toLowerCase());
    const sku = v.sku.toUpperCase();
    if (skus.has(sku)) throw badRequest(`SKU ${sku} is given to two sizes: give each size its own SKU`);
    skus.add(sku);
    const id = v._id?.toLowerCase();
    if (id) {
      if (ids.has(id)) throw badRequest('The same size is listed twice');
      ids.add(id);
    }
    const pricePaise = rupeesToPaise(v.price);
    const mrpPaise = v.mrp === undefined || v.mrp === null ? null : rupeesToPaise(v.mrp);
    if (mrpPaise !== null && mrpPaise < pricePaise) {
      throw badRequest(`The MRP of ${label} (${rupees(mrpPaise)}) must not be below its price (${rupees(pricePaise)})`);
    }
    return {
      ...(id ? { id } : {}),
      label,
      sku,
      pricePaise,
      mrpPaise,
      quantity: v.quantity,
      ...(v.expected_quantity !== undefined ? { expectedQuantity: v.expected_quantity } : {}),
      weightGrams: v.weight_grams,
      position,
      isDefault: flagged === 0 ? position === 0 : Boolean(v.is_default),
      ...(v.low_stock_at !== undefined ? { lowStockAt: v.low_stock_at } : {}),
    };
  });
}

/** Refuses (409, naming it) a SKU ever given to a size other than `ownerOf(sku)`'s. */
async function assertSkusFree(tx: Db, plans: readonly SizePlan[]): Promise<void> {
  if (plans.length === 0) return;
  const rows = await tx
    .select({ sku: productSkus.sku, variantId: productSkus.variantId })
    .from(productSkus)
    .where(inArray(productSkus.sku, plans.map((p) => p.sku)));
  const owner = new Map(rows.map((r) => [r.sku, r.variantId]));
  for (const plan of plans) {
    const taken = owner.get(plan.sku);
    if (taken !== undefined && taken !== plan.id) throw conflict(skuTaken(plan.sku));
  }
}

const skuTaken = (sku: string) => `SKU ${sku} is already used`;

/** A SKU for a spec client's one size, made from the slug; `-2`, `-3`... when it was ever given. */
async function skuFromSlug(tx: Db, slug: string): Promise<string> {
  const base = slug.toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-+/, '').slice(0, 34).replace(/-+$/, '') || 'ITEM';
  for (let n = 1; ; n++) {
    const sku = n === 1 ? base : `${base}-${n}`;
    const [row] = await tx.select({ sku: productSkus.sku }).from(productSkus).where(eq(productSkus.sku, sku)).limit(1);
    if (!row) return sku;
  }
}

/** The label of a product's one size when its name names no quantity: not a size a shopper chooses. */
export const STANDARD_SIZE_LABEL = 'Standard';

/** What a name ends with when it names a quantity ("… 500 ml"), as the one size's label; else STANDARD_SIZE_LABEL. */
const NAMED_QUANTITY = /([0-9]+(?:\.[0-9]+)?\s*(?:ml|l|g|kg|gm|ltr|litre|liter))\s*$/i;
function labelFromName(name: string): string {
  return NAMED_QUANTITY.exec(name)?.[1] ?? STANDARD_SIZE_LABEL;
}

/** Adds sizes to a product and gives their SKUs for ever. */
async function insertSizes(tx: Db, productId: string, plans: readonly SizePlan[]): Promise<void> {
  if (plans.length === 0) return;
  const rows = await tx
    .insert(productVariants)
    .values(
      plans.map((p) => ({
        productId,
        label: p.label,
        sku: p.sku,
        pricePaise: p.pricePaise,
        mrpPaise: p.mrpPaise,
        quantity: p.quantity,
        weightGrams: p.weightGrams,
        position: p.position,
        isDefault: p.isDefault,
        ...(p.lowStockAt !== undefined ? { lowStockAt: p.lowStockAt } : {}),
      })),
    )
    .returning({ id: productVariants.id, sku: productVariants.sku });
  await tx.insert(productSkus).values(rows.map((r) => ({ sku: r.sku, variantId: r.id })));
}

/** Whether any order line names the size (then it is hidden, never deleted). */
async function orderedSizes(tx: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.selectDistinct({ id: orders.variantId }).from(orders).where(inArray(orders.variantId, [...ids]));
  return new Set(rows.map((r) => r.id!));
}

/** The product's label details from the admin: '' or null means the shop's default (stored as null). */
function labelColumns(body: CreateProductBody['label_details']): Partial<typeof products.$inferInsert> {
  if (!body) return {};
  const value = (v: string | null | undefined) => (v === undefined ? undefined : cleanText(v ?? '').trim() || null);
  const set: Partial<typeof products.$inferInsert> = {};
  const packer = value(body.packer);
  const countryOfOrigin = value(body.country_of_origin);
  const bestBefore = value(body.best_before);
  const consumerCare = value(body.consumer_care);
  if (packer !== undefined) set.packer = packer;
  if (countryOfOrigin !== undefined) set.countryOfOrigin = countryOfOrigin;
  if (bestBefore !== undefined) set.bestBefore = bestBefore;
  if (consumerCare !== undefined) set.consumerCare = consumerCare;
  return set;
}

/** A write that may lose a race for a slug or a SKU: a slug is picked again; a SKU taken meanwhile answers 409. */
async function withWriteRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) {
        // The next attempt's SKU check names a SKU another write just took; a slug is simply picked again.
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
  const sent = body.variants ? planSizes(body.variants) : undefined;
  if (sent?.some((p) => p.id)) throw badRequest('A new product has no sizes yet: leave out _id');
  // A spec client's product is one size: its price and stock are required, in the words the schema used to say it.
  if (!sent && body.price === undefined) throw badRequest('Price is required');
  if (!sent && body.quantity === undefined) throw badRequest('Quantity is required');
  await assertCategory(db, body.category);
  const solutionIds = await checkedSolutionIds(db, body.solutions ?? []);
  // Image work is slow: done before the transaction, undone if the insert fails.
  const image = body.image ? await storeImage(storage, body.image, PRODUCT_IMAGE_FOLDER) : null;
  let id: string;
  try {
    id = await withWriteRetry(() =>
      db.transaction(async (tx) => {
        const slug = await productSlug(tx, name);
        const plans: SizePlan[] = sent ?? [
          {
            label: labelFromName(name),
            sku: await skuFromSlug(tx, slug),
            pricePaise: rupeesToPaise(body.price!),
            mrpPaise: null,
            quantity: body.quantity!,
            weightGrams: DEFAULT_PACKED_WEIGHT_GRAMS,
            position: 0,
            isDefault: true,
          },
        ];
        // The admin's own SKUs are checked for a clear 409; a SKU made from the slug that another save takes meanwhile
        // fails the unique index instead, and the write is tried again with a new slug and SKU.
        if (sent) await assertSkusFree(tx, plans);
        const [row] = await tx
          .insert(products)
          .values({
            name,
            slug,
            categoryId: body.category,
            shortdesc: cleanText(body.shortdesc ?? ''),
            description: cleanText(body.description ?? ''),
            contents: sanitizeRichHtml(cleanText(body.contents ?? '')),
            image,
            highlighted: body.highlighted ?? false,
            localOnly: body.local_only ?? false,
            hsnCode: body.hsn_code || null,
            gstRateBp: gstRateBp(body.gst_rate),
            ...labelColumns(body.label_details),
          })
          .returning({ id: products.id });
        await insertSizes(tx, row!.id, plans);
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

type SizeRow = { id: string; label: string; sku: string; quantity: number; isDefault: boolean };

/** The product's sizes on sale, locked for the write, by position. */
function lockedSizes(tx: Db, productId: string): Promise<SizeRow[]> {
  return tx
    .select({ id: productVariants.id, label: productVariants.label, sku: productVariants.sku, quantity: productVariants.quantity, isDefault: productVariants.isDefault })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.removedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt))
    .for('update');
}

const stockChanged = (what: string, quantity: number) =>
  conflict(`The stock of ${what} changed to ${quantity} while you were editing; check it and save again`);

/** Writes the admin's whole list of sizes: updates those with `_id`, adds the rest, removes (or hides) those left out. */
async function replaceSizes(tx: Db, productId: string, productName: string, plans: SizePlan[], now: Date): Promise<void> {
  const current = await lockedSizes(tx, productId);
  const byId = new Map(current.map((r) => [r.id, r]));
  for (const plan of plans) {
    if (!plan.id) continue;
    const row = byId.get(plan.id);
    if (!row) throw badRequest(`Size ${plan.label} is not a size of this product: leave out _id to add it`);
    if (plan.expectedQuantity !== undefined && plan.expectedQuantity !== row.quantity) {
      throw stockChanged(`${productName} (${row.label})`, row.quantity);
    }
  }
  await assertSkusFree(tx, plans);
  const kept = new Set(plans.flatMap((p) => (p.id ? [p.id] : [])));
  const leftOut = current.filter((r) => !kept.has(r.id)).map((r) => r.id);
  const ordered = await orderedSizes(tx, leftOut);
  const hide = leftOut.filter((id) => ordered.has(id));
  const drop = leftOut.filter((id) => !ordered.has(id));
  if (hide.length) {
    await tx.update(productVariants).set({ removedAt: now, isDefault: false, updatedAt: now }).where(inArray(productVariants.id, hide));
  }
  if (drop.length) await tx.delete(productVariants).where(inArray(productVariants.id, drop));
  // No default for a moment, so the one-default index never sees two.
  await tx
    .update(productVariants)
    .set({ isDefault: false })
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.removedAt), eq(productVariants.isDefault, true)));
  const newSkus: Array<{ sku: string; variantId: string }> = [];
  for (const plan of plans) {
    if (!plan.id) continue;
    await tx
      .update(productVariants)
      .set({
        label: plan.label,
        sku: plan.sku,
        pricePaise: plan.pricePaise,
        mrpPaise: plan.mrpPaise,
        quantity: plan.quantity,
        weightGrams: plan.weightGrams,
        position: plan.position,
        isDefault: plan.isDefault,
        ...(plan.lowStockAt !== undefined ? { lowStockAt: plan.lowStockAt } : {}),
        updatedAt: now,
      })
      .where(eq(productVariants.id, plan.id));
    if (plan.sku !== byId.get(plan.id)!.sku) newSkus.push({ sku: plan.sku, variantId: plan.id });
  }
  if (newSkus.length) await tx.insert(productSkus).values(newSkus);
  await insertSizes(
    tx,
    productId,
    plans.filter((p) => !p.id),
  );
}

/** A spec client's PUT: `price`, `quantity` (guarded by `expected_quantity`) are the default size's. */
async function editDefaultSize(tx: Db, productId: string, productName: string, body: UpdateProductBody, now: Date): Promise<void> {
  if (body.price === undefined && body.quantity === undefined) return;
  const sizes = await lockedSizes(tx, productId);
  const size = defaultOf(sizes.map((s) => ({ ...s, is_default: s.isDefault })));
  if (!size) return;
  if (body.quantity !== undefined && body.expected_quantity !== undefined && body.expected_quantity !== size.quantity) {
    // The spec's words: the product's name (it has one size for a spec client).
    throw stockChanged(sizes.length > 1 ? `${productName} (${size.label})` : productName, size.quantity);
  }
  const set: Partial<typeof productVariants.$inferInsert> = { updatedAt: now };
  if (body.price !== undefined) {
    set.pricePaise = rupeesToPaise(body.price);
    // A lower MRP than the new price would be refused by the database: it no longer applies.
    set.mrpPaise = sql`CASE WHEN ${productVariants.mrpPaise} >= ${set.pricePaise} THEN ${productVariants.mrpPaise} ELSE NULL END` as unknown as number;
  }
  if (body.quantity !== undefined) set.quantity = body.quantity;
  await tx.update(productVariants).set(set).where(eq(productVariants.id, size.id));
}

async function updateProduct(deps: ProductsDeps, id: string, body: UpdateProductBody): Promise<Product> {
  const { db, storage } = deps;
  const name = body.name === undefined ? undefined : cleanName(body.name);
  const plans = body.variants ? planSizes(body.variants) : undefined;
  const [existing] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), ON_SALE))
    .limit(1);
  if (!existing) throw notFound(PRODUCT_NOT_FOUND);
  if (body.category !== undefined) await assertCategory(db, body.category);
  const solutionIds = body.solutions === undefined ? undefined : await checkedSolutionIds(db, body.solutions);
  const newImage = body.image ? await storeImage(storage, body.image, PRODUCT_IMAGE_FOLDER) : null;

  let replacedImage: string | null;
  try {
    replacedImage = await withWriteRetry(() =>
      db.transaction(async (tx) => {
        const now = deps.now();
        const [current] = await tx
          .select({ name: products.name, slug: products.slug, image: products.image })
          .from(products)
          .where(and(eq(products.id, id), ON_SALE))
          .for('update');
        if (!current) throw notFound(PRODUCT_NOT_FOUND);
        if (plans) await replaceSizes(tx, id, current.name, plans, now);
        else await editDefaultSize(tx, id, current.name, body, now);
        const set: Partial<typeof products.$inferInsert> = { updatedAt: now, ...labelColumns(body.label_details) };
        if (name !== undefined && name !== current.name) {
          set.name = name;
          // Renaming moves the slug, unless the new name gives the same one.
          if (slugify(name) !== current.slug) set.slug = await productSlug(tx, name, id);
        }
        if (body.category !== undefined) set.categoryId = body.category;
        if (body.shortdesc !== undefined) set.shortdesc = cleanText(body.shortdesc);
        if (body.description !== undefined) set.description = cleanText(body.description);
        if (body.contents !== undefined) set.contents = sanitizeRichHtml(cleanText(body.contents));
        if (body.highlighted !== undefined) set.highlighted = body.highlighted;
        if (body.local_only !== undefined) set.localOnly = body.local_only;
        if (body.hsn_code !== undefined) set.hsnCode = body.hsn_code || null;
        if (body.gst_rate !== undefined) set.gstRateBp = gstRateBp(body.gst_rate);
        if (newImage) set.image = newImage;
        await tx.update(products).set(set).where(eq(products.id, id));
        // The old address keeps working (301, see modules/seo).
        if (set.slug) {
          await tx
            .insert(productSlugHistory)
            .values({ oldSlug: current.slug, productId: id })
            .onConflictDoUpdate({ target: productSlugHistory.oldSlug, set: { productId: id, variantId: null } });
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

/**
 * A product that was ever ordered is hidden from the shop (it and its sizes get `removed_at`), never deleted: order
 * lines, invoices and the order desk keep naming it. A never-ordered product is deleted, with its image.
 */
async function deleteProduct(deps: ProductsDeps, id: string): Promise<void> {
  const { db } = deps;
  const deletedImage = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ image: products.image })
      .from(products)
      .where(and(eq(products.id, id), ON_SALE))
      .for('update');
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    const [ordered] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.productId, id)).limit(1);
    if (ordered) {
      const now = deps.now();
      await tx.update(products).set({ removedAt: now, highlighted: false, updatedAt: now }).where(eq(products.id, id));
      await tx
        .update(productVariants)
        .set({ removedAt: now, updatedAt: now })
        .where(and(eq(productVariants.productId, id), isNull(productVariants.removedAt)));
      return null;
    }
    await tx.delete(products).where(eq(products.id, id));
    return row.image;
  });
  await discardImage(deps, deletedImage, 'product');
}

export function createProductsService(deps: ProductsDeps) {
  const { db } = deps;
  useLabelDefaults(db, labelDefaultsOf(deps.config.productLabel));
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
