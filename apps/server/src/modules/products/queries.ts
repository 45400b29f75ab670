/** The one way products are read for the shop's answers: with their category, solutions and sizes, in one statement. */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@shop/domain/money';
import { basisPointsToPercent } from '@shop/domain/tax';
import type { LabelDetails, Product, Variant } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import type { Config } from '../../config.js';
import { categories, productSolutions, productVariants, products, reviews, solutions } from '../../db/schema.js';

export const NEWEST_FIRST: SQL[] = [desc(products.createdAt), desc(products.id)];

const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  shortdesc: products.shortdesc,
  description: products.description,
  contents: products.contents,
  image: products.image,
  highlighted: products.highlighted,
  localOnly: products.localOnly,
  hsnCode: products.hsnCode,
  gstRateBp: products.gstRateBp,
  packer: products.packer,
  countryOfOrigin: products.countryOfOrigin,
  bestBefore: products.bestBefore,
  consumerCare: products.consumerCare,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

export interface ListOptions {
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
  /** Also products the admin deleted after they were ordered (`removed_at` set): never in a shop answer. */
  includeRemoved?: boolean;
  /** The admin's answer: each size's low-stock threshold too (a shop answer never tells it). */
  admin?: boolean;
}

/** The shop's own products: not removed. Every shop answer about products filters on it. */
export const ON_SALE: SQL = isNull(products.removedAt);

/** A product's solutions as a JSON array, by name: a subquery, so a page of products is one statement. */
const solutionsOfProduct = sql<Product['solutions']>`coalesce((
  select json_agg(json_build_object('_id', ${solutions.id}, 'name', ${solutions.name}, 'slug', ${solutions.slug})
    order by ${solutions.name}, ${solutions.id})
  from ${productSolutions} join ${solutions} on ${solutions.id} = ${productSolutions.solutionId}
  where ${productSolutions.productId} = ${products.id}), '[]'::json)`;

/** A size row as the JSON subquery gives it (paise). */
interface VariantRow {
  id: string;
  label: string;
  sku: string;
  price_paise: number;
  mrp_paise: number | null;
  quantity: number;
  weight_grams: number;
  position: number;
  is_default: boolean;
  low_stock_at: number;
}

/** A product's sizes on sale as a JSON array, by position. */
const variantsOfProduct = sql<VariantRow[]>`coalesce((
  select json_agg(json_build_object('id', v.id, 'label', v.label, 'sku', v.sku, 'price_paise', v.price_paise,
    'mrp_paise', v.mrp_paise, 'quantity', v.quantity, 'weight_grams', v.weight_grams, 'position', v.position,
    'is_default', v.is_default, 'low_stock_at', v.low_stock_at) order by v.position, v.created_at, v.id)
  from ${productVariants} v
  where v.product_id = ${products.id} and v.removed_at is null), '[]'::json)`;

/** The shop's label details, per database (one app, one config): set when the products service is made. */
const labelDefaultsByDb = new WeakMap<object, LabelDetails>();
const FALLBACK_LABEL: LabelDetails = { packer: '', country_of_origin: 'India', best_before: '', consumer_care: '' };

export function labelDefaultsOf(productLabel: Config['productLabel']): LabelDetails {
  return {
    packer: productLabel.packer,
    country_of_origin: productLabel.countryOfOrigin,
    best_before: productLabel.bestBefore,
    consumer_care: productLabel.consumerCare,
  };
}

/** Makes `db`'s product answers fill missing label details with the shop's defaults. */
export function useLabelDefaults(db: Db, defaults: LabelDetails): void {
  labelDefaultsByDb.set(db, defaults);
}

/**
 * The published reviews' mean (one decimal) and count (issue 33): a subquery, so a page of products stays one
 * statement. Reviews have the catalogue's notice trigger (functions/stock.sql), so a publish drops the kept answers.
 */
const ratingOfProduct = sql<{ average: number | string | null; count: number } | null>`(
  select json_build_object('average', round(avg(r.rating)::numeric, 1), 'count', count(*))
  from ${reviews} r where r.product_id = ${products.id} and r.status = 'published')`;

function toVariant(v: VariantRow, admin: boolean): Variant {
  return {
    _id: v.id,
    label: v.label,
    sku: v.sku,
    price: paiseToRupees(v.price_paise),
    ...(v.mrp_paise !== null ? { mrp: paiseToRupees(v.mrp_paise) } : {}),
    quantity: v.quantity,
    weight_grams: v.weight_grams,
    position: v.position,
    is_default: v.is_default,
    ...(admin ? { low_stock_at: v.low_stock_at } : {}),
  };
}

/** The default size: the one flagged, else the first. */
export function defaultOf<T extends { is_default: boolean }>(variants: readonly T[]): T | undefined {
  return variants.find((v) => v.is_default) ?? variants[0];
}

/** Products with their category (joined), solutions and sizes, in one query; removed products left out. */
export async function listProducts(db: Db, opts: ListOptions = {}): Promise<Product[]> {
  let query = db
    .select({ ...productColumns, solutions: solutionsOfProduct, variants: variantsOfProduct, rating: ratingOfProduct })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .$dynamic();
  const where = opts.includeRemoved ? opts.where : opts.where ? and(ON_SALE, opts.where) : ON_SALE;
  if (where) query = query.where(where);
  query = query.orderBy(...(opts.orderBy ?? NEWEST_FIRST));
  if (opts.limit !== undefined) query = query.limit(opts.limit);
  if (opts.offset) query = query.offset(opts.offset);
  const rows = await query;
  const defaults = labelDefaultsByDb.get(db) ?? FALLBACK_LABEL;

  return rows.map((r) => {
    const variants = (r.variants ?? []).map((v) => toVariant(v, opts.admin === true));
    const rated = r.rating && Number(r.rating.count) > 0 ? { average: Number(r.rating.average), count: Number(r.rating.count) } : undefined;
    const chosen = defaultOf(variants);
    const prices = variants.map((v) => v.price);
    const price = chosen?.price ?? 0;
    return {
      _id: r.id,
      name: r.name,
      slug: r.slug,
      price,
      quantity: chosen?.quantity ?? 0,
      variants,
      price_from: prices.length ? Math.min(...prices) : price,
      price_to: prices.length ? Math.max(...prices) : price,
      label_details: {
        packer: r.packer || defaults.packer,
        country_of_origin: r.countryOfOrigin || defaults.country_of_origin,
        best_before: r.bestBefore || defaults.best_before,
        consumer_care: r.consumerCare || defaults.consumer_care,
      },
      category: { _id: r.categoryId, name: r.categoryName, slug: r.categorySlug },
      solutions: r.solutions,
      shortdesc: r.shortdesc,
      description: r.description,
      contents: r.contents,
      // Omitted, not null, when there is none: the storefront shows its placeholder.
      ...(r.image ? { image: r.image } : {}),
      highlighted: r.highlighted,
      // Absent, not false, for the products that go anywhere: answers stay as they were for spec clients.
      ...(r.localOnly ? { local_only: true } : {}),
      ...(r.hsnCode ? { hsn_code: r.hsnCode } : {}),
      ...(r.gstRateBp !== null ? { gst_rate: basisPointsToPercent(r.gstRateBp) } : {}),
      // Absent, not zero, without a published review: cards keep their fixed stars and JSON-LD has no aggregateRating.
      ...(rated ? { rating: rated } : {}),
    };
  });
}
