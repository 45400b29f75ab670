/**
 * A paid checkout written straight into the database, with each line's size as sold (variant id, label, SKU): for
 * the tests of what order lines, invoices, the order desk and the packing slips say, apart from how a checkout is paid.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { checkouts, orders, productSkus, productVariants } from '../../db/schema.js';
import { TEST_DELIVERY } from '../../test/harness.js';
import { insertProduct } from '../../test/products.js';

/** The demo's A2 ghee with two sizes: 250 ml (₹450, the default) and 1 L (₹1,600); SKUs end with `tag` (unique). */
export async function insertGheeWithSizes(db: Db, categoryId: string, tag = randomUUID().slice(0, 6).toUpperCase()) {
  const name = 'A2 Gir Cow Bilona Ghee';
  const product = await insertProduct(db, {
    name,
    slug: `a2-gir-cow-bilona-ghee-${tag.toLowerCase()}`,
    categoryId,
    pricePaise: 45_000,
    quantity: 20,
    image: '/images/a2-ghee.jpg',
    hsnCode: '0405',
    gstRateBp: 1200,
    label: '250 ml',
    sku: `A2GHEE-250-${tag}`,
  });
  const litreSku = `A2GHEE-1L-${tag}`;
  const [litre] = await db
    .insert(productVariants)
    .values({ productId: product.id, label: '1 L', sku: litreSku, pricePaise: 160_000, quantity: 10, weightGrams: 1100, position: 1 })
    .returning();
  await db.insert(productSkus).values({ sku: litreSku, variantId: litre!.id });
  const small = { variantId: product.variantId, label: '250 ml', sku: product.sku, unitPaise: 45_000 };
  const large = { variantId: litre!.id, label: '1 L', sku: litreSku, unitPaise: 160_000 };
  return { product, small, large };
}

export interface SoldLine {
  product: { id: string; name: string; slug: string; image?: string | null };
  /** The size sold; omit all three for a line sold before sizes. */
  variantId?: string | null;
  label?: string | null;
  sku?: string | null;
  quantity: number;
  unitPaise: number;
  hsnCode?: string | null;
  gstRateBp?: number | null;
}

/** Writes a Paid checkout of `lines` for `buyer` (Processing, invoice numbered): its id and its line ids, in order. */
export async function insertPaidCheckout(
  db: Db,
  buyer: { id: string; name: string; email: string },
  lines: SoldLine[],
  opts: { paidAt?: Date; state?: string } = {},
): Promise<{ orderId: string; lineIds: string[] }> {
  const tag = randomUUID().replace(/-/g, '').slice(0, 14);
  const orderId = `order_${tag}`;
  const paidAt = opts.paidAt ?? new Date();
  await db.insert(checkouts).values({
    id: orderId,
    userId: buyer.id,
    receipt: `rcpt_${tag}`,
    amountPaise: lines.reduce((sum, l) => sum + l.unitPaise * l.quantity, 0),
    payment: 'Paid',
    paymentId: `pay_${tag}`,
    stockState: 'sold',
    reservedUntil: paidAt,
    paidAt,
    units: lines.reduce((n, l) => n + l.quantity, 0),
    deliveryName: buyer.name,
    deliveryPhone: TEST_DELIVERY.phone,
    deliveryAddress: TEST_DELIVERY.address,
    deliveryPin: TEST_DELIVERY.pin,
    deliveryState: opts.state ?? TEST_DELIVERY.state,
    invoiceNumber: `T/${tag}`,
    createdAt: paidAt,
  });
  const lineIds: string[] = [];
  // One at a time, a millisecond apart: lines are read back in the order they were made.
  for (const [i, l] of lines.entries()) {
    const [row] = await db
      .insert(orders)
      .values({
        checkoutId: orderId,
        userId: buyer.id,
        userName: buyer.name,
        userEmail: buyer.email,
        productId: l.product.id,
        variantId: l.variantId ?? null,
        variantLabel: l.label ?? null,
        sku: l.sku ?? null,
        productName: l.product.name,
        productSlug: l.product.slug,
        productImage: l.product.image ?? null,
        unitPricePaise: l.unitPaise,
        cartQuantity: l.quantity,
        status: 'Processing',
        hsnCode: l.hsnCode ?? null,
        gstRateBp: l.gstRateBp ?? null,
        createdAt: new Date(paidAt.getTime() + i),
      })
      .returning({ id: orders.id });
    lineIds.push(row!.id);
  }
  return { orderId, lineIds };
}
