/** Shipping updates: courier and tracking with Shipped, and the customer's mail once per change. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestShop, type TestUser, openShopForTests } from '../../test/harness.js';
import { categories, orders } from '../../db/schema.js';
import { insertProducts } from '../../test/products.js';

const t = openShopForTests();
let categoryId: string;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  const [category] = await t.shop.db.insert(categories).values({ name: 'Oils', slug: 'oils' }).returning();
  categoryId = category!.id;
  [admin, customer] = await Promise.all([t.shop.createAdmin(), t.shop.createShopper({ name: 'Kavya Nair' })]);
});

/** A paid line of the customer's; answers its id. */
async function paidLine(user = customer, s = t.shop): Promise<string> {
  const name = `Bhringraj Hair Oil ${randomUUID().slice(0, 6)}`;
  const [p] = await insertProducts(s.db, [{ name, slug: name.toLowerCase().replace(/\s+/g, '-'), pricePaise: 45_000, quantity: 10, categoryId }]);
  const created = await s.request({ method: 'POST', url: '/api/orders', token: user.token, payload: { cart: [{ _id: p!.id, cart_quantity: 1 }] } });
  const paid = await s.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: user.token, payload: { order_id: created.json().order_id, outcome: 'success' } });
  expect((await s.request({ method: 'POST', url: '/api/orders/paymentverification', token: user.token, payload: paid.json() })).statusCode).toBe(200);
  const [line] = await s.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, created.json().order_id));
  return line!.id;
}

function update(id: string, payload: object, s = t.shop, token = admin.token) {
  return s.request({ method: 'PUT', url: `/api/orders/${id}`, token, payload });
}

const toCustomer = (from: number) => t.shop.mails.slice(from).filter((m) => m.to === customer.email);

describe('PUT orders/{id}', () => {
  it('ships with courier and tracking, mails the customer once, and the Orders list shows the tracking number', async () => {
    const id = await paidLine();
    const before = t.shop.mails.length;
    const shipped = { status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN', tracking_url: 'https://www.indiapost.gov.in/track?id=EE123456789IN' };
    const res = await update(id, shipped);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Shipping status updated successfully' });
    const mails = toCustomer(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('has shipped');
    // The mail names the order by the number the customer reads on Orders, not the provider's receipt.
    const line = (await t.shop.request({ method: 'GET', url: `/api/orders/${id}`, token: admin.token })).json().order as { order_number: string; receipt: string };
    expect(mails[0]!.subject).toContain(line.order_number);
    expect(mails[0]!.text).toContain(`Your order ${line.order_number} is on its way`);
    expect(mails[0]!.subject + mails[0]!.text).not.toContain(line.receipt);
    for (const part of ['India Post', 'EE123456789IN', 'https://www.indiapost.gov.in/track?id=EE123456789IN', '12 Lake Road']) expect(mails[0]!.text).toContain(part);

    // The same update again is no change: no second mail.
    expect((await update(id, shipped)).statusCode).toBe(200);
    expect((await update(id, { status: 'Shipped' })).statusCode).toBe(200);
    expect(toCustomer(before)).toHaveLength(1);

    const mine = (await t.shop.request({ method: 'GET', url: '/api/orders/', token: customer.token })).json().orders as Array<Record<string, unknown>>;
    expect(mine.find((o) => o._id === id)).toMatchObject({ status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN' });

    // A corrected tracking number is a change, and so are Delivered and Cancelled: one mail each.
    expect((await update(id, { status: 'Shipped', tracking_number: 'EE999999999IN' })).statusCode).toBe(200);
    expect((await update(id, { status: 'Delivered' })).statusCode).toBe(200);
    expect((await update(id, { status: 'Delivered' })).statusCode).toBe(200);
    const subjects = toCustomer(before).map((m) => m.subject);
    expect(subjects).toHaveLength(3);
    expect(toCustomer(before)[1]!.text).toContain('EE999999999IN');
    expect(subjects[2]).toContain('was delivered');

    const other = await paidLine();
    const mark = t.shop.mails.length;
    expect((await update(other, { status: 'Canceled' })).statusCode).toBe(200);
    await t.shop.settle();
    expect(toCustomer(mark).map((m) => m.subject)).toEqual([expect.stringContaining('was cancelled'), expect.stringContaining('Refund of ₹450.00 processed')]);
  });

  it('sends one mail when two admins ship the same line at once', async () => {
    const id = await paidLine();
    const before = t.shop.mails.length;
    const answers = await Promise.all([update(id, { status: 'Shipped', tracking_number: 'AWB1' }), update(id, { status: 'Shipped', tracking_number: 'AWB1' })]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(toCustomer(before)).toHaveLength(1);
  });

  it('refuses bad tracking input with a 400 and changes nothing', async () => {
    const id = await paidLine();
    for (const payload of [
      { status: 'Shipped', tracking_url: 'javascript:alert(1)' },
      { status: 'Shipped', tracking_number: 'x'.repeat(61) },
      { status: 'Shipped', tracking_number: 'EE<script>' },
      { status: 'Lost' },
    ]) {
      const res = await update(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    const [row] = await t.shop.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'Processing', trackingNumber: null, trackingUrl: null });
  });

  it('keeps the change when the mail fails', async () => {
    const failing = await createTestShop({}, { mailer: { send: () => Promise.reject(new Error('smtp down')) } });
    try {
      const [category] = await failing.db.insert(categories).values({ name: 'Oils', slug: 'oils' }).returning();
      categoryId = category!.id;
      const [failingAdmin, buyer] = await Promise.all([failing.createAdmin(), failing.createShopper()]);
      const id = await paidLine(buyer, failing);
      const res = await update(id, { status: 'Shipped', courier: 'Delhivery', tracking_number: 'DL123' }, failing, failingAdmin.token);
      expect(res.statusCode).toBe(200);
      const [row] = await failing.db.select().from(orders).where(eq(orders.id, id));
      expect(row).toMatchObject({ status: 'Shipped', courier: 'Delhivery', trackingNumber: 'DL123' });
    } finally {
      await failing.close();
    }
  });
});
