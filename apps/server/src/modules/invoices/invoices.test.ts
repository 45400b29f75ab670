/** Tax invoices: who may read them, what they say (read back with pdftotext), numbering, the mail attachment. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy as buyThroughApi, installed } from '../../test/checkout-fixtures.js';
import { lineTax } from '@shop/domain/tax';
import { formatPaise } from '@shop/domain/money';
import { createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { categories } from '../../db/schema.js';
import { insertProducts } from '../../test/products.js';
import { insertGheeWithSizes, insertPaidCheckout } from '../orders/test-fixtures.js';

let shop: TestShop;
let categoryId: string;
let admin: TestUser;
const dir = mkdtempSync(join(tmpdir(), 'invoice-test-'));

/** pdftotext (poppler-utils) when installed; otherwise the tests that read the text are skipped. */
const hasPdftotext = installed('pdftotext');

function pdfText(pdf: Buffer): string {
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  shop = await createTestShop({ SHOP_STATE: 'Maharashtra', SHOP_GSTIN: '27ABCDE1234F1Z5', SHOP_FSSAI: '11525999000777', SHOP_LEGAL_NAME: 'Test Farm LLP' });
  const [category] = await shop.db.insert(categories).values({ name: 'Ghee', slug: 'ghee' }).returning();
  categoryId = category!.id;
  admin = await shop.createAdmin();
});
afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

async function addProduct(pricePaise: number, hsnCode: string, gstRateBp: number) {
  const name = `Product ${randomUUID().slice(0, 6)}`;
  const [row] = await insertProducts(shop.db, [{ name, slug: name.toLowerCase().replace(/\s+/g, '-'), pricePaise, quantity: 50, categoryId, hsnCode, gstRateBp }]);
  return row!;
}

const buy = (user: TestUser, cart: Array<{ _id: string; cart_quantity: number }>, pay = true) => buyThroughApi(shop, user, cart, pay);

const invoice = (orderId: string, token?: string) => shop.request({ method: 'GET', url: `/api/invoices/${orderId}`, token });

describe('GET /api/invoices/{order_id}', () => {
  it("answers the PDF to the checkout's owner and admins, 404 to anyone else and for unpaid checkouts", async () => {
    const [owner, stranger] = await Promise.all([shop.createShopper(), shop.createShopper()]);
    const ghee = await addProduct(59_500, '0405', 500);
    const paid = await buy(owner, [{ _id: ghee.id, cart_quantity: 1 }]);
    const unpaid = await buy(owner, [{ _id: ghee.id, cart_quantity: 2 }], false);

    const mine = await invoice(paid, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await invoice(paid, admin.token)).statusCode).toBe(200);
    for (const [id, token] of [
      [paid, stranger.token],
      [unpaid, owner.token],
      [unpaid, admin.token],
      ['order_NOSUCHORDER001', owner.token],
    ] as const) {
      const res = await invoice(id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Invoice not found' });
    }
    expect((await invoice(paid)).statusCode).toBe(401);
    expect((await invoice('bad id!', owner.token)).statusCode).toBe(400);
  });

  it.skipIf(!hasPdftotext)('shows CGST+SGST in the shop state, IGST elsewhere, and taxes that add up to the paid total', async () => {
    const inState = await shop.createShopper({ name: 'Pune Buyer', address: '7 Lane, Pune', pin: '411001', state: 'Maharashtra', phone: '+919811112222' });
    const outState = await shop.createShopper({ name: 'Bengaluru Buyer', address: '9 MG Road, Bengaluru', pin: '560001', state: 'Karnataka' });
    const ghee = await addProduct(59_500, '0405', 500);
    const oil = await addProduct(45_050, '3305', 500);
    const cart = [
      { _id: ghee.id, cart_quantity: 3 },
      { _id: oil.id, cart_quantity: 1 },
    ];
    const total = 59_500 * 3 + 45_050;
    const rupees = (paise: number) => `${Math.floor(paise / 100).toLocaleString('en-IN')}.${String(paise % 100).padStart(2, '0')}`;

    const intra = pdfText((await invoice(await buy(inState, cart), inState.token)).rawPayload);
    for (const part of ['TAX INVOICE', 'Test Farm LLP', 'GSTIN: 27ABCDE1234F1Z5', 'FSSAI Lic. No.: 11525999000777', 'Pune Buyer', '7 Lane, Pune', 'Maharashtra 411001', '+919811112222', '0405', '3305', 'CGST', 'SGST']) {
      expect(intra).toContain(part);
    }
    expect(intra).not.toContain('IGST');
    const a = lineTax({ amountPaise: 59_500 * 3, ratePercent: 5 }, false);
    const b = lineTax({ amountPaise: 45_050, ratePercent: 5 }, false);
    expect(a.taxablePaise + a.cgstPaise + a.sgstPaise + b.taxablePaise + b.cgstPaise + b.sgstPaise).toBe(total);
    expect(intra).toContain(`Taxable value: INR ${rupees(a.taxablePaise + b.taxablePaise)}`);
    expect(intra).toContain(`CGST: INR ${rupees(a.cgstPaise + b.cgstPaise)}`);
    expect(intra).toContain(`SGST: INR ${rupees(a.sgstPaise + b.sgstPaise)}`);
    expect(intra).toContain(`Invoice total (GST included): INR ${rupees(total)}`);

    const inter = pdfText((await invoice(await buy(outState, cart), admin.token)).rawPayload);
    expect(inter).toContain('IGST');
    expect(inter).not.toMatch(/CGST|SGST/);
    expect(inter).toContain('Place of supply: Karnataka');
    const c = lineTax({ amountPaise: 59_500 * 3, ratePercent: 5 }, true);
    const d = lineTax({ amountPaise: 45_050, ratePercent: 5 }, true);
    expect(c.taxablePaise + c.igstPaise + d.taxablePaise + d.igstPaise).toBe(total);
    expect(inter).toContain(`IGST: INR ${rupees(c.igstPaise + d.igstPaise)}`);
    expect(inter).toContain(`Invoice total (GST included): INR ${rupees(total)}`);
  });

  it.skipIf(!hasPdftotext)('a two-line checkout has one order number: on both lines, in the confirmation mail and on the invoice', async () => {
    const buyer = await shop.createShopper({ name: 'Two Line Buyer', address: '3 Baner Road, Pune', pin: '411045', state: 'Maharashtra' });
    const ghee = await addProduct(59_500, '0405', 500);
    const oil = await addProduct(45_050, '3305', 500);
    const mailsBefore = shop.mails.length;
    const orderId = await buy(buyer, [
      { _id: ghee.id, cart_quantity: 1 },
      { _id: oil.id, cart_quantity: 2 },
    ]);
    const lines = ((await shop.request({ method: 'GET', url: '/api/orders/', token: buyer.token })).json().orders as Array<{ order_id: string; order_number: string; receipt: string }>).filter(
      (l) => l.order_id === orderId,
    );
    expect(lines).toHaveLength(2);
    const number = lines[0]!.order_number;
    expect(number).toMatch(/^SF-\d+$/);
    expect(lines[1]!.order_number).toBe(number);
    // The admin's reads say the same.
    const all = (await shop.request({ method: 'GET', url: '/api/orders/all', token: admin.token })).json().orders as Array<{ _id: string; order_id: string; order_number: string }>;
    expect(all.filter((l) => l.order_id === orderId).map((l) => l.order_number)).toEqual([number, number]);
    const one = await shop.request({ method: 'GET', url: `/api/orders/${all.find((l) => l.order_id === orderId)!._id}`, token: admin.token });
    expect(one.json().order.order_number).toBe(number);

    const mails = shop.mails.slice(mailsBefore);
    const confirmation = mails.find((m) => m.to === buyer.email)!;
    expect(confirmation.subject).toContain(number);
    expect(confirmation.text).toContain(`Order number: ${number}`);
    expect(confirmation.html).toContain(number);
    // The customer never needs the provider's receipt.
    expect(confirmation.subject + confirmation.text + confirmation.html).not.toContain(lines[0]!.receipt);
    const note = mails.find((m) => m.to === shop.config.shopEmail)!;
    expect(note.subject).toContain(number);
    expect(note.text).toContain(`Order number: ${number}`);

    const text = pdfText((await invoice(orderId, buyer.token)).rawPayload);
    expect(text).toContain(`Order No. ${number}`);
    expect(text).not.toContain(lines[0]!.receipt);
  });

  it.skipIf(!hasPdftotext)('reads back a Hindi name, a Tamil address and a Hindi product as written', async () => {
    const buyer = await shop.createShopper({ name: 'राम कुमार शर्मा', address: '12, காந்தி சாலை, மதுரை', pin: '625001', state: 'Tamil Nadu' });
    const [ghee] = await insertProducts(shop.db, [{ name: 'शुद्ध देसी घी', slug: `shuddh-desi-ghee-${randomUUID().slice(0, 6)}`, pricePaise: 59_500, quantity: 50, categoryId, hsnCode: '0405', gstRateBp: 500 }]);
    const mailsBefore = shop.mails.length;
    const pdf = (await invoice(await buy(buyer, [{ _id: ghee!.id, cart_quantity: 2 }]), buyer.token)).rawPayload;
    const text = pdfText(pdf);
    // The confirmation mail says the same, and its attached invoice reads back alike.
    const confirmation = shop.mails.slice(mailsBefore).find((m) => m.to === buyer.email)!;
    for (const part of ['राम कुमार शर्मा', '12, காந்தி சாலை, மதுரை', 'शुद्ध देसी घी']) {
      expect(confirmation.text).toContain(part);
      expect(confirmation.html).toContain(part);
      expect(pdfText(confirmation.attachments![0]!.content)).toContain(part);
    }
    expect(text).toContain('राम कुमार शर्मा');
    expect(text).toContain('12, காந்தி சாலை, மதுரை');
    expect(text).toContain('शुद्ध देसी घी');
    // The money and tax text around them is as on any invoice.
    expect(text).toMatch(/शुद्ध देसी घी\s+0405\s+2\s+595\.00\s+1,190\.00\s+5%/);
    expect(text).toContain('Invoice total (GST included): INR 1,190.00');
    // The fonts travel inside the PDF: a reader without Indian fonts shows the same.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
  });

  it('numbers invoices in sequence within the financial year, never twice, even when paid at once', async () => {
    const ghee = await addProduct(10_000, '0405', 500);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shop.createShopper()));
    const ids = await Promise.all(buyers.map((u) => buy(u, [{ _id: ghee.id, cart_quantity: 1 }])));
    const numbers = await Promise.all(
      ids.map(async (id, i) => {
        const lines = (await shop.request({ method: 'GET', url: '/api/orders/', token: buyers[i]!.token })).json().orders as Array<{ order_id: string; invoice_number: string }>;
        return lines.find((l) => l.order_id === id)!.invoice_number;
      }),
    );
    expect(new Set(numbers).size).toBe(numbers.length);
    const seq = numbers.map((n) => Number(n.split('/')[2])).sort((x, y) => x - y);
    expect(numbers.every((n) => /^SF\/\d{4}-\d{2}\/\d{5}$/.test(n))).toBe(true);
    for (let i = 1; i < seq.length; i++) expect(seq[i]).toBe(seq[i - 1]! + 1);
  });

  it('is attached to the confirmation mail', async () => {
    const user = await shop.createShopper();
    const ghee = await addProduct(59_500, '0405', 500);
    const before = shop.mails.length;
    await buy(user, [{ _id: ghee.id, cart_quantity: 1 }]);
    const confirmation = shop.mails.slice(before).find((m) => m.to === user.email)!;
    expect(confirmation.attachments).toHaveLength(1);
    const [pdf] = confirmation.attachments!;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) expect(pdfText(pdf!.content)).toContain('12 Lake Road');
  });
});

describe('GET /api/shop-info', () => {
  it('answers the seller details with the FSSAI licence number', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/shop-info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      brand_name: 'Shuddh Farm',
      legal_name: 'Test Farm LLP',
      address: expect.any(String),
      gstin: '27ABCDE1234F1Z5',
      state: 'Maharashtra',
      fssai: '11525999000777',
    });
  });
});

describe('product tax fields', () => {
  it('are set and cleared by the admin and shown on the product', async () => {
    const created = await shop.request({
      method: 'POST',
      url: '/api/products',
      token: admin.token,
      payload: { name: `Cow Ghee ${randomUUID().slice(0, 6)}`, price: 595, category: categoryId, quantity: 5, hsn_code: '0405', gst_rate: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().product).toMatchObject({ hsn_code: '0405', gst_rate: 5 });
    const id = created.json().product._id;
    const updated = await shop.request({ method: 'PUT', url: `/api/products/${id}`, token: admin.token, payload: { hsn_code: '33059011', gst_rate: 18 } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().product).toMatchObject({ hsn_code: '33059011', gst_rate: 18 });
    const cleared = await shop.request({ method: 'PUT', url: `/api/products/${id}`, token: admin.token, payload: { hsn_code: '', gst_rate: null } });
    expect(cleared.json().product.hsn_code).toBeUndefined();
    expect(cleared.json().product.gst_rate).toBeUndefined();
    for (const payload of [{ hsn_code: '04O5' }, { hsn_code: '12345' }, { gst_rate: 7 }]) {
      const bad = await shop.request({ method: 'PUT', url: `/api/products/${id}`, token: admin.token, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it.skipIf(!hasPdftotext)('names each size and its SKU: 250 ml x2 and 1 L x1 of one product, totals to the paisa', async () => {
    const buyer = await shop.createShopper({ name: 'Meera Iyer', state: 'Maharashtra' });
    const { product, small, large } = await insertGheeWithSizes(shop.db, categoryId, 'INV');
    const { orderId } = await insertPaidCheckout(shop.db, buyer, [
      { product, ...small, quantity: 2, hsnCode: '0405', gstRateBp: 1200 },
      { product, ...large, quantity: 1, hsnCode: '0405', gstRateBp: 1200 },
    ]);
    const res = await invoice(orderId, buyer.token);
    expect(res.statusCode).toBe(200);
    // Each line: the name with its quantity and amounts, and under the name its size and SKU.
    const text = pdfText(res.rawPayload);
    const rows = text.split('\n').map((r) => r.trim().replace(/\s+/g, ' '));
    const at = (start: string) => rows.findIndex((r) => r.startsWith(start));
    const smallRow = at('A2 Gir Cow Bilona Ghee 0405 2 450.00 900.00 12%');
    const largeRow = at('A2 Gir Cow Bilona Ghee 0405 1 1,600.00 1,600.00 12%');
    expect(smallRow, text).toBeGreaterThan(0);
    expect(largeRow, text).toBeGreaterThan(smallRow);
    expect(rows[smallRow + 1]).toBe('250 ml, SKU A2GHEE-250-INV');
    expect(rows[largeRow + 1]).toBe('1 L, SKU A2GHEE-1L-INV');
    // 2 x 450.00 + 1 x 1,600.00 = 2,500.00, GST included; each line's tax as the invoice's own rule computes it.
    expect(text).toContain(`Invoice total (GST included): INR ${formatPaise(250_000)}`);
    const a = lineTax({ amountPaise: 90_000, ratePercent: 12 }, false);
    const b = lineTax({ amountPaise: 160_000, ratePercent: 12 }, false);
    expect(a.taxablePaise + a.taxPaise + b.taxablePaise + b.taxPaise).toBe(250_000);
    expect(text).toContain(`Taxable value: INR ${formatPaise(a.taxablePaise + b.taxablePaise)}`);
    expect(text).toContain(`CGST: INR ${formatPaise(a.cgstPaise + b.cgstPaise)}`);
  });
});
