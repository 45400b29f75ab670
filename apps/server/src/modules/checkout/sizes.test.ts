/**
 * Checkout per size (issue 28): a cart line is one size of a product; its price and stock are the size's; an order line
 * keeps the size as sold; units go back to the size they came from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { TestShop, TestUser } from '../../test/harness.js';
import { GHEE, checkoutFixtures } from '../../test/checkout-fixtures.js';
import { orders, productVariants, products } from '../../db/schema.js';

const fx = checkoutFixtures({ category: 'Ghee', name: 'A2 Ghee', pricePaise: GHEE.pricePaise });
const { addProduct, addSizedProduct, sizeStock, placeOrder, sandboxPay, verify, checkoutRow } = fx;
let shop: TestShop, alice: TestUser, bob: TestUser, admin: TestUser;
beforeAll(async () => ({ shop, alice, bob, admin } = await fx.openWithShoppers()));
afterAll(() => shop.close());
const MINUTE = 60_000;

/** The three sizes of the ghee the tests sell: 250 ml (the default), 500 ml and 1 L. */
const gheeSizes = (stock: [number, number, number] = [10, 10, 10]) =>
  addSizedProduct([
    { label: '250 ml', pricePaise: 35_000, quantity: stock[0] },
    { label: '500 ml', pricePaise: 65_000, quantity: stock[1] },
    { label: '1 L', pricePaise: 120_000, quantity: stock[2] },
  ]);

async function linesOf(checkoutId: string) {
  return shop.db
    .select({
      productId: orders.productId,
      variantId: orders.variantId,
      name: orders.productName,
      label: orders.variantLabel,
      sku: orders.sku,
      price: orders.unitPricePaise,
      quantity: orders.cartQuantity,
    })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.unitPricePaise));
}

async function pay(user: TestUser, orderId: string) {
  const res = await verify(user, await sandboxPay(user, orderId));
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /api/orders with sizes', () => {
  it('sells a two-size cart of one product at the sizes\' prices; its lines name both sizes with their SKUs', async () => {
    const { product, sizes } = await gheeSizes();
    const [ml250, ml500, l1] = sizes;
    const res = await placeOrder(alice.token, [
      { _id: product.id, variant: ml250!.id, cart_quantity: 2 },
      { _id: product.id, variant: l1!.id, cart_quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amount).toBe(2 * 35_000 + 120_000);
    await pay(alice, res.json().order_id);

    expect(await linesOf(res.json().order_id)).toEqual([
      { productId: product.id, variantId: ml250!.id, name: product.name, label: '250 ml', sku: ml250!.sku, price: 35_000, quantity: 2 },
      { productId: product.id, variantId: l1!.id, name: product.name, label: '1 L', sku: l1!.sku, price: 120_000, quantity: 1 },
    ]);
    expect((await checkoutRow(res.json().order_id)).payment).toBe('Paid');
    expect([await sizeStock(ml250!.id), await sizeStock(ml500!.id), await sizeStock(l1!.id)]).toEqual([8, 10, 9]);
  });

  it("buys the default size for a spec client's cart without `variant`", async () => {
    const { product, sizes } = await addSizedProduct(
      [
        { label: '250 ml', pricePaise: 35_000, quantity: 4 },
        { label: '500 ml', pricePaise: 65_000, quantity: 4 },
      ],
      { defaultIndex: 1 },
    );
    const res = await placeOrder(bob.token, [{ _id: product.id, cart_quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amount).toBe(65_000);
    expect(await linesOf(res.json().order_id)).toEqual([
      { productId: product.id, variantId: sizes[1]!.id, name: product.name, label: '500 ml', sku: sizes[1]!.sku, price: 65_000, quantity: 1 },
    ]);
    expect([await sizeStock(sizes[0]!.id), await sizeStock(sizes[1]!.id)]).toEqual([4, 3]);
  });

  it('merges a line without a size and a line naming the default size into one line', async () => {
    const { product, sizes } = await gheeSizes();
    const res = await placeOrder(alice.token, [
      { _id: product.id, cart_quantity: 1 },
      { _id: product.id, variant: sizes[0]!.id, cart_quantity: 2 },
      { _id: product.id, variant: sizes[2]!.id, cart_quantity: 1 },
      { _id: product.id, variant: sizes[2]!.id, cart_quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await linesOf(res.json().order_id)).map((l) => [l.label, l.quantity])).toEqual([
      ['250 ml', 3],
      ['1 L', 2],
    ]);
    expect(await sizeStock(sizes[0]!.id)).toBe(7);
    expect(await sizeStock(sizes[2]!.id)).toBe(8);
  });

  it('refuses a size that is not one of the product\'s with 400 in plain words, reserving nothing', async () => {
    const { product, sizes } = await gheeSizes();
    const other = await gheeSizes();
    const unknownId = '00000000-0000-4000-8000-000000000000';
    for (const variant of [unknownId, other.sizes[1]!.id]) {
      const res = await placeOrder(bob.token, [
        { _id: product.id, variant: sizes[0]!.id, cart_quantity: 1 },
        { _id: product.id, variant, cart_quantity: 1 },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: `${product.name} has no size ${variant}; please choose one of its sizes again` });
    }
    expect(await sizeStock(sizes[0]!.id)).toBe(10);
    expect(await sizeStock(other.sizes[1]!.id)).toBe(10);
  });

  it('answers a removed size, or a removed product, as gone (404 naming it) and reserves nothing', async () => {
    const { product, sizes } = await gheeSizes();
    await shop.db.update(productVariants).set({ removedAt: new Date() }).where(eq(productVariants.id, sizes[2]!.id));
    const res = await placeOrder(bob.token, [
      { _id: product.id, variant: sizes[0]!.id, cart_quantity: 1 },
      { _id: product.id, variant: sizes[2]!.id, cart_quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: `Product ${product.name} 1 L was removed from the shop` });
    expect(await sizeStock(sizes[0]!.id)).toBe(10);

    const single = await addProduct({ name: 'Retired Jaggery', quantity: 5 });
    await shop.db.update(products).set({ removedAt: new Date() }).where(eq(products.id, single.id));
    const gone = await placeOrder(bob.token, [{ _id: single.id, cart_quantity: 1 }]);
    expect(gone.statusCode, gone.body).toBe(404);
    expect(gone.json()).toEqual({ message: 'Product Retired Jaggery was removed from the shop' });
    expect(await sizeStock(single.variantId)).toBe(5);
  });

  it('answers a size short of stock naming the product, the size and its stock on hand; the other sizes sell', async () => {
    const { product, sizes } = await addSizedProduct(
      [
        { label: '250 ml', pricePaise: 35_000, quantity: 10 },
        { label: '1 L', pricePaise: 120_000, quantity: 1 },
      ],
      { name: 'A2 Gir Ghee' },
    );
    const short = await placeOrder(alice.token, [
      { _id: product.id, variant: sizes[0]!.id, cart_quantity: 1 },
      { _id: product.id, variant: sizes[1]!.id, cart_quantity: 2 },
    ]);
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toEqual({ message: 'Only 1 left of A2 Gir Ghee 1 L' });
    expect(await sizeStock(sizes[0]!.id)).toBe(10);

    await shop.db.update(productVariants).set({ quantity: 0 }).where(eq(productVariants.id, sizes[1]!.id));
    const out = await placeOrder(alice.token, [{ _id: product.id, variant: sizes[1]!.id, cart_quantity: 1 }]);
    expect(out.statusCode, out.body).toBe(409);
    expect(out.json()).toEqual({ message: 'A2 Gir Ghee 1 L is out of stock' });

    const other = await placeOrder(alice.token, [{ _id: product.id, variant: sizes[0]!.id, cart_quantity: 1 }]);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('does not repeat a size the name already ends with', async () => {
    const { product, sizes } = await addSizedProduct(
      [
        { label: '500 ml', pricePaise: 65_000, quantity: 0 },
        { label: '1 L', pricePaise: 120_000, quantity: 3 },
      ],
      { name: 'Bilona Ghee 500 ml' },
    );
    const out = await placeOrder(bob.token, [{ _id: product.id, variant: sizes[0]!.id, cart_quantity: 1 }]);
    expect(out.json()).toEqual({ message: 'Bilona Ghee 500 ml is out of stock' });
  });

  it('keys PAY again on the sizes: the same cart reuses its checkout, another size makes a new one', async () => {
    const shopper = await shop.createShopper({ name: 'Chitra Cook' });
    const { product, sizes } = await gheeSizes();
    const cart = [{ _id: product.id, variant: sizes[1]!.id, cart_quantity: 1 }];
    const first = await placeOrder(shopper.token, cart);
    const again = await placeOrder(shopper.token, cart);
    expect(again.json().order_id).toBe(first.json().order_id);
    expect(await sizeStock(sizes[1]!.id)).toBe(9);

    const otherSize = await placeOrder(shopper.token, [{ _id: product.id, variant: sizes[2]!.id, cart_quantity: 1 }]);
    expect(otherSize.statusCode, otherSize.body).toBe(200);
    expect(otherSize.json().order_id).not.toBe(first.json().order_id);
    expect(await sizeStock(sizes[2]!.id)).toBe(9);
  });
});

describe('units go back to the size they came from', () => {
  it('when the shopper closes the payment window', async () => {
    const { product, sizes } = await gheeSizes();
    const res = await placeOrder(alice.token, [
      { _id: product.id, variant: sizes[1]!.id, cart_quantity: 2 },
      { _id: product.id, variant: sizes[2]!.id, cart_quantity: 3 },
    ]);
    expect([await sizeStock(sizes[1]!.id), await sizeStock(sizes[2]!.id)]).toEqual([8, 7]);
    const closed = await shop.request({ method: 'POST', url: '/api/orders/release', token: alice.token, payload: { order_id: res.json().order_id } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect([await sizeStock(sizes[0]!.id), await sizeStock(sizes[1]!.id), await sizeStock(sizes[2]!.id)]).toEqual([10, 10, 10]);

    // PAY again for the same cart reopens that checkout and takes the units from the same sizes again.
    const again = await placeOrder(alice.token, [
      { _id: product.id, variant: sizes[2]!.id, cart_quantity: 3 },
      { _id: product.id, variant: sizes[1]!.id, cart_quantity: 2 },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order_id).toBe(res.json().order_id);
    expect([await sizeStock(sizes[0]!.id), await sizeStock(sizes[1]!.id), await sizeStock(sizes[2]!.id)]).toEqual([10, 8, 7]);
  });

  it("when an admin cancels a paid line; a line sold before sizes goes back to the product's default size", async () => {
    const { product, sizes } = await gheeSizes();
    const res = await placeOrder(bob.token, [
      { _id: product.id, variant: sizes[1]!.id, cart_quantity: 2 },
      { _id: product.id, variant: sizes[2]!.id, cart_quantity: 1 },
    ]);
    await pay(bob, res.json().order_id);
    const lines = await shop.db.select({ id: orders.id, variantId: orders.variantId }).from(orders).where(eq(orders.checkoutId, res.json().order_id));
    const half = lines.find((l) => l.variantId === sizes[1]!.id)!;
    const litre = lines.find((l) => l.variantId === sizes[2]!.id)!;

    const cancel = (id: string) => shop.request({ method: 'PUT', url: `/api/orders/${id}`, token: admin.token, payload: { status: 'Canceled' } });
    expect((await cancel(half.id)).statusCode).toBe(200);
    expect([await sizeStock(sizes[0]!.id), await sizeStock(sizes[1]!.id), await sizeStock(sizes[2]!.id)]).toEqual([10, 10, 9]);

    // As a line placed before sizes whose size row is gone: no variant_id.
    await shop.db.update(orders).set({ variantId: null }).where(eq(orders.id, litre.id));
    expect((await cancel(litre.id)).statusCode).toBe(200);
    expect([await sizeStock(sizes[0]!.id), await sizeStock(sizes[1]!.id), await sizeStock(sizes[2]!.id)]).toEqual([11, 10, 9]);
  });

  it('when a reservation lapses, and a late payment takes them again from the same size', async () => {
    const { product, sizes } = await gheeSizes([10, 10, 2]);
    const res = await placeOrder(alice.token, [
      { _id: product.id, variant: sizes[0]!.id, cart_quantity: 1 },
      { _id: product.id, variant: sizes[2]!.id, cart_quantity: 2 },
    ]);
    const result = await sandboxPay(alice, res.json().order_id);
    shop.advanceClock(16 * MINUTE);
    expect(await shop.app.services.checkout.releaseExpired()).toBeGreaterThanOrEqual(1);
    expect([await sizeStock(sizes[0]!.id), await sizeStock(sizes[2]!.id)]).toEqual([10, 2]);

    const late = await verify(alice, result);
    expect(late.statusCode, late.body).toBe(200);
    expect([await sizeStock(sizes[0]!.id), await sizeStock(sizes[1]!.id), await sizeStock(sizes[2]!.id)]).toEqual([9, 10, 0]);
    expect((await checkoutRow(res.json().order_id)).payment).toBe('Paid');
  });
});
