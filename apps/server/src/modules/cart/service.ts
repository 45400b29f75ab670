/** Resolves a browser cart against the catalogue: current name, price, image and stock per line. */
import { eq, inArray, sql } from 'drizzle-orm';
import { paiseToRupees } from '@shop/domain/money';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { CartDetail, GetCartLine } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { checkouts, orders, products } from '../../db/schema.js';
import { ownOpenHolds } from '../checkout/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Lines come back in the order sent. A product id sent twice is one line with the quantities added
 * (at most MAX_LINE_QUANTITY). Lines the shop cannot use are dropped, not an error, so one stale line
 * never keeps the cart page from loading: ids of products that no longer exist, ids that are not ids at
 * all (an old or foreign cart), and quantities that are not a whole number from 1.
 *
 * For a signed-in shopper (`userId`), the units their own unpaid checkouts hold count as available: their own hold
 * never makes their cart "sold out" (PAY again reuses that checkout, or a different cart lets it go).
 */
async function resolveCart(db: Db, cart: readonly GetCartLine[], userId?: string): Promise<CartDetail[]> {
  const wanted = new Map<string, number>();
  for (const item of cart) {
    const id = item._id.toLowerCase();
    if (!UUID.test(id) || !Number.isInteger(item.cart_quantity) || item.cart_quantity < 1) continue;
    wanted.set(id, Math.min(MAX_LINE_QUANTITY, (wanted.get(id) ?? 0) + item.cart_quantity));
  }
  if (wanted.size === 0) return [];

  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      pricePaise: products.pricePaise,
      image: products.image,
      shortdesc: products.shortdesc,
      quantity: products.quantity,
    })
    .from(products)
    .where(inArray(products.id, [...wanted.keys()]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ownHeld = userId ? await unitsHeldBy(db, userId, [...wanted.keys()]) : new Map<string, number>();

  return [...wanted].flatMap(([id, cartQuantity]) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        _id: r.id,
        name: r.name,
        slug: r.slug,
        price: paiseToRupees(r.pricePaise),
        ...(r.image ? { image: r.image } : {}),
        shortdesc: r.shortdesc,
        quantity: r.quantity + (ownHeld.get(r.id) ?? 0),
        cart_quantity: cartQuantity,
      },
    ];
  });
}

/** Units of `productIds` that the shopper's own unpaid checkouts hold (lines not given back), per product. */
async function unitsHeldBy(db: Db, userId: string, productIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: orders.productId, units: sql<number>`sum(${orders.cartQuantity})::int` })
    .from(orders)
    .innerJoin(checkouts, eq(orders.checkoutId, checkouts.id))
    .where(ownOpenHolds(userId, productIds))
    .groupBy(orders.productId);
  return new Map(rows.map((r) => [r.productId!, Number(r.units)]));
}

export type CartDeps = Pick<Deps, 'db'>;

export function createCartService(deps: CartDeps) {
  return {
    resolve: (cart: readonly GetCartLine[], userId?: string) => resolveCart(deps.db, cart, userId),
  };
}
