/** Reading and managing order lines (customer and admin), and the dashboard. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DELIVERY, createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { GHEE, ORDER_KEYS, checkoutFixtures } from '../../test/checkout-fixtures.js';
import { categories, checkouts, orders, products, productVariants, refunds } from '../../db/schema.js';
import { insertGheeWithSizes, insertPaidCheckout } from './test-fixtures.js';

const fx = checkoutFixtures(GHEE);
const { addProduct, stockOf, placeOrderOk, buyAndPay } = fx;
let shop: TestShop, alice: TestUser, bob: TestUser, admin: TestUser;
beforeAll(async () => ({ shop, alice, bob, admin } = await fx.openWithShoppers()));
afterAll(() => shop.close());
const MINUTE = 60_000;

async function lineIdsOf(orderId: string): Promise<string[]> {
  const rows = await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, orderId));
  return rows.map((r) => r.id);
}

/** Sets order line `id`'s shipping status as the admin. */
const putStatus = (id: string, status: unknown) => shop.request({ method: 'PUT', url: `/api/orders/${id}`, token: admin.token, payload: { status } });

/** Alice buys and pays `units` of a new product with 10 in stock: the product, her line, and `put` for its shipping status. */
async function alicePaidLine(units: number) {
  const { id: productId } = await addProduct({ quantity: 10 });
  const { order } = await buyAndPay(alice, productId, units);
  const [id] = await lineIdsOf(order.order_id);
  return { productId, id: id!, put: (status: unknown) => putStatus(id!, status) };
}

describe('orders for people', () => {
  it('shows customers only their own lines, newest first', async () => {
    const a = await addProduct({ quantity: 20 });
    const first = await placeOrderOk(bob, a.id, 1);
    shop.advanceClock(1000);
    const second = await placeOrderOk(bob, a.id, 2);
    const theirs = await placeOrderOk(alice, a.id, 1);
    const res = await shop.request({ method: 'GET', url: '/api/orders?attempts=true', token: bob.token });
    expect(res.statusCode).toBe(200);
    const list = res.json().orders as Array<{ order_id: string; user: { email: string }; createdAt: string }>;
    expect(list.every((o) => o.user.email === bob.email)).toBe(true);
    expect(list.some((o) => o.order_id === theirs.order_id)).toBe(false);
    const ids = list.map((o) => o.order_id);
    expect(ids.indexOf(second.order_id)).toBeLessThan(ids.indexOf(first.order_id));
    const times = list.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect((await shop.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('lists paid checkouts by default, and unpaid attempts only when asked, for customers and admins', async () => {
    const a = await addProduct({ quantity: 20 });
    const attempt = await placeOrderOk(bob, a.id, 1);
    const { order: paid } = await buyAndPay(bob, a.id, 2);
    const ids = async (url: string, token: string) => {
      const res = await shop.request({ method: 'GET', url, token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().orders as Array<{ order_id: string }>).map((o) => o.order_id);
    };
    for (const [url, token] of [
      ['/api/orders/', bob.token],
      ['/api/orders/all', admin.token],
    ] as const) {
      expect(await ids(url, token)).toContain(paid.order_id);
      expect(await ids(url, token)).not.toContain(attempt.order_id);
      expect(await ids(`${url}?attempts=false`, token)).not.toContain(attempt.order_id);
      const all = await ids(`${url}?attempts=true`, token);
      expect(all).toContain(attempt.order_id);
      expect(all).toContain(paid.order_id);
      const bad = await shop.request({ method: 'GET', url: `${url}?attempts=maybe`, token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTypeOf('string');
    }
  });

  it('keeps an order readable when its product is deleted (product null)', async () => {
    const a = await addProduct({ name: 'Discontinued Pickle', quantity: 5 });
    const { order } = await buyAndPay(alice, a.id, 1);
    await shop.db.delete(products).where(eq(products.id, a.id));
    const mine = (await shop.request({ method: 'GET', url: '/api/orders', token: alice.token })).json().orders as Array<Record<string, unknown>>;
    const line = mine.find((o) => o.order_id === order.order_id)!;
    expect(line.product).toBeNull();
    expect(line).toMatchObject({ payment: 'Paid', cart_quantity: 1, status: 'Processing' });
    const [id] = await lineIdsOf(order.order_id);
    const one = await shop.request({ method: 'GET', url: `/api/orders/${id}`, token: admin.token });
    expect(one.statusCode).toBe(200);
    expect(one.json().order.product).toBeNull();
    // Cancelling a line whose product is gone has no stock to return, and does not fail.
    const cancel = await shop.request({ method: 'PUT', url: `/api/orders/${id}`, token: admin.token, payload: { status: 'Canceled' } });
    expect(cancel.statusCode).toBe(200);
  });

  it('lets admins read every line and one line by id', async () => {
    const a = await addProduct({ quantity: 5 });
    const { order } = await buyAndPay(bob, a.id, 1);
    const [id] = await lineIdsOf(order.order_id);
    const all = await shop.request({ method: 'GET', url: '/api/orders/all', token: admin.token });
    expect(all.statusCode).toBe(200);
    const emails = new Set((all.json().orders as Array<{ user: { email: string } }>).map((o) => o.user.email));
    expect(emails.has(alice.email) && emails.has(bob.email)).toBe(true);

    const one = await shop.request({ method: 'GET', url: `/api/orders/${id}`, token: admin.token });
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json())).toEqual(['order']);
    // A paid line also carries its invoice number.
    expect(Object.keys(one.json().order).sort()).toEqual([...ORDER_KEYS, 'invoice_number'].sort());
    expect(one.json().order).toMatchObject({
      _id: id,
      order_id: order.order_id,
      payment: 'Paid',
      invoice_number: expect.stringMatching(/^SF\/\d{4}-\d{2}\/\d{5}$/),
      // The admin sees where it goes: the snapshot taken at checkout.
      delivery: { name: 'Bob Buyer', phone: TEST_DELIVERY.phone, address: TEST_DELIVERY.address, pin: TEST_DELIVERY.pin, state: TEST_DELIVERY.state },
    });

    expect((await shop.request({ method: 'GET', url: `/api/orders/${randomUUID()}`, token: admin.token })).statusCode).toBe(404);
    const badId = await shop.request({ method: 'GET', url: '/api/orders/not-an-id', token: admin.token });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBeTypeOf('string');
  });

  it('updates the shipping status; cancelling a paid, unshipped line restocks it once', async () => {
    const { productId, id, put } = await alicePaidLine(2);
    expect(await stockOf(productId)).toBe(8);

    const shipped = await put('Processing');
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toEqual({ message: 'Shipping status updated successfully' });

    expect((await put('Canceled')).statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(10);
    // Cancelling again is no move and gives nothing more.
    expect((await put('Canceled')).statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(10);
    const line = (await shop.request({ method: 'GET', url: `/api/orders/${id}`, token: admin.token })).json().order;
    expect(line).toMatchObject({ status: 'Canceled', shippingStatus: 'Canceled', payment: 'Paid' });

    for (const status of ['Cancelled', 'Pending', 'Awaiting payment', '', 5, null]) {
      const res = await put(status);
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    const missing = await shop.request({ method: 'PUT', url: `/api/orders/${randomUUID()}`, token: admin.token, payload: { status: 'Shipped' } });
    expect(missing.statusCode).toBe(404);
  });

  it('moves the status only along the allowed steps: Canceled is final, so no unit is sold twice', async () => {
    const { productId, put } = await alicePaidLine(3);
    expect(await stockOf(productId)).toBe(7);
    // Not shipped yet: Delivered must wait for Shipped.
    const early = await put('Delivered');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This order has not shipped yet; mark it Shipped before Delivered');

    expect((await put('Canceled')).statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(10);
    for (const status of ['Processing', 'Shipped', 'Delivered']) {
      const refused = await put(status);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().message).toBe(`This order was cancelled; a cancelled order cannot be set to ${status}`);
    }
    // What there was (10) is what is in stock plus what was shipped (nothing: the line never left Canceled).
    const shipped = await shop.db.select({ status: orders.status, units: orders.cartQuantity }).from(orders).where(eq(orders.productId, productId));
    const shippedUnits = shipped.filter((l) => l.status === 'Shipped' || l.status === 'Delivered').reduce((n, l) => n + l.units, 0);
    expect(shipped.map((l) => l.status)).toEqual(['Canceled']);
    expect((await stockOf(productId)) + shippedUnits).toBe(10);
  });

  it('ships, delivers, and then refuses to go back or to cancel', async () => {
    const { productId, id, put } = await alicePaidLine(2);
    expect((await put('Shipped')).statusCode).toBe(200);
    const back = await put('Processing');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('This order has shipped; it cannot go back to Processing');
    expect((await put('Delivered')).statusCode).toBe(200);
    for (const [status, label] of [['Canceled', 'Cancelled'], ['Shipped', 'Shipped'], ['Processing', 'Processing']] as const) {
      const refused = await put(status);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().message).toBe(`This order was delivered; a delivered order cannot be set to ${label}`);
    }
    expect(await stockOf(productId)).toBe(8);
    const line = (await shop.request({ method: 'GET', url: `/api/orders/${id}`, token: admin.token })).json().order;
    expect(line).toMatchObject({ status: 'Delivered' });
  });

  it('refuses to mark an unpaid line as Processing or Shipped, and lets it be cancelled', async () => {
    const a = await addProduct({ quantity: 10 });
    const unpaid = await placeOrderOk(bob, a.id, 1);
    const [id] = await lineIdsOf(unpaid.order_id);
    const put = (status: string) => putStatus(id!, status);
    const refused = await put('Shipped');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order is not paid yet; it cannot be set to Shipped');
    expect(await stockOf(a.id)).toBe(9);
    expect((await put('Canceled')).statusCode).toBe(200);
    expect(await stockOf(a.id)).toBe(10);
  });

  it('does not restock a line that has shipped', async () => {
    const { productId, put } = await alicePaidLine(3);
    expect((await put('Shipped')).statusCode).toBe(200);
    expect((await put('Canceled')).statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(7);
  });

  it('deletes lines: a paid unshipped line and a reserved unpaid line give their units back, once', async () => {
    const a = await addProduct({ quantity: 10 });
    const { order: paid } = await buyAndPay(alice, a.id, 2);
    const unpaid = await placeOrderOk(bob, a.id, 3);
    expect(await stockOf(a.id)).toBe(5);
    const del = (id: string) => shop.request({ method: 'DELETE', url: `/api/orders/${id}`, token: admin.token });

    const [paidLine] = await lineIdsOf(paid.order_id);
    const res = await del(paidLine!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Order deleted successfully' });
    expect(await stockOf(a.id)).toBe(7);
    expect((await del(paidLine!)).statusCode).toBe(404);

    const [unpaidLine] = await lineIdsOf(unpaid.order_id);
    expect((await del(unpaidLine!)).statusCode).toBe(200);
    expect(await stockOf(a.id)).toBe(10);
    // Its reservation lapsing later gives nothing back a second time.
    shop.advanceClock(6 * MINUTE);
    await shop.app.services.checkout.releaseExpired();
    expect(await stockOf(a.id)).toBe(10);
    expect((await del('not-an-id')).statusCode).toBe(400);
  });

  it('shows the dashboard: paid lines only, per day for 30 days, the recent ones and the paid revenue', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/orders/dashboard', token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['cash_to_collect', 'cod_to_confirm', 'low_stock', 'open_problem_reports', 'orders', 'orders_count', 'problem_reports', 'recent_orders', 'refunded', 'revenue', 'reviews_pending']);
    const paidLines = (await shop.request({ method: 'GET', url: '/api/orders/all?attempts=true', token: admin.token }))
      .json()
      .orders.filter((o: { payment: string }) => o.payment === 'Paid');
    expect(paidLines.length).toBeGreaterThan(0);
    // Every checkout of this file was paid today: both figures are what the paid checkouts took in, less what was
    // refunded (a paid line cancelled above is refunded, issue 30).
    const paid = await shop.db.select({ amountPaise: checkouts.amountPaise }).from(checkouts).where(eq(checkouts.payment, 'Paid'));
    const paise = paid.reduce((sum, c) => sum + c.amountPaise, 0);
    const given = await shop.db.select({ amountPaise: refunds.amountPaise, status: refunds.status }).from(refunds);
    const refundedPaise = given.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0);
    expect(refundedPaise).toBeGreaterThan(0);
    expect(paise - refundedPaise).toBeGreaterThan(0);
    expect(body.refunded).toEqual({ today: refundedPaise / 100, last_30_days: refundedPaise / 100 });
    expect(body.revenue).toEqual({ today: (paise - refundedPaise) / 100, last_30_days: (paise - refundedPaise) / 100 });
    expect(body.orders_count).toBe(paidLines.length);
    expect(body.orders).toHaveLength(30);
    const days = body.orders.map((d: { day: string }) => d.day);
    expect([...days].sort()).toEqual(days);
    expect(days.every((d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(body.orders.reduce((n: number, d: { number_of_orders: number }) => n + d.number_of_orders, 0)).toBe(paidLines.length);
    expect(body.recent_orders.length).toBe(Math.min(10, paidLines.length));
    expect(body.recent_orders[0]).toEqual(paidLines[0]);
  });

  it('answers 401 to guests and 403 to customers on every admin endpoint', async () => {
    const id = randomUUID();
    const endpoints = [
      { method: 'GET', url: '/api/orders/all' },
      { method: 'GET', url: '/api/orders/dashboard' },
      { method: 'GET', url: `/api/orders/${id}` },
      { method: 'PUT', url: `/api/orders/${id}`, payload: { status: 'Shipped' } },
      { method: 'DELETE', url: `/api/orders/${id}` },
    ] as const;
    for (const e of endpoints) {
      const guest = await shop.request({ ...e });
      expect(guest.statusCode, `${e.method} ${e.url}`).toBe(401);
      const customer = await shop.request({ ...e, token: alice.token });
      expect(customer.statusCode, `${e.method} ${e.url}`).toBe(403);
      expect(customer.json().message).toBeTypeOf('string');
    }
  });
});


describe('order lines say what was sold, forever (issue 28)', () => {
  let own: TestShop, buyer: TestUser, boss: TestUser, categoryId: string;
  beforeAll(async () => {
    own = await createTestShop();
    const [category] = await own.db.insert(categories).values({ name: 'Ghee', slug: 'ghee' }).returning();
    categoryId = category!.id;
    [buyer, boss] = await Promise.all([own.createShopper({ name: 'Meera Iyer' }), own.createShopper({ role: 'admin', name: 'Farm Admin' })]);
  });
  afterAll(() => own?.close());

  type Line = { _id: string; order_id: string; product: Record<string, unknown> | null; variant_label?: string; sku?: string; cart_quantity: number };
  const get = async (url: string, token: string) => {
    const res = await own.request({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The checkout's lines as the customer's Orders, the admin's list, the dashboard and GET orders/{id} answer them. */
  async function everyView(orderId: string, lineIds: string[]): Promise<{ mine: Line[]; all: Line[]; dashboard: Line[]; byId: Line[] }> {
    const mine = (await get('/api/orders', buyer.token)).orders as Line[];
    const all = (await get('/api/orders/all', boss.token)).orders as Line[];
    const dashboard = (await get('/api/orders/dashboard', boss.token)).recent_orders as Line[];
    const byId = await Promise.all(lineIds.map(async (id) => (await get(`/api/orders/${id}`, boss.token)).order as Line));
    const ours = (lines: Line[]) => lineIds.map((id) => lines.find((l) => l._id === id && l.order_id === orderId)!);
    return { mine: ours(mine), all: ours(all), dashboard: ours(dashboard), byId };
  }

  it('a hidden product with a paid, unshipped line: every list still shows its name, size and price as sold, not available', async () => {
    const { product, small, large } = await insertGheeWithSizes(own.db, categoryId);
    const { orderId, lineIds } = await insertPaidCheckout(own.db, buyer, [
      { product, ...small, quantity: 2 },
      { product, ...large, quantity: 1 },
    ]);
    const asSold = (size: typeof small) => ({
      product: { _id: product.id, name: 'A2 Gir Cow Bilona Ghee', slug: product.slug, price: size.unitPaise / 100, image: '/images/a2-ghee.jpg', available: true },
      variant_label: size.label,
      sku: size.sku,
      status: 'Processing',
      payment: 'Paid',
    });
    for (const [view, lines] of Object.entries(await everyView(orderId, lineIds))) {
      expect(lines[0], view).toMatchObject({ ...asSold(small), cart_quantity: 2 });
      expect(lines[1], view).toMatchObject({ ...asSold(large), cart_quantity: 1 });
    }

    // The admin deletes the product: it was ordered, so it is hidden, and every line keeps what it sold.
    await own.db.update(products).set({ removedAt: new Date() }).where(eq(products.id, product.id));
    for (const [view, lines] of Object.entries(await everyView(orderId, lineIds))) {
      expect(lines[0], view).toMatchObject({ ...asSold(small), product: { ...asSold(small).product, available: false }, cart_quantity: 2 });
      expect(lines[1], view).toMatchObject({ ...asSold(large), product: { ...asSold(large).product, available: false }, cart_quantity: 1 });
    }
  });

  it('a removed or deleted size is not available; the other sizes and lines sold before sizes still are', async () => {
    const { product, small, large } = await insertGheeWithSizes(own.db, categoryId);
    const { orderId, lineIds } = await insertPaidCheckout(own.db, buyer, [
      { product, ...small, quantity: 1 },
      { product, ...large, quantity: 1 },
      // A line sold before sizes: no size named, so the product alone decides.
      { product, quantity: 1, unitPaise: 40_000 },
    ]);
    await own.db.update(productVariants).set({ removedAt: new Date() }).where(eq(productVariants.id, large.variantId));
    let { mine } = await everyView(orderId, lineIds);
    expect(mine.map((l) => l.product?.available)).toEqual([true, false, true]);
    expect(mine[1]).toMatchObject({ variant_label: '1 L', sku: large.sku, product: { name: 'A2 Gir Cow Bilona Ghee', price: 1600 } });
    expect(mine[2]!.product).toMatchObject({ name: 'A2 Gir Cow Bilona Ghee', price: 400 });
    expect(Object.keys(mine[2]!)).not.toContain('variant_label');
    expect(Object.keys(mine[2]!)).not.toContain('sku');

    // A size whose row is gone (its line's variant_id set null) is not on sale either, yet the line still names it.
    await own.db.update(orders).set({ variantId: null }).where(eq(orders.id, lineIds[0]!));
    ({ mine } = await everyView(orderId, lineIds));
    expect(mine[0]).toMatchObject({ variant_label: '250 ml', sku: small.sku, product: { available: false, price: 450 } });

    // A product deleted outright before products were kept: `product` is null, the line is still listed.
    await own.db.update(orders).set({ productId: null }).where(eq(orders.id, lineIds[2]!));
    ({ mine } = await everyView(orderId, lineIds));
    expect(mine[2]!.product).toBeNull();
  });

  it("the customer's shipping mail names the size beside the product", async () => {
    const { product, small } = await insertGheeWithSizes(own.db, categoryId);
    const { lineIds } = await insertPaidCheckout(own.db, buyer, [{ product, ...small, quantity: 2 }]);
    const before = own.mails.length;
    const res = await own.request({ method: 'PUT', url: `/api/orders/${lineIds[0]}`, token: boss.token, payload: { status: 'Shipped', courier: 'Delhivery', tracking_number: 'DL123' } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = own.mails.slice(before).find((m) => m.to === buyer.email)!;
    expect(mail.text).toContain('A2 Gir Cow Bilona Ghee (250 ml) x 2');
    expect(mail.html).toContain('A2 Gir Cow Bilona Ghee (250 ml) x 2');
  });
});
