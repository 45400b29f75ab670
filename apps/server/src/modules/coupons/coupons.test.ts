/**
 * Coupons (issue 31): the admin's codes and their bad input, and every rule a shopper's code meets on the quote and
 * at POST /orders: case and spaces, dates in IST (the clock moved), the minimum, used up, per customer (account or
 * phone), first order only, free delivery, the discount spread over the lines to the paisa and on the invoice, and
 * code guessing limited like logins.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lineTax } from '@shop/domain/tax';
import { formatPaise } from '@shop/domain/money';
import type { Coupon } from '@shop/domain/schemas/coupons';
import { checkouts, orders } from '../../db/schema.js';
import { GHEE, checkoutFixtures, installed } from '../../test/checkout-fixtures.js';
import type { TestShop, TestUser } from '../../test/harness.js';

const fx = checkoutFixtures(GHEE);
let shop: TestShop;
let admin: TestUser;
const hasPdftotext = installed('pdftotext');
const dir = mkdtempSync(join(tmpdir(), 'coupons-test-'));

beforeAll(async () => {
  shop = await fx.open({ deliveryFees: 'demo' });
  admin = await shop.createAdmin();
});
afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A unique code for each test (the rate limit counts per address: each test uses its own). */
const uniqueCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;
let lastIp = 0;
const nextIp = () => `10.0.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

async function createCoupon(body: Record<string, unknown>): Promise<Coupon> {
  const res = await shop.request({
    method: 'POST',
    url: '/api/coupons',
    token: admin.token,
    payload: { kind: 'percent', value: 10, starts_at: '2020-01-01', ends_at: '2099-12-31', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().coupon;
}

const quote = (cart: Array<{ _id: string; cart_quantity: number }>, coupon: string, opts: { token?: string; ip?: string; pin?: string; payment_method?: string } = {}) =>
  shop.request({
    method: 'POST',
    url: '/api/delivery/quote',
    token: opts.token,
    remoteAddress: opts.ip ?? nextIp(),
    payload: { pin: opts.pin ?? '411001', cart, coupon, ...(opts.payment_method ? { payment_method: opts.payment_method } : {}) },
  });

const order = (user: TestUser, cart: Array<{ _id: string; cart_quantity: number }>, coupon?: string, extra: Record<string, unknown> = {}) =>
  shop.request({ method: 'POST', url: '/api/orders', token: user.token, remoteAddress: nextIp(), payload: { cart, ...(coupon !== undefined ? { coupon } : {}), ...extra } });

async function pay(user: TestUser, orderId: string) {
  const result = await fx.sandboxPay(user, orderId);
  const res = await fx.verify(user, result);
  expect(res.statusCode, res.body).toBe(200);
}

describe('the admin’s coupons', () => {
  it('creates, lists, changes and deletes a code; a code that exists in any letter case is a 409', async () => {
    const code = uniqueCode('Diwali');
    const created = await createCoupon({ code: ` ${code} `, value: 12.5, max_discount: 150, min_order: 500, usage_limit: 100, per_customer_limit: 1, first_order_only: true });
    expect(created).toMatchObject({
      code,
      kind: 'percent',
      value: 12.5,
      max_discount: 150,
      min_order: 500,
      starts_at: '2020-01-01T00:00:00.000+05:30',
      ends_at: '2099-12-31T23:59:59.999+05:30',
      usage_limit: 100,
      per_customer_limit: 1,
      first_order_only: true,
      active: true,
      uses: { paid: 0, held: 0 },
      revenue: 0,
    });
    const dup = await shop.request({ method: 'POST', url: '/api/coupons', token: admin.token, payload: { code: code.toLowerCase(), kind: 'fixed', value: 50, starts_at: '2026-01-01', ends_at: '2026-02-01' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(new RegExp(`code ${code.toUpperCase()} exists already`));

    const listed = await shop.request({ method: 'GET', url: '/api/coupons', token: admin.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().coupons.map((c: Coupon) => c.code)).toContain(code);

    const changed = await shop.request({ method: 'PUT', url: `/api/coupons/${created._id}`, token: admin.token, payload: { active: false, usage_limit: null } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().coupon.active).toBe(false);
    expect(changed.json().coupon.usage_limit).toBeUndefined();
    expect(changed.json().coupon.value).toBe(12.5);

    const other = await createCoupon({ code: uniqueCode('OTHER') });
    const renamed = await shop.request({ method: 'PUT', url: `/api/coupons/${other._id}`, token: admin.token, payload: { code: code.toLowerCase() } });
    expect(renamed.statusCode).toBe(409);

    expect((await shop.request({ method: 'DELETE', url: `/api/coupons/${created._id}`, token: admin.token })).statusCode).toBe(200);
    expect((await shop.request({ method: 'DELETE', url: `/api/coupons/${created._id}`, token: admin.token })).statusCode).toBe(404);
  });

  it('answers 400 naming the field: odd characters, negative or over-100% values, ends_at before starts_at, bad dates', async () => {
    const base = { code: uniqueCode('BAD'), kind: 'percent', value: 10, starts_at: '2026-01-01', ends_at: '2026-02-01' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ code: 'DIWALI 10' }, /^code:/],
      [{ code: 'DIWALI10;--' }, /^code:/],
      [{ code: 'दिवाली' }, /^code:/],
      [{ code: 'AB' }, /^code:/],
      [{ value: -5 }, /^value:/],
      [{ value: 0 }, /^value:/],
      [{ value: 150 }, /^value:/],
      [{ kind: 'fixed', value: -1 }, /^value:/],
      [{ kind: 'fixed', value: 10.005 }, /^value:/],
      [{ max_discount: -1 }, /^max_discount:/],
      [{ min_order: -100 }, /^min_order:/],
      [{ usage_limit: 0 }, /^usage_limit:/],
      [{ per_customer_limit: -2 }, /^per_customer_limit:/],
      [{ starts_at: '2026-02-02' }, /^ends_at: must not be before starts_at/],
      [{ ends_at: '31/12/2026' }, /^ends_at:/],
      [{ starts_at: '2026-02-30' }, /^starts_at:/],
      [{ kind: 'fixed', value: 50, max_discount: 10 }, /^max_discount:/],
    ];
    for (const [change, message] of cases) {
      const res = await shop.request({ method: 'POST', url: '/api/coupons', token: admin.token, payload: { ...base, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toMatch(message);
    }
    const list = await shop.request({ method: 'GET', url: '/api/coupons', token: admin.token });
    expect(list.json().coupons.map((c: Coupon) => c.code)).not.toContain(base.code);
  });

  it('is for admins only', async () => {
    const shopper = await shop.createShopper();
    expect((await shop.request({ method: 'GET', url: '/api/coupons', token: shopper.token })).statusCode).toBe(403);
    expect((await shop.request({ method: 'GET', url: '/api/coupons' })).statusCode).toBe(401);
    const res = await shop.request({ method: 'POST', url: '/api/coupons', token: shopper.token, payload: { code: 'HACKED', kind: 'percent', value: 100, starts_at: '2020-01-01', ends_at: '2099-01-01' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('a shopper’s code on the quote and at POST /orders', () => {
  it('" diwali10 " applies DIWALI10: the quote and the order answer the same discount and total', async () => {
    const code = uniqueCode('DIWALI');
    await createCoupon({ code });
    const ghee = await fx.addProduct({ quantity: 10 });
    const cart = [{ _id: ghee.id, cart_quantity: 2 }];
    const q = await quote(cart, ` ${code.toLowerCase()} `);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({ items_total: 1190, discount: 119, coupon: { code, kind: 'percent', shipping_waived: 0 } });
    const buyer = await shop.createShopper();
    const placed = await order(buyer, cart, ` ${code.toLowerCase()} `);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ discount: 119, coupon: code });
    expect(placed.json().amount).toBe(Math.round(q.json().total * 100));
    const row = await fx.checkoutRow(placed.json().order_id);
    expect(row).toMatchObject({ couponCode: code, discountPaise: 11_900 });
  });

  it('refuses in plain words and changes nothing: unknown, not yet valid, expired (the clock moved past 23:59 IST), turned off', async () => {
    const ghee = await fx.addProduct({ quantity: 5 });
    const cart = [{ _id: ghee.id, cart_quantity: 1 }];
    const buyer = await shop.createShopper();
    const refusedQuote = async (code: string, message: RegExp) => {
      const q = await quote(cart, code);
      expect(q.statusCode, q.body).toBe(200);
      expect(q.json().coupon_refused).toMatch(message);
      expect(q.json().discount).toBe(0);
      expect(q.json().coupon).toBeUndefined();
      const res = await order(buyer, cart, code);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await fx.stockOf(ghee.id)).toBe(5);
    };
    await refusedQuote('NOSUCHCODE1', /The coupon code NOSUCHCODE1 is not valid/);

    // Today in IST, and tomorrow: a code that starts tomorrow is not yet valid.
    const istDay = (offsetDays: number) => new Date(shop.app.deps.now().getTime() + 330 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const later = uniqueCode('LATER');
    await createCoupon({ code: later, starts_at: istDay(1), ends_at: istDay(30) });
    await refusedQuote(later, new RegExp(`${later} can be used from`));

    const off = uniqueCode('OFF');
    await createCoupon({ code: off, active: false });
    await refusedQuote(off, new RegExp(`${off} is not on offer`));

    // Valid until today 23:59:59 IST: it works now, and no longer once the clock passes midnight IST.
    const today = uniqueCode('TODAY');
    await createCoupon({ code: today, starts_at: istDay(-3), ends_at: istDay(0) });
    const ok = await quote(cart, today);
    expect(ok.json().coupon?.code).toBe(today);
    const now = shop.app.deps.now();
    const endOfDay = new Date(`${istDay(0)}T23:59:59.999+05:30`).getTime();
    shop.advanceClock(endOfDay - now.getTime() + 1);
    await refusedQuote(today, new RegExp(`${today} expired on \\d+/\\d+/\\d+ at 23:59 IST`));
  });

  it('below the minimum says the minimum in rupees, and applies once the cart reaches it', async () => {
    const code = uniqueCode('MIN');
    await createCoupon({ code, kind: 'fixed', value: 100, min_order: 1000 });
    const ghee = await fx.addProduct({ quantity: 5 });
    const one = await quote([{ _id: ghee.id, cart_quantity: 1 }], code);
    expect(one.json().coupon_refused).toBe(`The coupon code ${code} needs an item total of at least ₹1,000.00; add ₹405.00 more to use it`);
    const buyer = await shop.createShopper();
    const refused = await order(buyer, [{ _id: ghee.id, cart_quantity: 1 }], code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/at least ₹1,000.00/);
    const two = await quote([{ _id: ghee.id, cart_quantity: 2 }], code);
    expect(two.json()).toMatchObject({ discount: 100, items_total: 1190 });
  });

  it('the free-delivery threshold compares the item total after the discount; free delivery waives the fee, not the COD fee', async () => {
    const ghee = await fx.addProduct({ quantity: 10 });
    const cart = [{ _id: ghee.id, cart_quantity: 2 }]; // ₹1,190: free delivery from ₹999 in the demo shop
    const plain = await quote(cart, '');
    expect(plain.json().shipping_fee).toBe(0);
    const big = uniqueCode('BIG');
    await createCoupon({ code: big, kind: 'fixed', value: 300 });
    const after = await quote(cart, big);
    expect(after.json().items_total).toBe(1190);
    expect(after.json().discount).toBe(300);
    // ₹890 after the discount is under ₹999: the fee is charged.
    expect(after.json().shipping_fee).toBeGreaterThan(0);
    expect(after.json().total).toBe(890 + after.json().shipping_fee);

    const free = uniqueCode('FREESHIP');
    await createCoupon({ code: free, kind: 'free_shipping', value: 0 });
    const single = [{ _id: ghee.id, cart_quantity: 1 }];
    const withoutCode = await quote(single, '', { payment_method: 'cod' });
    const fee = withoutCode.json().shipping_fee as number;
    expect(fee).toBeGreaterThan(0);
    const waived = await quote(single, free, { payment_method: 'cod' });
    expect(waived.json()).toMatchObject({ shipping_fee: 0, discount: 0, coupon: { code: free, kind: 'free_shipping', shipping_waived: fee } });
    expect(waived.json().cod_fee).toBe(withoutCode.json().cod_fee);
    expect(waived.json().total).toBe(595 + waived.json().cod_fee);
    const buyer = await shop.createShopper();
    const placed = await order(buyer, single, free);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().amount).toBe(59_500);
    expect((await fx.checkoutRow(placed.json().order_id)).shippingFeePaise).toBe(0);
  });

  it('used up: a 1-use code held by one checkout refuses the next; the failed checkout gives it back at once', async () => {
    const code = uniqueCode('ONCE');
    const coupon = await createCoupon({ code, usage_limit: 1 });
    const ghee = await fx.addProduct({ quantity: 10 });
    const cart = [{ _id: ghee.id, cart_quantity: 1 }];
    const [a, b] = await Promise.all([shop.createShopper(), shop.createShopper({ phone: '+919811100002' })]);
    const first = await order(a, cart, code);
    expect(first.statusCode, first.body).toBe(200);
    const second = await order(b, cart, code);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`The coupon code ${code} has been used up`);
    expect((await quote(cart, code)).json().coupon_refused).toBe(`The coupon code ${code} has been used up`);
    expect(await fx.stockOf(ghee.id)).toBe(9);

    const list = async () => (await shop.request({ method: 'GET', url: '/api/coupons', token: admin.token })).json().coupons.find((c: Coupon) => c._id === coupon._id) as Coupon;
    expect((await list()).uses).toEqual({ paid: 0, held: 1 });

    const failed = await shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: a.token, payload: { order_id: first.json().order_id, outcome: 'failure' } });
    expect(failed.statusCode).toBeLessThan(500);
    expect((await list()).uses).toEqual({ paid: 0, held: 0 });
    const third = await order(b, cart, code);
    expect(third.statusCode, third.body).toBe(200);
    await pay(b, third.json().order_id);
    const after = await list();
    expect(after.uses).toEqual({ paid: 1, held: 0 });
    expect(after.revenue).toBe(third.json().amount / 100);
  });

  it('once per customer: the same shopper with a second account and the same phone is refused', async () => {
    const code = uniqueCode('ONEEACH');
    await createCoupon({ code, per_customer_limit: 1 });
    const ghee = await fx.addProduct({ quantity: 10 });
    const cart = [{ _id: ghee.id, cart_quantity: 1 }];
    const phone = '+91 98765 11111';
    const first = await shop.createShopper({ phone });
    const placed = await order(first, cart, code);
    expect(placed.statusCode, placed.body).toBe(200);
    await pay(first, placed.json().order_id);
    // The same account again.
    const again = await order(first, [{ _id: ghee.id, cart_quantity: 2 }], code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`You have already used the coupon code ${code}`);
    // A second account with the same phone, written another way.
    const second = await shop.createShopper({ phone: '9876511111' });
    const q = await quote(cart, code, { token: second.token });
    expect(q.json().coupon_refused).toBe(`You have already used the coupon code ${code}`);
    const refused = await order(second, cart, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`You have already used the coupon code ${code}`);
    // Someone else may.
    const other = await shop.createShopper({ phone: '+919800012345' });
    expect((await order(other, cart, code)).statusCode).toBe(200);
  });

  it('first order only: refused once the account or its phone has an order', async () => {
    const code = uniqueCode('WELCOME');
    await createCoupon({ code, first_order_only: true });
    const ghee = await fx.addProduct({ quantity: 10 });
    const cart = [{ _id: ghee.id, cart_quantity: 1 }];
    const buyer = await shop.createShopper({ phone: '+919822233344' });
    const placed = await order(buyer, cart);
    expect(placed.statusCode).toBe(200);
    await pay(buyer, placed.json().order_id);
    const res = await order(buyer, cart, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The coupon code ${code} is for a first order only`);
    const sameFamily = await shop.createShopper({ phone: '9822233344' });
    expect((await order(sameFamily, cart, code)).json().message).toBe(`The coupon code ${code} is for a first order only`);
    const newcomer = await shop.createShopper({ phone: '+919822299999' });
    expect((await order(newcomer, cart, code)).statusCode).toBe(200);
  });

  it('code guessing is limited like logins: after 10 refused codes from one address, 429; a valid code hands its slot back', async () => {
    const code = uniqueCode('REAL');
    await createCoupon({ code });
    const ghee = await fx.addProduct({ quantity: 5 });
    const cart = [{ _id: ghee.id, cart_quantity: 1 }];
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) expect((await quote(cart, code, { ip })).statusCode).toBe(200);
    const guesses = await Promise.all(Array.from({ length: 14 }, (_, i) => quote(cart, `GUESS${i}X`, { ip })));
    expect(guesses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(4);
    const blocked = await quote(cart, code, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many coupon codes tried, please try again in 15 minutes');
    // Another address is not held back; the quote without a code neither.
    expect((await quote(cart, code)).statusCode).toBe(200);
    expect((await quote(cart, '', { ip })).statusCode).toBe(200);
  });
});

describe('money to the paisa', () => {
  it('10% off three lines of ₹333.33: the line discounts add up to the order’s, and the invoice taxes the discounted lines', async () => {
    const code = uniqueCode('TENOFF');
    await createCoupon({ code, value: 10 });
    const lines = await Promise.all([1, 2, 3].map(() => fx.addProduct({ pricePaise: 33_333, quantity: 5 })));
    const cart = lines.map((l) => ({ _id: l.id, cart_quantity: 1 }));
    const buyer = await shop.createShopper({ pin: '411001', state: 'Maharashtra' });
    const placed = await order(buyer, cart, code);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().discount).toBe(100);
    const orderId = placed.json().order_id as string;
    // Ghee at 5% GST (the test products have no rate of their own).
    await shop.db.update(orders).set({ gstRateBp: 500 }).where(eq(orders.checkoutId, orderId));
    const rows = await shop.db.select({ discount: orders.discountPaise, unit: orders.unitPricePaise, gst: orders.gstRateBp }).from(orders).where(eq(orders.checkoutId, orderId));
    const shares = rows.map((r) => r.discount).sort();
    expect(shares).toEqual([3_333, 3_333, 3_334]);
    const [c] = await shop.db.select().from(checkouts).where(eq(checkouts.id, orderId));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(c!.discountPaise);
    expect(c!.amountPaise).toBe(99_999 - 10_000 + c!.shippingFeePaise);
    await pay(buyer, orderId);

    // The order lists answer each line's discount.
    const mine = await shop.request({ method: 'GET', url: '/api/orders', token: buyer.token });
    const listed = mine.json().orders.filter((o: { order_id: string }) => o.order_id === orderId);
    expect(listed.map((o: { discount: number }) => o.discount).sort()).toEqual([33.33, 33.33, 33.34]);
    expect(listed.every((o: { coupon: string }) => o.coupon === code)).toBe(true);
    // The order desk agrees.
    const desk = await shop.request({ method: 'GET', url: `/api/checkouts?q=${encodeURIComponent(buyer.email)}`, token: admin.token });
    const summary = desk.json().checkouts.find((s: { order_id: string }) => s.order_id === orderId);
    expect(summary).toMatchObject({ discount: 100, coupon: code });
    expect(summary.items.map((i: { discount: number }) => i.discount).sort()).toEqual([33.33, 33.33, 33.34]);

    if (!hasPdftotext) return;
    const pdf = await shop.request({ method: 'GET', url: `/api/invoices/${orderId}`, token: buyer.token });
    expect(pdf.statusCode).toBe(200);
    const file = join(dir, `${randomUUID()}.pdf`);
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Discount/);
    expect(text).toMatch(new RegExp(`Coupon ${code}: INR 100.00 off the items`));
    let taxable = 0;
    let cgst = 0;
    for (const r of rows) {
      const t = lineTax({ amountPaise: r.unit - r.discount, ratePercent: (r.gst ?? 0) / 100 }, false);
      // Each line: unit price, its discount, what was paid, and the taxable value of what was paid.
      expect(text).toMatch(new RegExp(`333\\.33\\s+${formatPaise(r.discount).replace('.', '\\.')}\\s+${formatPaise(r.unit - r.discount).replace('.', '\\.')}\\s+\\S+\\s+${formatPaise(t.taxablePaise).replace('.', '\\.')}`));
      taxable += t.taxablePaise;
      cgst += t.cgstPaise;
    }
    // Delivery is taxed at the items' rate (5%, the principal supply); the coupon leaves it alone.
    const delivery = lineTax({ amountPaise: c!.shippingFeePaise, ratePercent: 5 }, false);
    taxable += delivery.taxablePaise;
    cgst += delivery.cgstPaise;
    expect(text).toMatch(new RegExp(`Taxable value: INR ${formatPaise(taxable).replace('.', '\\.')}`));
    expect(text).toMatch(new RegExp(`CGST: INR ${formatPaise(cgst).replace('.', '\\.')}\\s+SGST: INR ${formatPaise(cgst).replace('.', '\\.')}`));
    expect(text).toMatch(new RegExp(`Invoice total \\(GST included\\): INR ${formatPaise(89_999 + c!.shippingFeePaise).replace(',', ',').replace('.', '\\.')}`));

    // The accountant's CSV: the same discounts and taxable values.
    const csv = await shop.request({ method: 'GET', url: `/api/orders/export.csv?q=${encodeURIComponent(buyer.email)}`, token: admin.token });
    expect(csv.statusCode).toBe(200);
    for (const r of rows) expect(csv.body).toMatch(new RegExp(`333\\.33,${(r.discount / 100).toFixed(2)},`));

    // Cancelling the line whose share was ₹33.34: the mail names what was paid for it, ₹299.99, not its list price.
    const [biggest] = (await shop.db.select({ id: orders.id, discount: orders.discountPaise }).from(orders).where(eq(orders.checkoutId, orderId))).filter((r) => r.discount === 3_334);
    expect(biggest).toBeDefined();
    const mailsBefore = shop.mails.length;
    const cancelled = await shop.request({ method: 'PUT', url: `/api/orders/${biggest!.id}`, token: admin.token, payload: { status: 'Canceled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await shop.app.mailOutbox.flush();
    const mail = shop.mails.slice(mailsBefore).find((m) => m.to === buyer.email && /was cancelled/.test(m.subject));
    expect(mail?.text).toContain('(₹ 299.99)');
  });
});
