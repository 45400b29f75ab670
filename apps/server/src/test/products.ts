/**
 * Products made straight in the database for tests that are not about the catalogue: a product row and its one
 * default size (price and stock live on the size since issue 28).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { checkouts, orders, products, productSkus, productVariants } from '../db/schema.js';

export interface TestProductValues {
  name: string;
  slug: string;
  categoryId: string;
  pricePaise: number;
  quantity: number;
  image?: string | null;
  hsnCode?: string | null;
  gstRateBp?: number | null;
  /** The default size's label and SKU; made up when not given. */
  label?: string;
  sku?: string;
  weightGrams?: number;
}

export type TestProduct = typeof products.$inferSelect & { variantId: string; pricePaise: number; quantity: number; sku: string };

/** Inserts products (each with one default size), in order. */
export async function insertProducts(db: Db, values: TestProductValues[]): Promise<TestProduct[]> {
  const made: TestProduct[] = [];
  for (const v of values) {
    const [row] = await db
      .insert(products)
      .values({ name: v.name, slug: v.slug, categoryId: v.categoryId, image: v.image ?? null, hsnCode: v.hsnCode ?? null, gstRateBp: v.gstRateBp ?? null })
      .returning();
    const sku = v.sku ?? `T-${randomUUID().slice(0, 8).toUpperCase()}`;
    const [variant] = await db
      .insert(productVariants)
      .values({ productId: row!.id, label: v.label ?? 'Standard', sku, pricePaise: v.pricePaise, quantity: v.quantity, weightGrams: v.weightGrams ?? 500, isDefault: true })
      .returning();
    await db.insert(productSkus).values({ sku, variantId: variant!.id });
    made.push({ ...row!, variantId: variant!.id, pricePaise: v.pricePaise, quantity: v.quantity, sku });
  }
  return made;
}

export async function insertProduct(db: Db, values: TestProductValues): Promise<TestProduct> {
  return (await insertProducts(db, [values]))[0]!;
}

/** The default size's stock. */
export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db
    .select({ quantity: productVariants.quantity })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position)
    .limit(1);
  return row!.quantity;
}

/** Sets the default size's stock (a change made outside the API). */
export async function setStock(db: Db, productId: string, quantity: number): Promise<void> {
  await db.update(productVariants).set({ quantity }).where(and(eq(productVariants.productId, productId), eq(productVariants.isDefault, true)));
}

export interface TestSizeValues {
  label: string;
  pricePaise: number;
  quantity: number;
  sku?: string;
  mrpPaise?: number | null;
  weightGrams?: number;
}

export type TestSize = typeof productVariants.$inferSelect;

/**
 * A product with several sizes, made straight in the database: the sizes in the order given (their position), the
 * first the default unless `defaultIndex` says otherwise. Answers the product and its sizes.
 */
export async function insertSizedProduct(
  db: Db,
  values: Omit<TestProductValues, 'pricePaise' | 'quantity' | 'label' | 'sku' | 'weightGrams'> & { sizes: TestSizeValues[]; defaultIndex?: number },
): Promise<{ product: typeof products.$inferSelect; sizes: TestSize[] }> {
  const [product] = await db
    .insert(products)
    .values({ name: values.name, slug: values.slug, categoryId: values.categoryId, image: values.image ?? null, hsnCode: values.hsnCode ?? null, gstRateBp: values.gstRateBp ?? null })
    .returning();
  const sizes: TestSize[] = [];
  for (const [i, s] of values.sizes.entries()) {
    const sku = s.sku ?? `T-${randomUUID().slice(0, 8).toUpperCase()}`;
    const [size] = await db
      .insert(productVariants)
      .values({
        productId: product!.id,
        label: s.label,
        sku,
        pricePaise: s.pricePaise,
        mrpPaise: s.mrpPaise ?? null,
        quantity: s.quantity,
        weightGrams: s.weightGrams ?? 500,
        position: i,
        isDefault: i === (values.defaultIndex ?? 0),
      })
      .returning();
    await db.insert(productSkus).values({ sku, variantId: size!.id });
    sizes.push(size!);
  }
  return { product: product!, sizes };
}

/** One size's stock. */
export async function sizeStock(db: Db, variantId: string): Promise<number> {
  const [row] = await db.select({ quantity: productVariants.quantity }).from(productVariants).where(eq(productVariants.id, variantId));
  return row!.quantity;
}

/** A one-unit order line of `product`'s first size, in checkout `order_${key}`: the product has been ordered. */
export async function insertOrderedLine(db: Db, key: string, product: { _id: string; name: string; slug: string; variants: Array<{ _id: string }> }): Promise<void> {
  await db.insert(checkouts).values({ id: `order_${key}`, receipt: `rcpt_${key}`, amountPaise: 100, reservedUntil: new Date() });
  await db.insert(orders).values({
    checkoutId: `order_${key}`,
    userName: 'Buyer',
    userEmail: 'buyer@example.com',
    productId: product._id,
    variantId: product.variants[0]!._id,
    productName: product.name,
    productSlug: product.slug,
    unitPricePaise: 100,
    cartQuantity: 1,
    status: 'Processing',
  });
}
