/** The one way products are read for the shop's answers: with their category, solutions and sizes, in one statement. */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@shop/domain/money';
import { basisPointsToPercent } from '@shop/domain/tax';
import type { Product } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import { categories, productSolutions, products, solutions } from '../../db/schema.js';

export const NEWEST_FIRST: SQL[] = [desc(products.createdAt), desc(products.id)];

const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  pricePaise: products.pricePaise,
  quantity: products.quantity,
  shortdesc: products.shortdesc,
  description: products.description,
  contents: products.contents,
  image: products.image,
  highlighted: products.highlighted,
  hsnCode: products.hsnCode,
  gstRateBp: products.gstRateBp,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

export interface ListOptions {
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
}

/** A product's solutions as a JSON array, by name: a subquery, so a page of products is one statement. */
const solutionsOfProduct = sql<Product['solutions']>`coalesce((
  select json_agg(json_build_object('_id', ${solutions.id}, 'name', ${solutions.name}, 'slug', ${solutions.slug})
    order by ${solutions.name}, ${solutions.id})
  from ${productSolutions} join ${solutions} on ${solutions.id} = ${productSolutions.solutionId}
  where ${productSolutions.productId} = ${products.id}), '[]'::json)`;

/** Products with their category (joined) and solutions, in one query. */
export async function listProducts(db: Db, opts: ListOptions = {}): Promise<Product[]> {
  let query = db
    .select({ ...productColumns, solutions: solutionsOfProduct })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .$dynamic();
  if (opts.where) query = query.where(opts.where);
  query = query.orderBy(...(opts.orderBy ?? NEWEST_FIRST));
  if (opts.limit !== undefined) query = query.limit(opts.limit);
  if (opts.offset) query = query.offset(opts.offset);
  const rows = await query;

  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    slug: r.slug,
    price: paiseToRupees(r.pricePaise),
    quantity: r.quantity,
    category: { _id: r.categoryId, name: r.categoryName, slug: r.categorySlug },
    solutions: r.solutions,
    shortdesc: r.shortdesc,
    description: r.description,
    contents: r.contents,
    // Omitted, not null, when there is none: the storefront shows its placeholder.
    ...(r.image ? { image: r.image } : {}),
    highlighted: r.highlighted,
    ...(r.hsnCode ? { hsn_code: r.hsnCode } : {}),
    ...(r.gstRateBp !== null ? { gst_rate: basisPointsToPercent(r.gstRateBp) } : {}),
  }));
}

