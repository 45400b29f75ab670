/**
 * Resolves a browser cart against the catalogue: current name, price, image and stock per line, of the line's size.
 *
 * The sizes on sale (price, MRP, stock, label, SKU) and their products (name, slug, image) are one small snapshot,
 * kept in the read model like the catalogue's answers (routes.ts) and dropped on every catalogue notice (a stock
 * change on product_variants sends one too): a guest's cart is answered without a database round trip.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { paiseToRupees } from '@shop/domain/money';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { CartDetail, GetCartLine } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { checkouts, orders, productVariants, products } from '../../db/schema.js';
import { ownOpenHolds } from '../checkout/index.js';

/** One size as a cart line shows it, without the line's quantities. */
type SizeLine = Omit<CartDetail, 'quantity' | 'cart_quantity'>;

interface CartSize {
  line: SizeLine;
  /** Stock on hand. */
  quantity: number;
}

interface CartProduct {
  sizes: Map<string, CartSize>;
  /** What a line without `variant` buys: the flagged default, else the first size. */
  defaultSize: CartSize;
}

/** Every product on sale with its sizes on sale, by product id. */
export type CartCatalogue = Map<string, CartProduct>;

/** The snapshot of the sizes on sale, in one query. */
async function loadCatalogue(db: Db): Promise<CartCatalogue> {
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      slug: products.slug,
      image: products.image,
      shortdesc: products.shortdesc,
      variantId: productVariants.id,
      label: productVariants.label,
      sku: productVariants.sku,
      pricePaise: productVariants.pricePaise,
      mrpPaise: productVariants.mrpPaise,
      quantity: productVariants.quantity,
      isDefault: productVariants.isDefault,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(isNull(products.removedAt), isNull(productVariants.removedAt)))
    .orderBy(productVariants.productId, productVariants.position, productVariants.createdAt, productVariants.id);
  const catalogue: CartCatalogue = new Map();
  for (const r of rows) {
    const size: CartSize = {
      line: {
        _id: r.productId,
        variant: r.variantId,
        variant_label: r.label,
        sku: r.sku,
        name: r.name,
        slug: r.slug,
        price: paiseToRupees(r.pricePaise),
        ...(r.mrpPaise !== null ? { mrp: paiseToRupees(r.mrpPaise) } : {}),
        ...(r.image ? { image: r.image } : {}),
        shortdesc: r.shortdesc,
      },
      quantity: r.quantity,
    };
    const product = catalogue.get(r.productId);
    if (!product) catalogue.set(r.productId, { sizes: new Map([[r.variantId, size]]), defaultSize: size });
    else {
      product.sizes.set(r.variantId, size);
      if (r.isDefault) product.defaultSize = size;
    }
  }
  return catalogue;
}

/**
 * Lines come back in the order sent. A size sent twice (a line without `variant` is the default size) is one line
 * with the quantities added (at most MAX_LINE_QUANTITY). Lines the shop cannot use are dropped, not an error, so one
 * stale line never keeps the cart page from loading: products that no longer exist or were removed from the shop,
 * sizes that no longer exist or are not the product's, ids that are not ids at all (an old or foreign cart), and
 * quantities that are not a whole number from 1.
 *
 * For a signed-in shopper (`userId`), the units their own unpaid checkouts hold count as available: their own hold
 * never makes their cart "sold out" (PAY again reuses that checkout, or a different cart lets it go).
 */
async function resolveCart(db: Db, catalogue: CartCatalogue, cart: readonly GetCartLine[], userId?: string): Promise<CartDetail[]> {
  const wanted = new Map<string, { size: CartSize; cartQuantity: number }>();
  for (const item of cart) {
    if (!Number.isInteger(item.cart_quantity) || item.cart_quantity < 1) continue;
    const product = catalogue.get(item._id.toLowerCase());
    if (!product) continue;
    const size = item.variant === undefined ? product.defaultSize : product.sizes.get(item.variant.toLowerCase());
    if (!size) continue;
    const line = wanted.get(size.line.variant);
    if (line) line.cartQuantity = Math.min(MAX_LINE_QUANTITY, line.cartQuantity + item.cart_quantity);
    else wanted.set(size.line.variant, { size, cartQuantity: Math.min(MAX_LINE_QUANTITY, item.cart_quantity) });
  }
  if (wanted.size === 0) return [];
  const ownHeld = userId ? await unitsHeldBy(db, userId, [...new Set([...wanted.values()].map((l) => l.size.line._id))]) : undefined;
  const lines: CartDetail[] = [];
  for (const [variantId, { size, cartQuantity }] of wanted) {
    lines.push({ ...size.line, quantity: size.quantity + (ownHeld?.get(variantId) ?? 0), cart_quantity: cartQuantity });
  }
  return lines;
}

/** Units of the products' sizes that the shopper's own unpaid checkouts hold (lines not given back), per size. */
async function unitsHeldBy(db: Db, userId: string, productIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ variantId: orders.variantId, units: sql<number>`sum(${orders.cartQuantity})::int` })
    .from(orders)
    .innerJoin(checkouts, eq(orders.checkoutId, checkouts.id))
    .where(ownOpenHolds(userId, productIds))
    .groupBy(orders.variantId);
  return new Map(rows.filter((r) => r.variantId !== null).map((r) => [r.variantId!, Number(r.units)]));
}

export type CartDeps = Pick<Deps, 'db'>;

export function createCartService(deps: CartDeps) {
  return {
    /** The sizes on sale, for the read model to keep (routes.ts). */
    catalogue: () => loadCatalogue(deps.db),
    resolve: (catalogue: CartCatalogue, cart: readonly GetCartLine[], userId?: string) => resolveCart(deps.db, catalogue, cart, userId),
  };
}
