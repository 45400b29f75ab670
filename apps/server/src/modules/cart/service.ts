/** Resolves a browser cart against the catalogue: current name, price, image and stock per line. */
import { inArray } from 'drizzle-orm';
import { paiseToRupees } from '@shop/domain/money';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { CartDetail, GetCartLine } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Lines come back in the order sent. A product id sent twice is one line with the quantities added
 * (at most MAX_LINE_QUANTITY). Lines the shop cannot use are dropped, not an error, so one stale line
 * never keeps the cart page from loading: ids of products that no longer exist, ids that are not ids at
 * all (an old or foreign cart), and quantities that are not a whole number from 1.
 */
export async function resolveCart(db: Db, cart: readonly GetCartLine[]): Promise<CartDetail[]> {
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
        quantity: r.quantity,
        cart_quantity: cartQuantity,
      },
    ];
  });
}
