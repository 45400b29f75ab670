/** The order desk: checkouts listed and searched, shipped whole with one mail, and the accountant's CSV. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buy as buyThroughApi } from '../../test/checkout-fixtures.js';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { shopDay } from '@shop/domain/date';
import type { CheckoutSummary } from '@shop/domain/schemas/checkouts';
import { type TestUser, openShopForTests } from '../../test/harness.js';
import { categories, checkouts, orders } from '../../db/schema.js';
import { paiseAsDecimal } from '@shop/domain/money';
import { insertProducts, stockOf } from '../../test/products.js';
import { insertGheeWithSizes, insertPaidCheckout } from '../orders/test-fixtures.js';

const t = openShopForTests();
let categoryId: string;
let admin: TestUser;
/** Pune (the shop's state, Maharashtra): CGST+SGST. */
let pune: TestUser;
/** Bengaluru (Karnataka): IGST. */
let bengaluru: TestUser;
let formula: TestUser;

beforeAll(async () => {
  const [category] = await t.shop.db.insert(categories).values({ name: 'Ghee', slug: `ghee-${randomUUID().slice(0, 6)}` }).returning();
  categoryId = category!.id;
  [admin, pune, bengaluru, formula] = await Promise.all([
    t.shop.createAdmin(),
    t.shop.createShopper({ name: 'Asha Kulkarni', phone: '+91 98220 12345', address: '7 Lane\nKothrud, Pune', pin: '411038', state: 'Maharashtra' }),
    t.shop.createShopper({ name: 'Ravi Gowda', phone: '+91 80411 55555', address: '9 MG Road, Bengaluru', pin: '560001', state: 'Karnataka' }),
    t.shop.createShopper({ name: '=HYPERLINK("http://x")', phone: '+91 70000 00001', address: '@1 Hill Road', pin: '411001', state: 'Maharashtra' }),
  ]);
});

async function addProduct(pricePaise: number, gstRateBp = 500, quantity = 50) {
  const name = `Cow Ghee ${randomUUID().slice(0, 6)}`;
  const [row] = await insertProducts(t.shop.db, [{ name, slug: name.toLowerCase().replace(/\s+/g, '-'), pricePaise, quantity, categoryId, hsnCode: '0405', gstRateBp }]);
  return row!;
}

const buy = (user: TestUser, cart: Array<{ _id: string; cart_quantity: number }>, pay = true) => buyThroughApi(t.shop, user, cart, pay);

/** A paid checkout of two lines (two products), answered with its id. */
async function twoLineCheckout(user = pune): Promise<string> {
  const [ghee, oil] = await Promise.all([addProduct(59_500, 500), addProduct(45_000, 1800)]);
  return buy(user, [
    { _id: ghee.id, cart_quantity: 2 },
    { _id: oil.id, cart_quantity: 1 },
  ]);
}

const list = (query: string, token = admin.token) => t.shop.request({ method: 'GET', url: `/api/checkouts${query}`, token });
const ship = (orderId: string, payload: object, token = admin.token) => t.shop.request({ method: 'PUT', url: `/api/checkouts/${orderId}`, token, payload });
const lineStates = async (orderId: string) =>
  (await t.shop.db.select({ status: orders.status, tracking: orders.trackingNumber }).from(orders).where(eq(orders.checkoutId, orderId))).map((l) => `${l.status}/${l.tracking}`).sort();
const mailsTo = (user: TestUser, from: number) => t.shop.mails.slice(from).filter((m) => m.to === user.email);

async function summaryOf(orderId: string): Promise<CheckoutSummary> {
  const [row] = await t.shop.db.select({ n: checkouts.orderNumber }).from(checkouts).where(eq(checkouts.id, orderId));
  const res = await list(`?q=SF-${row!.n}`);
  return (res.json().checkouts as CheckoutSummary[]).find((c) => c.order_id === orderId)!;
}

describe('GET /api/checkouts', () => {
  it('finds a two-line checkout by its order number in any form and by the phone typed with spaces, with its amount', async () => {
    const orderId = await twoLineCheckout();
    const [row] = await t.shop.db.select({ n: checkouts.orderNumber }).from(checkouts).where(eq(checkouts.id, orderId));
    const number = `SF-${row!.n}`;

    for (const q of [number, number.toLowerCase(), `#${row!.n}`, `sf ${row!.n}`]) {
      const res = await list(`?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json().checkouts as CheckoutSummary[];
      expect(found.map((c) => c.order_id), q).toEqual([orderId]);
      expect(found[0]).toMatchObject({
        order_number: number,
        amount: 2 * 595 + 450,
        payment: 'Paid',
        status: 'Processing',
        customer: { name: 'Asha Kulkarni', email: pune.email, phone: '+91 98220 12345' },
        delivery: { state: 'Maharashtra', pin: '411038' },
      });
      expect(found[0]!.invoice_number).toMatch(/^SF\/\d{4}-\d{2}\/\d{5}$/);
      expect(found[0]!.items.map((i) => [i.quantity, i.price, i.status]).sort((x, y) => Number(y[1]) - Number(x[1]))).toEqual([
        [2, 595, 'Processing'],
        [1, 450, 'Processing'],
      ]);
    }

    // The per-line API keeps its lines, both of this one checkout.
    const lines = (await t.shop.request({ method: 'GET', url: '/api/orders/all', token: admin.token })).json().orders as Array<{ order_id: string }>;
    expect(lines.filter((l) => l.order_id === orderId)).toHaveLength(2);

    const byPhone = (await list(`?q=${encodeURIComponent('98220 12345')}`)).json().checkouts as CheckoutSummary[];
    expect(byPhone.map((c) => c.order_id)).toContain(orderId);
    expect(byPhone.every((c) => c.customer.phone === '+91 98220 12345')).toBe(true);
    const byName = (await list('?q=kulKARNI')).json().checkouts as CheckoutSummary[];
    expect(byName.map((c) => c.order_id)).toContain(orderId);
    const byEmail = (await list(`?q=${encodeURIComponent(pune.email.slice(0, 10).toUpperCase())}`)).json().checkouts as CheckoutSummary[];
    expect(byEmail.map((c) => c.order_id)).toContain(orderId);
    expect((await list('?q=nobody-by-this-name')).json()).toMatchObject({ checkouts: [], total: 0, pages: 0 });
  });

  it('lists newest first and filters by payment, status and IST day; bad filters are a 400', async () => {
    const first = await twoLineCheckout(bengaluru);
    const unpaid = await buy(bengaluru, [{ _id: (await addProduct(30_000)).id, cart_quantity: 1 }], false);
    const second = await twoLineCheckout(bengaluru);
    const all = (await list('?q=Ravi%20Gowda')).json();
    // Unpaid attempts stay out unless asked for, as in the SPEC's order lists.
    expect(all.checkouts.map((c: CheckoutSummary) => c.order_id)).toEqual([second, first]);
    expect(all).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect((await list('?q=Ravi%20Gowda&payment=Pending')).json().checkouts.map((c: CheckoutSummary) => c.order_id)).toEqual([unpaid]);

    expect((await ship(first, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE1IN' })).statusCode).toBe(200);
    expect((await list('?q=Ravi%20Gowda&status=Shipped')).json().checkouts.map((c: CheckoutSummary) => c.order_id)).toEqual([first]);

    const day = shopDay(new Date((await summaryOf(first)).createdAt));
    expect((await list(`?q=Ravi%20Gowda&from=${day}&to=${day}`)).json().total).toBe(2);
    expect((await list(`?q=Ravi%20Gowda&to=2020-01-01`)).json().total).toBe(0);

    const tooLate = await list('?from=2026-05-02&to=2026-05-01');
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().message).toBe('The start date (from) must not be after the end date (to)');
    for (const bad of ['?payment=Unpaid', '?status=Lost', '?from=yesterday', '?to=2026-02-30', '?page=0']) expect((await list(bad)).statusCode, bad).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await list('', '')).statusCode).toBe(401);
    expect((await list('', pune.token)).statusCode).toBe(403);
    expect((await ship('order_x', { status: 'Delivered' }, '')).statusCode).toBe(401);
    expect((await ship('order_x', { status: 'Delivered' }, pune.token)).statusCode).toBe(403);
    expect((await t.shop.request({ method: 'GET', url: '/api/orders/export.csv' })).statusCode).toBe(401);
    expect((await t.shop.request({ method: 'GET', url: '/api/orders/export.csv', token: pune.token })).statusCode).toBe(403);
  });
});

describe('PUT /api/checkouts/{order_id}', () => {
  it('ships both lines with the tracking in one step and sends exactly one mail carrying the number', async () => {
    const orderId = await twoLineCheckout();
    const before = t.shop.mails.length;

    // Shipped without its tracking is refused, and nothing changes.
    const bare = await ship(orderId, { status: 'Shipped', courier: 'India Post' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Shipped needs the courier and the tracking number in the same step');
    expect(await lineStates(orderId)).toEqual(['Processing/null', 'Processing/null']);

    const res = await ship(orderId, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN', tracking_url: 'https://www.indiapost.gov.in/track' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Shipping status updated successfully', checkout: { order_id: orderId, status: 'Shipped' } });
    expect(res.json().checkout.items.map((i: { tracking_number: string }) => i.tracking_number)).toEqual(['EE123456789IN', 'EE123456789IN']);
    expect(await lineStates(orderId)).toEqual(['Shipped/EE123456789IN', 'Shipped/EE123456789IN']);

    const mails = mailsTo(pune, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('has shipped');
    expect(mails[0]!.text).toContain('EE123456789IN');
    expect(mails[0]!.text).toContain('India Post');
    const names = (await t.shop.db.select({ name: orders.productName }).from(orders).where(eq(orders.checkoutId, orderId))).map((l) => l.name);
    for (const name of names) expect(mails[0]!.text).toContain(name);

    // The same step again is no change and no mail; Delivered is one more.
    expect((await ship(orderId, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN', tracking_url: 'https://www.indiapost.gov.in/track' })).statusCode).toBe(200);
    expect(mailsTo(pune, before)).toHaveLength(1);
    expect((await ship(orderId, { status: 'Delivered' })).statusCode).toBe(200);
    expect(mailsTo(pune, before).map((m) => m.subject)).toEqual([expect.stringContaining('has shipped'), expect.stringContaining('was delivered')]);
  });

  it('refuses what the shipping rules refuse (409), unknown checkouts (404) and unpaid ones, changing nothing', async () => {
    expect((await ship('order_nope', { status: 'Canceled' })).statusCode).toBe(404);

    const orderId = await twoLineCheckout();
    const before = t.shop.mails.length;
    const early = await ship(orderId, { status: 'Delivered' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This order has not shipped yet; mark it Shipped before Delivered');
    expect(await lineStates(orderId)).toEqual(['Processing/null', 'Processing/null']);

    const product = await addProduct(20_000, 500, 5);
    const unpaid = await buy(pune, [{ _id: product.id, cart_quantity: 2 }], false);
    const notPaid = await ship(unpaid, { status: 'Shipped', courier: 'India Post', tracking_number: 'X1' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('This order is not paid; only a paid order can be shipped');
    expect(await lineStates(unpaid)).toEqual(['Awaiting payment/null']);
    expect(mailsTo(pune, before)).toHaveLength(0);
  });

  it('cancels a whole checkout giving each line its units back once, and a cancelled checkout cannot ship', async () => {
    const [a, b] = await Promise.all([addProduct(10_000, 500, 10), addProduct(20_000, 500, 10)]);
    const orderId = await buy(pune, [
      { _id: a.id, cart_quantity: 3 },
      { _id: b.id, cart_quantity: 1 },
    ]);
    const stock = async () => [await stockOf(t.shop.db, a.id), await stockOf(t.shop.db, b.id)].sort();
    expect(await stock()).toEqual([7, 9]);
    const before = t.shop.mails.length;
    expect((await ship(orderId, { status: 'Canceled' })).statusCode).toBe(200);
    expect((await ship(orderId, { status: 'Canceled' })).statusCode).toBe(200);
    expect(await stock()).toEqual([10, 10]);
    // The paid lines' refund is asked of the sandbox, whose processed webhook comes a moment later: one mail each, once.
    await t.shop.settle();
    expect(mailsTo(pune, before).map((m) => m.subject)).toEqual([expect.stringContaining('was cancelled'), expect.stringContaining('Refund of ₹500.00 processed')]);
    const refused = await ship(orderId, { status: 'Shipped', courier: 'India Post', tracking_number: 'X2' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order was cancelled; a cancelled order cannot be set to Shipped');
  });
});

describe('GET /api/orders/export.csv', () => {
  const csv = async (query: string) => {
    const res = await t.shop.request({ method: 'GET', url: `/api/orders/export.csv${query}`, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    return parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
  };

  it('has a row per line whose GST columns equal the invoice, inter- and intra-state, with formula-looking cells inert', async () => {
    const intra = await twoLineCheckout(pune);
    const inter = await twoLineCheckout(bengaluru);
    const evil = await buy(formula, [{ _id: (await addProduct(12_345, 1200)).id, cart_quantity: 3 }]);
    const day = shopDay(new Date((await summaryOf(inter)).createdAt));

    const rows = await csv(`?from=${day}&to=${day}&format=lines`);
    const { invoices } = t.shop.app.services;
    for (const orderId of [intra, inter, evil]) {
      const invoice = (await invoices.load(orderId))!;
      const number = (await summaryOf(orderId)).order_number;
      const mine = rows.filter((r) => r['Order number'] === number);
      expect(mine).toHaveLength(invoice.lines.length);
      mine.forEach((r, i) => {
        const line = invoice.lines[i]!;
        expect(r).toMatchObject({
          'Invoice number': invoice.number,
          Product: line.description,
          Quantity: String(line.quantity),
          'Unit price': paiseAsDecimal(line.unitPaise),
          Discount: '0.00',
          'Taxable value': paiseAsDecimal(line.taxablePaise),
          'GST rate %': String(line.ratePercent),
          CGST: paiseAsDecimal(line.cgstPaise),
          SGST: paiseAsDecimal(line.sgstPaise),
          IGST: paiseAsDecimal(line.igstPaise),
          HSN: '0405',
          Payment: 'Paid',
        });
      });
    }
    const interRows = rows.filter((r) => r['Customer name'] === 'Ravi Gowda');
    expect(interRows.every((r) => r.CGST === '0.00' && r.IGST !== '0.00' && r.State === 'Karnataka')).toBe(true);
    const intraRow = rows.find((r) => r.PIN === '411038')!;
    expect(intraRow).toMatchObject({ IGST: '0.00', Address: '7 Lane, Kothrud, Pune', State: 'Maharashtra', District: '' });
    // Every cell starting with + is made inert, a phone number too (the rule knows no exceptions a customer could use).
    expect(intraRow.Phone).toBe(`'+91 98220 12345`);
    expect(intraRow.CGST).toBe(intraRow.SGST);

    const evilRow = rows.find((r) => r.Email === formula.email)!;
    expect(evilRow['Customer name']).toBe(`'=HYPERLINK("http://x")`);
    expect(evilRow.Address).toBe(`'@1 Hill Road`);

    const totals = await csv(`?from=${day}&to=${day}&format=orders&q=${encodeURIComponent('Ravi Gowda')}`);
    const interInvoice = (await invoices.load(inter))!;
    const interNumber = (await summaryOf(inter)).order_number;
    expect(totals.find((r) => r['Order number'] === interNumber)).toMatchObject({
      Items: '3',
      'Taxable value': paiseAsDecimal(interInvoice.totals.taxablePaise),
      CGST: '0.00',
      SGST: '0.00',
      IGST: paiseAsDecimal(interInvoice.totals.igstPaise),
      Total: paiseAsDecimal(interInvoice.totals.amountPaise),
    });
  });

  it('streams every checkout across its batches, and answers bad filters with a 400 before any row', async () => {
    const rows = await csv('?format=orders');
    const paid = await t.shop.db.select({ id: checkouts.id }).from(checkouts).where(inArray(checkouts.payment, ['Paid', 'Refund due']));
    expect(rows).toHaveLength(paid.length);
    // Batches of two: every checkout exactly once across them.
    const desk = t.shop.app.services.orderDesk;
    const seen: string[] = [];
    for await (const batch of desk.exportBatches({}, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((e) => e.checkout.id));
    }
    expect(seen.sort()).toEqual(paid.map((c) => c.id).sort());
    // Oldest first, each order once.
    const numbers = rows.map((r) => Number(r['Order number']!.slice(3)));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    expect(new Set(numbers).size).toBe(numbers.length);

    for (const bad of ['?from=2026-05-02&to=2026-05-01', '?format=xlsx', '?payment=Unpaid']) {
      const res = await t.shop.request({ method: 'GET', url: `/api/orders/export.csv${bad}`, token: admin.token });
      expect(res.statusCode, bad).toBe(400);
    }
    // GET orders/{id} still answers for a line id.
    const [line] = await t.shop.db.select({ id: orders.id }).from(orders).limit(1);
    expect((await t.shop.request({ method: 'GET', url: `/api/orders/${line!.id}`, token: admin.token })).statusCode).toBe(200);
  });
});

describe('sizes as sold (issue 28)', () => {
  /** Asha's paid checkout: 250 ml x2 and 1 L x1 of the A2 ghee, and one line sold before sizes. */
  async function sizedCheckout() {
    const { product, small, large } = await insertGheeWithSizes(t.shop.db, categoryId);
    const old = await addProduct(40_000);
    const { orderId } = await insertPaidCheckout(t.shop.db, pune, [
      { product, ...small, quantity: 2, hsnCode: '0405', gstRateBp: 1200 },
      { product, ...large, quantity: 1, hsnCode: '0405', gstRateBp: 1200 },
      { product: old, quantity: 1, unitPaise: 40_000, hsnCode: '0405', gstRateBp: 500 },
    ]);
    return { orderId, small, large, old };
  }

  it('lists each item with its size and SKU; a line sold before sizes has neither', async () => {
    const { orderId, small, large, old } = await sizedCheckout();
    const { items } = await summaryOf(orderId);
    expect(items).toMatchObject([
      { name: 'A2 Gir Cow Bilona Ghee', variant_label: '250 ml', sku: small.sku, quantity: 2, price: 450 },
      { name: 'A2 Gir Cow Bilona Ghee', variant_label: '1 L', sku: large.sku, quantity: 1, price: 1600 },
      { name: old.name, quantity: 1, price: 400 },
    ]);
    expect(Object.keys(items[2]!)).not.toContain('variant_label');
    expect(Object.keys(items[2]!)).not.toContain('sku');
  });

  it('the CSV has Size and SKU beside the product, the other columns where they were', async () => {
    const { orderId, small, large } = await sizedCheckout();
    const number = (await summaryOf(orderId)).order_number;
    const res = await t.shop.request({ method: 'GET', url: `/api/orders/export.csv?format=lines&q=${number}`, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const [header] = parse(res.body, { bom: true, to_line: 1 }) as string[][];
    expect(header!.slice(header!.indexOf('Product'), header!.indexOf('Product') + 4)).toEqual(['Product', 'Size', 'SKU', 'Quantity']);
    expect(header!.indexOf('Product')).toBe(12);
    const rows = (parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>).filter((r) => r['Order number'] === number);
    expect(rows.map((r) => [r.Product, r.Size, r.SKU, r.Quantity, r['Unit price']])).toEqual([
      ['A2 Gir Cow Bilona Ghee', '250 ml', small.sku, '2', '450.00'],
      ['A2 Gir Cow Bilona Ghee', '1 L', large.sku, '1', '1600.00'],
      [expect.stringMatching(/^Cow Ghee /), '', '', '1', '400.00'],
    ]);
  });

  it("the customer's mail for the whole checkout names each size", async () => {
    const { orderId } = await sizedCheckout();
    const before = t.shop.mails.length;
    const res = await ship(orderId, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE987654321IN' });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = mailsTo(pune, before);
    expect(mail!.text).toContain('A2 Gir Cow Bilona Ghee (250 ml) x 2, A2 Gir Cow Bilona Ghee (1 L) x 1');
  });
});
