/** What the checkout cluster's tests share: a test shop with one category, products in it, and buying through the API. */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, checkouts } from '../db/schema.js';
import { createTestShop, type TestShop, type TestShopOptions, type TestUser } from './harness.js';
import { insertProducts, insertSizedProduct, sizeStock, stockOf, type TestSizeValues } from './products.js';

/** The SPEC's fields of an order line, plus the delivery snapshot, the checkout's total and the size as sold (issue 28). */
export const ORDER_KEYS = ['_id', 'cart_quantity', 'createdAt', 'delivery', 'order_id', 'order_number', 'order_total', 'payment', 'payment_id', 'payment_method', 'product', 'receipt', 'shippingStatus', 'sku', 'status', 'user', 'variant_label'];

/** The ghee the checkout and orders tests sell. */
export const GHEE = { category: 'Ghee', name: 'Desi Ghee', pricePaise: 59_500 };

export interface ProductOptions {
  name?: string;
  pricePaise?: number;
  quantity?: number;
  image?: string;
}

/** `product`: the name new products start with (a random suffix keeps them apart) and their price when none is given. */
export function checkoutFixtures(product: { category: string; name: string; pricePaise: number }) {
  let shop: TestShop;
  let categoryId: string;

  const placeOrder = (token: string | undefined, cart: unknown, extra: Record<string, unknown> = {}) =>
    shop.request({ method: 'POST', url: '/api/orders', token, payload: { cart, ...extra } });

  async function placeOrderOk(user: TestUser, productId: string, quantity: number) {
    const res = await placeOrder(user.token, [{ _id: productId, cart_quantity: quantity }]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { amount: number; order_id: string; name: string; email: string; phone: string };
  }

  /** The sandbox checkout's success: what Razorpay's checkout would hand the browser. */
  async function sandboxPay(user: TestUser, orderId: string) {
    const res = await shop.request({
      method: 'POST',
      url: '/api/payments/sandbox/checkout',
      token: user.token,
      payload: { order_id: orderId, outcome: 'success' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  }

  const verify = (user: TestUser | undefined, payload: unknown) =>
    shop.request({ method: 'POST', url: '/api/orders/paymentverification', token: user?.token, payload: payload as object });

  return {
    /** Opens the shop and its category; call it in beforeAll. */
    async open(opts: TestShopOptions = {}): Promise<TestShop> {
      shop = await createTestShop({}, opts);
      const [category] = await shop.db
        .insert(categories)
        .values({ name: product.category, slug: product.category.toLowerCase().replace(/[^a-z0-9]+/g, '-') })
        .returning();
      categoryId = category!.id;
      return shop;
    },

    /** open(), with Alice and Bob who shop and an admin. */
    async openWithShoppers(): Promise<{ shop: TestShop; alice: TestUser; bob: TestUser; admin: TestUser }> {
      await this.open();
      const [alice, bob, admin] = await Promise.all([
        shop.createShopper({ name: 'Alice Farmer', phone: '+919800000001' }),
        shop.createShopper({ name: 'Bob Buyer' }),
        shop.createShopper({ role: 'admin', name: 'Farm Admin' }),
      ]);
      return { shop, alice, bob, admin };
    },

    async addProduct(opts: ProductOptions = {}) {
      const name = opts.name ?? `${product.name} ${randomUUID().slice(0, 6)}`;
      const [row] = await insertProducts(shop.db, [{
          name,
          slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          pricePaise: opts.pricePaise ?? product.pricePaise,
          quantity: opts.quantity ?? 10,
          categoryId,
          image: opts.image ?? null,
        }]);
      return row!;
    },

    /** A product with several sizes (the first the default unless `defaultIndex` says otherwise). */
    async addSizedProduct(sizes: TestSizeValues[], opts: { name?: string; defaultIndex?: number } = {}) {
      const name = opts.name ?? `${product.name} ${randomUUID().slice(0, 6)}`;
      return insertSizedProduct(shop.db, { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), categoryId, sizes, defaultIndex: opts.defaultIndex });
    },

    stockOf(id: string): Promise<number> {
      return stockOf(shop.db, id);
    },

    /** One size's stock. */
    sizeStock(variantId: string): Promise<number> {
      return sizeStock(shop.db, variantId);
    },

    async checkoutRow(id: string) {
      const [row] = await shop.db.select().from(checkouts).where(eq(checkouts.id, id));
      return row!;
    },

    /** POST /orders as it answers. */
    placeOrder,

    /** POST /orders of one product, which must succeed. */
    placeOrderOk,
    sandboxPay,
    /** POST /orders/paymentverification as it answers. */
    verify,

    /** One product bought and paid through the sandbox, as a shopper does it. */
    async buyAndPay(user: TestUser, productId: string, quantity: number) {
      const order = await placeOrderOk(user, productId, quantity);
      const result = await sandboxPay(user, order.order_id);
      const res = await verify(user, result);
      expect(res.statusCode, res.body).toBe(200);
      return { order, result };
    },
  };
}

/** Whether a poppler tool (pdftotext, pdfinfo) is installed: without it the tests that read PDFs are skipped. */
export function installed(tool: 'pdftotext' | 'pdfinfo'): boolean {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A cart ordered and, unless `pay` is false, paid through the sandbox; answers the checkout's id. */
export async function buy(shop: TestShop, user: TestUser, cart: Array<{ _id: string; variant?: string; cart_quantity: number }>, pay = true): Promise<string> {
  const created = await shop.request({ method: 'POST', url: '/api/orders', token: user.token, payload: { cart } });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as string;
  if (pay) {
    const paid = await shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: user.token, payload: { order_id: orderId, outcome: 'success' } });
    expect((await shop.request({ method: 'POST', url: '/api/orders/paymentverification', token: user.token, payload: paid.json() })).statusCode).toBe(200);
  }
  return orderId;
}
