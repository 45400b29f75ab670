/**
 * Cash on delivery end to end (issue 29): placing (eligibility, the per-phone cap, returns), the confirm link and the
 * admin's confirm, expiry by the sweep, Delivered collects the cash, Returned restocks and counts, the fees and the
 * "collect" on the invoice, the views, the dashboard and the CSV. With DATABASE_URL on PostgreSQL, the cap is tried
 * across two app instances with their own pools.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkouts, mailOutbox, orders, users } from '../../db/schema.js';
import { GHEE, checkoutFixtures, installed } from '../../test/checkout-fixtures.js';
import type { TestShop, TestUser } from '../../test/harness.js';
import { signSessionToken } from '../../lib/tokens.js';
import { DEFAULT_DELIVERY_RULES } from '@shop/domain/delivery-quote';
import type { CodSettings } from '@shop/domain/schemas/delivery';

const fx = checkoutFixtures(GHEE);
let shop: TestShop;
let admin: TestUser;
const onPostgres = Boolean(process.env.DATABASE_URL);
const hasPdftotext = installed('pdftotext');
const dir = mkdtempSync(join(tmpdir(), 'cod-test-'));

beforeAll(async () => {
  ({ shop, admin } = await fx.openWithShoppers());
});
afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await setCod(DEFAULT_COD);
});

/** The demo shop's COD settings, as the admin's Delivery screen shows them. */
const DEFAULT_COD: CodSettings = {
  enabled: DEFAULT_DELIVERY_RULES.cod.enabled,
  fee: DEFAULT_DELIVERY_RULES.cod.feePaise / 100,
  min_total: DEFAULT_DELIVERY_RULES.cod.minTotalPaise / 100,
  max_total: DEFAULT_DELIVERY_RULES.cod.maxTotalPaise / 100,
  max_open_per_phone: DEFAULT_DELIVERY_RULES.cod.maxOpenPerPhone,
  confirm_hours: DEFAULT_DELIVERY_RULES.cod.confirmHours,
  max_returns: DEFAULT_DELIVERY_RULES.cod.maxReturns,
};

/** Changes the shop's COD settings as the admin does (the Delivery screen's PUT). */
async function setCod(cod: Partial<CodSettings>) {
  const res = await shop.request({ method: 'PUT', url: '/api/delivery/settings', token: admin.token, payload: { cod } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A shopper with their own phone number (the per-phone cap would otherwise join the tests' orders). */
let phones = 0;
function newShopper(opts: Parameters<TestShop['createShopper']>[0] = {}) {
  phones++;
  return shop.createShopper({ phone: `+91 98${String(10_000_000 + phones * 7919).slice(-8)}`, ...opts });
}

const placeCod = (user: TestUser, cart: unknown) => fx.placeOrder(user.token, cart, { payment_method: 'cod' });

async function placeCodOk(user: TestUser, productId: string, quantity = 1) {
  const res = await placeCod(user, [{ _id: productId, cart_quantity: quantity }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { amount: number; order_id: string; payment_method: string; order_number: string; phone: string };
}

/** The confirm link of the latest COD mail to `email`. */
function confirmLink(email: string): string {
  const mail = [...shop.mails].reverse().find((m) => m.to === email && /confirm your/i.test(m.subject));
  expect(mail, `no confirm mail to ${email}`).toBeDefined();
  const link = /http:\/\/shop\.test(\/api\/checkouts\/cod\/confirm\/[A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
  expect(link).toBeDefined();
  return link!;
}

/** GET the link; it writes mails, which the harness sends only after other methods: sent here. */
async function open(url: string) {
  const res = await shop.request({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
  await shop.app.mailOutbox.flush();
  return res;
}
const confirmByAdmin = (orderId: string, token = admin.token) => shop.request({ method: 'POST', url: `/api/checkouts/${orderId}/confirm-cod`, token });
const shipCheckout = (orderId: string, payload: object) => shop.request({ method: 'PUT', url: `/api/checkouts/${orderId}`, token: admin.token, payload });

function pdfText(pdf: Buffer): string {
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('POST /orders with payment_method cod', () => {
  it('places the order without a payment provider: items plus the COD fee, stock held, COD: to confirm, a confirm mail', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct({ quantity: 5 });
    const placed = await placeCodOk(buyer, ghee.id, 2);
    expect(placed).toMatchObject({ amount: 2 * 59_500 + 4_900, payment_method: 'cod' });
    expect(placed.order_id).toMatch(/^cod_[0-9a-f]{24}$/);
    expect(placed.order_number).toMatch(/^SF-\d+$/);
    expect(await fx.stockOf(ghee.id)).toBe(3);
    const row = await fx.checkoutRow(placed.order_id);
    expect(row).toMatchObject({ paymentMethod: 'cod', payment: 'COD: to confirm', stockState: 'reserved', codFeePaise: 4_900, shippingFeePaise: 0, amountPaise: placed.amount, invoiceNumber: null });
    // 24 hours to confirm; only the token's hash is kept.
    expect(row.reservedUntil.getTime() - row.createdAt.getTime()).toBe(DEFAULT_COD.confirm_hours * 3_600_000);
    const link = confirmLink(buyer.email);
    expect(row.codTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codTokenHash).not.toContain(link.split('/').pop());
    const stored = await shop.db.select({ data: mailOutbox.data }).from(mailOutbox);
    expect(JSON.stringify(stored)).not.toContain(link.split('/').pop());

    // The shopper's Orders show it, as cash on delivery to confirm.
    const mine = (await shop.request({ method: 'GET', url: '/api/orders', token: buyer.token })).json().orders as Array<Record<string, unknown>>;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ order_id: placed.order_id, payment: 'COD: to confirm', payment_method: 'cod', cod_fee: 49, order_total: placed.amount / 100, status: 'Awaiting payment' });
    expect(mine[0]!.invoice_number).toBeUndefined();
    // No payment window to pay or close.
    expect((await fx.placeOrder(buyer.token, [{ _id: ghee.id, cart_quantity: 1 }])).statusCode).toBe(200);
    const sandbox = await shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: buyer.token, payload: { order_id: placed.order_id, outcome: 'success' } });
    expect(sandbox.statusCode).toBe(409);
    expect(sandbox.json().message).toMatch(/cash-on-delivery/);
    expect((await shop.request({ method: 'POST', url: '/api/orders/release', token: buyer.token, payload: { order_id: placed.order_id } })).statusCode).toBe(409);
    expect((await fx.checkoutRow(placed.order_id)).stockState).toBe('reserved');
  });

  it('refuses, in plain words and changing nothing: above the maximum, below the minimum, outside India, COD off', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct({ quantity: 50 });
    const before = await fx.stockOf(ghee.id);
    const over = await placeCod(buyer, [{ _id: ghee.id, cart_quantity: 9 }]); // ₹5,355 > ₹5,000
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Cash on delivery is for orders up to ₹5,000; the items come to ₹5,355; please pay online');

    await setCod({ min_total: 1000 });
    const under = await placeCod(buyer, [{ _id: ghee.id, cart_quantity: 1 }]);
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toMatch(/orders of ₹1,000 or more; the items come to ₹595/);

    await setCod({ enabled: false });
    const off = await placeCod(buyer, [{ _id: ghee.id, cart_quantity: 1 }]);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/not offered/);
    await setCod(DEFAULT_COD);

    const abroad = await newShopper({ state: 'Outside India', pin: '' });
    const outside = await placeCod(abroad, [{ _id: ghee.id, cart_quantity: 1 }]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/only for addresses in India/);

    expect(await fx.stockOf(ghee.id)).toBe(before);
    const [{ n }] = (await shop.db.select({ n: sql<number>`count(*)::int` }).from(checkouts).where(eq(checkouts.userId, buyer.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('allows at most the open COD orders one phone may have, whatever the account and however the number is written', async () => {
    const first = await newShopper({ phone: '+91 99887 76655' });
    const second = await newShopper({ phone: '9988776655' });
    const ghee = await fx.addProduct({ quantity: 20 });
    await placeCodOk(first, ghee.id);
    const confirmed = await placeCodOk(second, ghee.id);
    expect((await confirmByAdmin(confirmed.order_id)).statusCode).toBe(200); // to collect is still open
    const third = await placeCod(first, [{ _id: ghee.id, cart_quantity: 1 }]);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('This phone number already has 2 cash-on-delivery orders open (at most 2 at a time); confirm or receive them first, or pay online');
    // Online payment stays open to them.
    expect((await fx.placeOrder(first.token, [{ _id: ghee.id, cart_quantity: 1 }])).statusCode).toBe(200);
  });

  it('refuses COD to an account with as many returned COD parcels as the shop allows', async () => {
    const buyer = await newShopper();
    await shop.db.update(users).set({ codReturns: 2 }).where(eq(users.id, buyer.id));
    const ghee = await fx.addProduct();
    const res = await placeCod(buyer, [{ _id: ghee.id, cart_quantity: 1 }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cash on delivery is not available for this account: 2 cash-on-delivery parcels came back undelivered. Please pay online');
  });
});

describe('confirming', () => {
  it('the mailed link confirms once: COD: to collect, Processing, an invoice number and the shop told; a second use changes nothing', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct({ quantity: 5 });
    const placed = await placeCodOk(buyer, ghee.id);
    const link = confirmLink(buyer.email);
    const mails = shop.mails.length;

    const page = await open(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.body).toContain('Order confirmed');
    expect(page.body).toContain(placed.order_number);
    expect(page.body).toContain('₹ 644.00');
    const row = await fx.checkoutRow(placed.order_id);
    expect(row).toMatchObject({ payment: 'COD: to collect', stockState: 'sold' });
    expect(row.invoiceNumber).toMatch(/^SF\/\d{4}-\d{2}\/\d{5,}$/);
    const lines = await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.checkoutId, placed.order_id));
    expect(lines.map((l) => l.status)).toEqual(['Processing']);
    const sent = shop.mails.slice(mails);
    expect(sent.map((m) => m.to).sort()).toEqual([buyer.email, shop.config.shopEmail].sort());
    expect(sent.find((m) => m.to === shop.config.shopEmail)!.text).toMatch(/confirmed a cash-on-delivery order: collect ₹ 644.00/);
    expect(sent.find((m) => m.to === buyer.email)!.attachments?.[0]?.contentType).toBe('application/pdf');

    const again = await open(link);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Already confirmed');
    expect(await fx.checkoutRow(placed.order_id)).toMatchObject({ invoiceNumber: row.invoiceNumber, payment: 'COD: to collect' });
    expect(shop.mails.length).toBe(mails + 2);
    expect(await fx.stockOf(ghee.id)).toBe(4);

    const unknown = await open('/api/checkouts/cod/confirm/not-a-real-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Link not recognised');
    // A client that does not ask for HTML gets the API's { message }.
    const json = await shop.request({ method: 'GET', url: link });
    expect(json.statusCode).toBe(200);
    expect(json.json().message).toMatch(/^Already confirmed\./);
    const missing = await shop.request({ method: 'GET', url: '/api/checkouts/cod/confirm/not-a-real-token' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/^Link not recognised\./);
  });

  it('the admin confirms too (POST /checkouts/{order_id}/confirm-cod); twice is no change; not for online orders or shoppers', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct();
    const placed = await placeCodOk(buyer, ghee.id);
    expect((await confirmByAdmin(placed.order_id, buyer.token)).statusCode).toBe(403);
    const res = await confirmByAdmin(placed.order_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Cash-on-delivery order confirmed', checkout: { order_id: placed.order_id, payment: 'COD: to collect', payment_method: 'cod', cod_fee: 49, status: 'Processing' } });
    expect(res.json().checkout.invoice_number).toMatch(/^SF\//);
    expect((await confirmByAdmin(placed.order_id)).json().message).toBe('This order was already confirmed');
    // The shopper's link now says so too.
    expect((await open(confirmLink(buyer.email))).body).toContain('Already confirmed');

    const online = await fx.placeOrderOk(buyer, ghee.id, 1);
    expect((await confirmByAdmin(online.order_id)).statusCode).toBe(409);
    expect((await confirmByAdmin('cod_000000000000000000000000')).statusCode).toBe(404);
  });

  it('unconfirmed past the deadline, the sweep expires it and its stock returns; the link then says it expired', async () => {
    await setCod({ confirm_hours: 1 });
    const buyer = await newShopper();
    const ghee = await fx.addProduct({ quantity: 3 });
    const placed = await placeCodOk(buyer, ghee.id, 2);
    expect((await fx.checkoutRow(placed.order_id)).reservedUntil.getTime() - Date.now()).toBeLessThan(3_600_000 + 60_000);
    expect(await fx.stockOf(ghee.id)).toBe(1);
    await shop.app.services.checkout.releaseExpired();
    expect((await fx.checkoutRow(placed.order_id)).payment).toBe('COD: to confirm');

    shop.advanceClock(61 * 60_000);
    expect(await shop.app.services.checkout.releaseExpired()).toBeGreaterThanOrEqual(1);
    expect(await fx.checkoutRow(placed.order_id)).toMatchObject({ payment: 'Expired', stockState: 'released' });
    expect(await fx.stockOf(ghee.id)).toBe(3);
    const page = await open(confirmLink(buyer.email));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('expired');
    // An API client is told the same in the usual error shape, and nothing keeps the answer.
    const asApi = await shop.request({ method: 'GET', url: confirmLink(buyer.email) });
    expect(asApi.statusCode).toBe(410);
    expect(asApi.headers['cache-control']).toBe('no-store');
    expect(asApi.json().message).toMatch(/expired/i);
    expect((await confirmByAdmin(placed.order_id)).statusCode).toBe(409);
    // Expired orders leave the lists (as unpaid attempts do).
    expect((await shop.request({ method: 'GET', url: '/api/orders', token: buyer.token })).json().orders).toEqual([]);
  });
});

describe('after confirmation', () => {
  it('Delivered collects the cash (Paid), and the dashboard counts what is still to collect', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct();
    const placed = await placeCodOk(buyer, ghee.id);
    const dashboard = async () => (await shop.request({ method: 'GET', url: '/api/orders/dashboard', token: admin.token })).json();
    const before = await dashboard();
    expect(before.cod_to_confirm).toBeGreaterThanOrEqual(1);
    await confirmByAdmin(placed.order_id);
    const confirmed = await dashboard();
    expect(confirmed.cash_to_collect).toBeCloseTo(before.cash_to_collect + 644, 2);

    // Not shippable before confirmation is checked elsewhere; confirmed it ships and is mailed like a paid order.
    const mails = shop.mails.length;
    expect((await shipCheckout(placed.order_id, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN' })).statusCode).toBe(200);
    expect(shop.mails.slice(mails).map((m) => m.to)).toEqual([buyer.email]);
    const delivered = await shipCheckout(placed.order_id, { status: 'Delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().checkout).toMatchObject({ payment: 'Paid', status: 'Delivered' });
    const row = await fx.checkoutRow(placed.order_id);
    expect(row.paidAt).not.toBeNull();
    expect((await dashboard()).cash_to_collect).toBeCloseTo(before.cash_to_collect, 2);
  });

  it('Delivered per line (PUT orders/{id}) collects the cash too', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct();
    const placed = await placeCodOk(buyer, ghee.id);
    await confirmByAdmin(placed.order_id);
    const [line] = await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, placed.order_id));
    const put = (status: string) => shop.request({ method: 'PUT', url: `/api/orders/${line!.id}`, token: admin.token, payload: { status, courier: 'DTDC', tracking_number: 'D1' } });
    expect((await put('Shipped')).statusCode).toBe(200);
    expect((await put('Delivered')).statusCode).toBe(200);
    expect((await fx.checkoutRow(placed.order_id)).payment).toBe('Paid');
  });

  it('Returned puts the stock back, counts once per checkout against the account, mails the shop; two returns end COD for it', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct({ quantity: 10 });
    const honey = await fx.addProduct({ quantity: 10 });

    // One parcel, two lines, returned line by line (PUT orders/{id}): counted once.
    const first = await placeCod(buyer, [{ _id: ghee.id, cart_quantity: 2 }, { _id: honey.id, cart_quantity: 1 }]);
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json().order_id as string;
    await confirmByAdmin(firstId);
    await shipCheckout(firstId, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE1' });
    expect(await fx.stockOf(ghee.id)).toBe(8);
    const lines = await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, firstId));
    const mails = shop.mails.length;
    for (const l of lines) {
      const res = await shop.request({ method: 'PUT', url: `/api/orders/${l.id}`, token: admin.token, payload: { status: 'Returned' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await fx.stockOf(ghee.id)).toBe(10);
    expect(await fx.stockOf(honey.id)).toBe(10);
    const [u1] = await shop.db.select({ n: users.codReturns }).from(users).where(eq(users.id, buyer.id));
    expect(u1!.n).toBe(1);
    expect(await fx.checkoutRow(firstId)).toMatchObject({ payment: 'COD: not collected' });
    const shopMails = shop.mails.slice(mails).filter((m) => m.to === shop.config.shopEmail);
    expect(shopMails.length).toBe(2);
    expect(shopMails[0]!.subject).toMatch(/was returned to the farm/);
    expect(shopMails[0]!.text).toMatch(/return number 1 of this account/);
    // Returned again: nothing more comes back.
    await shop.request({ method: 'PUT', url: `/api/orders/${lines[0]!.id}`, token: admin.token, payload: { status: 'Returned' } });
    expect(await fx.stockOf(ghee.id)).toBe(10);
    // Not from Processing.
    const second = await placeCodOk(buyer, ghee.id, 1);
    await confirmByAdmin(second.order_id);
    const early = await shipCheckout(second.order_id, { status: 'Returned' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This order has not shipped yet; only a shipped order can come back');

    // The second parcel comes back through the order desk (PUT checkouts/{order_id}).
    await shipCheckout(second.order_id, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE2' });
    const back = await shipCheckout(second.order_id, { status: 'Returned' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().checkout).toMatchObject({ payment: 'COD: not collected', status: 'Returned' });
    expect(await fx.stockOf(ghee.id)).toBe(10);
    const [u2] = await shop.db.select({ n: users.codReturns }).from(users).where(eq(users.id, buyer.id));
    expect(u2!.n).toBe(2);
    expect((await placeCod(buyer, [{ _id: ghee.id, cart_quantity: 1 }])).statusCode).toBe(403);
  });

  it('a prepaid parcel can come back too: stock back, the shop told, still Paid, no COD return counted', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct({ quantity: 4 });
    const { order } = await fx.buyAndPay(buyer, ghee.id, 1);
    await shipCheckout(order.order_id, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE3' });
    const back = await shipCheckout(order.order_id, { status: 'Returned' });
    expect(back.json().checkout).toMatchObject({ payment: 'Paid', payment_method: 'online', status: 'Returned' });
    expect(await fx.stockOf(ghee.id)).toBe(4);
    const [u] = await shop.db.select({ n: users.codReturns }).from(users).where(eq(users.id, buyer.id));
    expect(u!.n).toBe(0);
  });
});

describe('fees everywhere', () => {
  it.skipIf(!hasPdftotext)('the invoice of a confirmed COD order has its COD fee line with tax and "Cash on delivery: collect ₹" its total', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct();
    const placed = await placeCodOk(buyer, ghee.id, 2);
    expect((await shop.request({ method: 'GET', url: `/api/invoices/${placed.order_id}`, token: buyer.token })).statusCode).toBe(404);
    await open(confirmLink(buyer.email));
    const res = await shop.request({ method: 'GET', url: `/api/invoices/${placed.order_id}`, token: buyer.token });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/Payment: Cash on delivery/);
    expect(text).toMatch(/Cash on delivery fee/);
    expect(text).toMatch(/Invoice total \(GST included\): INR 1,239.00/);
    expect(text).toMatch(/Cash on delivery: collect ₹1,239.00/);
    expect(placed.amount).toBe(123_900);
  });

  it.skipIf(!hasPdftotext)('a checkout with a delivery fee shows it as its own line, taxed at the principal line\'s rate, in the invoice, the views and the CSV', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct();
    const { order } = await fx.buyAndPay(buyer, ghee.id, 1);
    // As the delivery quote will charge it: ₹60 of delivery on top of the ₹595 of ghee (no GST rate: 0%).
    await shop.db.update(checkouts).set({ shippingFeePaise: 6_000, amountPaise: 65_500 }).where(eq(checkouts.id, order.order_id));
    await shop.db.update(orders).set({ gstRateBp: 1200 }).where(eq(orders.checkoutId, order.order_id));

    const text = pdfText((await shop.request({ method: 'GET', url: `/api/invoices/${order.order_id}`, token: buyer.token })).rawPayload);
    const delivery = text.split('\n').find((l) => /^\s*Delivery\b/.test(l));
    expect(delivery, text).toBeDefined();
    // 60.00 at 12% within the state: taxable 53.57, CGST 3.21 + SGST 3.22 -> halves rounded: 3.21 each, taxable 53.58.
    expect(delivery).toMatch(/60\.00\s+12%\s+53\.58\s+3\.21\s+3\.21/);
    expect(text).toMatch(/Invoice total \(GST included\): INR 655.00/);
    expect(text).not.toMatch(/collect/);

    const mine = (await shop.request({ method: 'GET', url: '/api/orders', token: buyer.token })).json().orders as Array<Record<string, unknown>>;
    expect(mine[0]).toMatchObject({ shipping_fee: 60, order_total: 655, payment_method: 'online' });
    const desk = (await shop.request({ method: 'GET', url: `/api/checkouts?q=${encodeURIComponent(buyer.email)}`, token: admin.token })).json();
    expect(desk.checkouts[0]).toMatchObject({ shipping_fee: 60, amount: 655, payment_method: 'online' });

    const csv = (await shop.request({ method: 'GET', url: `/api/orders/export.csv?q=${encodeURIComponent(buyer.email)}`, token: admin.token })).body;
    const rows = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toMatch(/,Payment method$/);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/,Delivery,,,1,60\.00,0\.00,53\.58,12,3\.21,3\.21,0\.00,,,,Paid online$/);
    const totals = (await shop.request({ method: 'GET', url: `/api/orders/export.csv?format=orders&q=${encodeURIComponent(buyer.email)}`, token: admin.token })).body;
    expect(totals.trim().split('\r\n')[1]).toMatch(/,655\.00,Paid online,60\.00,0\.00$/);
  });

  it('the CSV and the order desk tell COD from prepaid and filter by COD status', async () => {
    const buyer = await newShopper();
    const ghee = await fx.addProduct();
    const placed = await placeCodOk(buyer, ghee.id);
    const list = (await shop.request({ method: 'GET', url: `/api/checkouts?payment=${encodeURIComponent('COD: to confirm')}&q=${encodeURIComponent(buyer.email)}`, token: admin.token })).json();
    expect(list.checkouts).toHaveLength(1);
    expect(list.checkouts[0]).toMatchObject({ order_id: placed.order_id, payment: 'COD: to confirm', payment_method: 'cod', cod_fee: 49 });
    expect(Date.parse(list.checkouts[0].confirm_by)).toBeGreaterThan(Date.now());
    const csv = (await shop.request({ method: 'GET', url: `/api/orders/export.csv?format=orders&q=${encodeURIComponent(buyer.email)}`, token: admin.token })).body;
    expect(csv.trim().split('\r\n')[1]).toMatch(/COD: to confirm.*,644\.00,Cash on delivery,0\.00,49\.00$/);
  });
});

describe(`the open-COD cap under contention (${onPostgres ? 'PostgreSQL, two app instances with their own pools' : 'PGlite, two app instances on one database'})`, () => {
  let peer: FastifyInstance;
  beforeAll(async () => {
    peer = await shop.buildPeerApp();
  });

  it('20 simultaneous COD orders from one phone, from ten accounts, open no more than the cap', async () => {
    const ghee = await fx.addProduct({ quantity: 100 });
    const rows = await shop.db
      .insert(users)
      .values(Array.from({ length: 10 }, (_, i) => ({ name: `Rush ${i}`, email: `rush-${i}-${randomUUID().slice(0, 6)}@example.com`, passwordHash: 'not-used', emailVerified: true, phone: i % 2 ? '+91 97000 11111' : '9700011111', address: '1 Mill Road', pin: '411001', state: 'Maharashtra' })))
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    const tokens = rows.map((r) => signSessionToken(shop.config.jwtSecret, r.id, r.tokenVersion));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? peer : shop.app).inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${tokens[i % 10]}` },
          payload: { cart: [{ _id: ghee.id, cart_quantity: 1 }], payment_method: 'cod' },
        }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won).toHaveLength(DEFAULT_COD.max_open_per_phone);
    for (const a of lost) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toMatch(/^This phone number already has 2 cash-on-delivery orders open/);
    }
    const [open] = await shop.db
      .select({ n: sql<number>`count(*)::int` })
      .from(checkouts)
      .where(sql`${checkouts.paymentMethod} = 'cod' and shop_phone_key(${checkouts.deliveryPhone}) = '9700011111'`);
    expect(open!.n).toBe(2);
    expect(await fx.stockOf(ghee.id)).toBe(98);
  });
});
