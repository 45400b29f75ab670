/** Resolves a browser cart against the catalogue: current name, price, image and stock per line. */
import { inArray } from 'drizzle-orm';
import { paiseToRupees } from '@shop/domain/money';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { CartDetail, CartItem } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';

/**
 * Lines come back in the order sent. A product id sent twice is one line with the quantities added
 * (at most MAX_LINE_QUANTITY); ids of products that no longer exist are dropped, not an error.
 */
export async function resolveCart(db: Db, cart: readonly CartItem[]): Promise<CartDetail[]> {
  const wanted = new Map<string, number>();
  for (const item of cart) {
    const id = item._id.toLowerCase();
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
