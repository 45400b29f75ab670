/**
 * Money back (issue 30): the customer's same-day cancellation, refunds through the sandbox provider (whose webhooks
 * arrive at the shop's own route, signed), the over-refund race, idempotency, webhooks delivered twice or before the
 * API's answer, credit notes read back with pdftotext, and problem reports answered with a refund.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '@shop/domain/money';
import { lineTax } from '@shop/domain/tax';
import { checkouts, orders, products, refunds } from '../../db/schema.js';
import type { SandboxProvider } from '../../lib/payments/sandbox.js';
import { hmacSha256Hex } from '../../lib/payments/signature.js';
import { GHEE, checkoutFixtures, installed } from '../../test/checkout-fixtures.js';
import { PNG_DATA_URL, expectClientError, type TestShop, type TestUser } from '../../test/harness.js';

const fx = checkoutFixtures(GHEE);
let shop: TestShop;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let sandbox: SandboxProvider;

beforeAll(async () => {
  ({ shop, alice, bob, admin } = await fx.openWithShoppers());
  sandbox = shop.app.payments as SandboxProvider;
});
afterAll(() => shop.close());

const settle = () => shop.settle();

const mailsTo = (email: string, from = 0) => shop.mails.slice(from).filter((m) => m.to === email);
let keyNo = 0;
const newKey = () => `test-key-${Date.now()}-${++keyNo}`;

function refund(orderId: string, body: object, key: string | null = newKey(), token = admin.token) {
  return shop.request({ method: 'POST', url: `/api/checkouts/${orderId}/refunds`, token, payload: body, headers: key ? { 'idempotency-key': key } : {} });
}
const listRefunds = async (orderId: string, token = admin.token) => (await shop.request({ method: 'GET', url: `/api/checkouts/${orderId}/refunds`, token })).json();
const lineIdsOf = async (orderId: string) => (await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, orderId))).map((r) => r.id);

describe('a customer cancels', () => {
  it('a paid order on the day it was placed: stock back once, the refund processed in the sandbox, two mails', async () => {
    const product = await fx.addProduct({ quantity: 10 });
    const { order } = await fx.buyAndPay(alice, product.id, 2);
    expect(await fx.stockOf(product.id)).toBe(8);
    const before = shop.mails.length;

    const res = await shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/cancel`, token: alice.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({ amount: 1190, order_id: order.order_id, includes_fees: false });
    await settle();

    expect(await fx.stockOf(product.id)).toBe(10);
    const { refunds: list, paid, refunded, refundable } = await listRefunds(order.order_id, alice.token);
    expect({ paid, refunded, refundable }).toEqual({ paid: 1190, refunded: 1190, refundable: 0 });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'processed', amount: 1190, provider_refund_id: expect.stringMatching(/^rfnd_/), arn: expect.any(String) });
    expect(list[0].credit_note).toMatchObject({ number: expect.stringMatching(/^CN\/\d{4}-\d{2}\/\d{5}$/), url: `/api/credit-notes/${list[0]._id}` });

    const toAlice = mailsTo(alice.email, before);
    expect(toAlice.map((m) => m.subject)).toEqual([expect.stringMatching(/is cancelled/), expect.stringMatching(/Refund of ₹1,190.00 processed/)]);
    expect(toAlice[0]!.text).toContain('6-8 days');
    expect(toAlice[1]!.text).toContain(list[0].arn);
    expect(toAlice[1]!.attachments?.[0]?.filename).toMatch(/^credit-note-CN-/);
    expect(mailsTo(shop.config.shopEmail, before).map((m) => m.subject)).toEqual([expect.stringMatching(/cancelled by the customer/)]);

    // Again (a double click): the same answer, nothing changes.
    const again = await shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/cancel`, token: alice.token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'This order is already cancelled', refund: { _id: list[0]._id } });
    await settle();
    expect(await fx.stockOf(product.id)).toBe(10);
    expect((await listRefunds(order.order_id)).refunds).toHaveLength(1);

    const timeline = (await shop.request({ method: 'GET', url: `/api/checkouts/${order.order_id}/timeline`, token: alice.token })).json();
    expect(timeline.events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid', 'cancelled', 'refund_started', 'refund_processed']);
  });

  it('someone else cannot cancel it or read its refunds (404); a guest gets 401', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(alice, product.id, 1);
    expectClientError(await shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/cancel`, token: bob.token }), 404);
    expectClientError(await shop.request({ method: 'GET', url: `/api/checkouts/${order.order_id}/refunds`, token: bob.token }), 404);
    expectClientError(await shop.request({ method: 'GET', url: `/api/checkouts/${order.order_id}/timeline`, token: bob.token }), 404);
    expectClientError(await shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/cancel` }), 401);
    expect(await fx.stockOf(product.id)).toBe(9);
  });

  it('a shipped order answers 409 and offers Request cancellation instead', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(alice, product.id, 1);
    const [lineId] = await lineIdsOf(order.order_id);
    expect((await shop.request({ method: 'PUT', url: `/api/orders/${lineId}`, token: admin.token, payload: { status: 'Shipped' } })).statusCode).toBe(200);
    const res = await shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/cancel`, token: alice.token });
    expectClientError(res, 409);
    expect(res.json().message).toMatch(/already been shipped/);
    const view = (await shop.request({ method: 'GET', url: `/api/checkouts/${order.order_id}/after-sales`, token: alice.token })).json();
    expect(view.cancel).toEqual({ allowed: false, reason: expect.stringMatching(/shipped/), request_allowed: true });
  });
});

describe('refunds by the admin', () => {
  it('10 concurrent partial refunds that together exceed the payment: the refunded total never exceeds it', async () => {
    const product = await fx.addProduct({ pricePaise: 59_500 });
    const { order } = await fx.buyAndPay(alice, product.id, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(order.order_id, { amount: 100, reason: 'Goodwill', restock: false })));
    await settle();
    const started = answers.filter((a) => a.statusCode === 201).length;
    const refused = answers.filter((a) => a.statusCode === 409);
    const { refunds: list, paid, refunded } = await listRefunds(order.order_id);
    const processed = list.filter((r: { status: string }) => r.status === 'processed').reduce((s: number, r: { amount: number }) => s + r.amount, 0);
    console.log(`over-refund race: paid ₹${paid}, asked 10 x ₹100 = ₹1000, started ${started}, refused ${refused.length}, processed total ₹${processed}`);
    expect(started).toBe(5);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().message).toMatch(/left to refund/);
    expect(processed).toBe(500);
    expect(processed).toBeLessThanOrEqual(paid);
    expect(refunded).toBe(500);
  });

  it('one Idempotency-Key twice (and at once) makes one refund; the key with another body is a 422', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(alice, product.id, 2);
    const key = newKey();
    const body = { amount: 50, reason: 'Late delivery', restock: false };
    const [a, b] = await Promise.all([refund(order.order_id, body, key), refund(order.order_id, body, key)]);
    const c = await refund(order.order_id, body, key);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(c.statusCode).toBe(200);
    expect(new Set([a.json().refund._id, b.json().refund._id, c.json().refund._id]).size).toBe(1);
    const other = await refund(order.order_id, { ...body, amount: 60 }, key);
    expectClientError(other, 422);
    await settle();
    const { refunds: list } = await listRefunds(order.order_id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ amount: 50, status: 'processed' });
    // Without a key there is no refund at all.
    expectClientError(await refund(order.order_id, body, null), 400);
  });

  it('a refund.processed webhook delivered twice, and one delivered before the API answer, each leave one processed refund', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(alice, product.id, 3);
    const lines = await lineIdsOf(order.order_id);

    let before = shop.mails.length;
    sandbox.setRefundBehaviour({ deliver: 'twice' });
    const twice = await refund(order.order_id, { lines: [{ _id: lines[0], quantity: 1 }], reason: 'Broken seal', restock: false });
    expect(twice.statusCode, twice.body).toBe(201);
    await settle();
    expect(mailsTo(alice.email, before).filter((m) => /processed/.test(m.subject))).toHaveLength(1);

    before = shop.mails.length;
    sandbox.setRefundBehaviour({ deliver: 'before' });
    const early = await refund(order.order_id, { lines: [{ _id: lines[0], quantity: 1 }], reason: 'Broken seal', restock: false });
    sandbox.setRefundBehaviour({ deliver: 'after' });
    expect(early.statusCode, early.body).toBe(201);
    // The webhook was handled before the provider's answer was saved: matched by the refund id in its notes.
    expect(early.json().refund).toMatchObject({ status: 'processed', provider_refund_id: expect.stringMatching(/^rfnd_/) });
    await settle();
    expect(mailsTo(alice.email, before).filter((m) => /processed/.test(m.subject))).toHaveLength(1);

    // The same delivery again (same event id) is dropped; a new event id for a processed refund changes nothing.
    const row = (await shop.db.select().from(refunds).where(eq(refunds.id, early.json().refund._id)))[0]!;
    const body = Buffer.from(
      JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: { id: row.providerRefundId, payment_id: row.paymentId, amount: row.amountPaise, notes: { refund_id: row.id }, status: 'processed' } } } }),
    );
    const deliver = (eventId: string) =>
      shop.request({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacSha256Hex('test_webhook_secret', body), 'x-razorpay-event-id': eventId },
        payload: body,
      });
    expect((await deliver('evt_manual_1')).json()).toEqual({ message: 'processed' });
    expect((await deliver('evt_manual_1')).json()).toEqual({ message: 'duplicate' });
    expect((await deliver('evt_manual_2')).json()).toEqual({ message: 'processed' });

    const { refunds: list } = await listRefunds(order.order_id);
    expect(list.map((r: { status: string }) => r.status)).toEqual(['processed', 'processed']);
    const processedEvents = (await shop.request({ method: 'GET', url: `/api/checkouts/${order.order_id}/timeline`, token: admin.token }))
      .json()
      .events.filter((e: { kind: string }) => e.kind === 'refund_processed');
    expect(processedEvents).toHaveLength(2);
  });

  it('a failed refund tells the shop, counts for nothing, and may be asked again', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(alice, product.id, 1);
    const before = shop.mails.length;
    sandbox.setRefundBehaviour({ outcome: 'failed' });
    const res = await refund(order.order_id, { reason: 'Out of stock after all', restock: true });
    sandbox.setRefundBehaviour({ outcome: 'processed' });
    expect(res.statusCode).toBe(201);
    await settle();
    expect((await listRefunds(order.order_id)).refunds[0]).toMatchObject({ status: 'failed', failure_reason: expect.any(String) });
    expect(mailsTo(shop.config.shopEmail, before).map((m) => m.subject)).toEqual([expect.stringMatching(/Refund FAILED/)]);
    const again = await refund(order.order_id, { reason: 'Out of stock after all', restock: false });
    expect(again.statusCode).toBe(201);
    await settle();
    expect((await listRefunds(order.order_id)).refunded).toBe(595);
  });

  it('refunds lines with quantities and puts back the stock asked for, each unit once', async () => {
    const product = await fx.addProduct({ quantity: 10 });
    const { order } = await fx.buyAndPay(alice, product.id, 3);
    const [lineId] = await lineIdsOf(order.order_id);
    expect(await fx.stockOf(product.id)).toBe(7);
    const res = await refund(order.order_id, { lines: [{ _id: lineId, quantity: 1 }], reason: 'One jar short', restock: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().refund).toMatchObject({ amount: 595, lines: [{ _id: lineId, quantity: 1, amount: 595 }], restock: true });
    expect(await fx.stockOf(product.id)).toBe(8);
    // Cancelling the line afterwards gives back only the other two, and refunds them.
    expect((await shop.request({ method: 'PUT', url: `/api/orders/${lineId}`, token: admin.token, payload: { status: 'Canceled' } })).statusCode).toBe(200);
    await settle();
    expect(await fx.stockOf(product.id)).toBe(10);
    const { refunds: list, refunded } = await listRefunds(order.order_id);
    expect(refunded).toBe(1785);
    expect(list[1]).toMatchObject({ amount: 1190, status: 'processed' });
    const cancelledMail = mailsTo(alice.email).find((m) => /was cancelled/.test(m.subject) && m.text.includes('₹ 1,190.00'));
    expect(cancelledMail?.text).toContain('6-8 days');
  });

  it('refuses bad input by name and changes nothing', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(alice, product.id, 2);
    const other = await fx.buyAndPay(bob, product.id, 1);
    const [lineId] = await lineIdsOf(order.order_id);
    const [otherLine] = await lineIdsOf(other.order.order_id);
    const cases: Array<[object, number, RegExp]> = [
      [{ amount: 5000, reason: 'x', restock: false }, 409, /left to refund/],
      [{ lines: [{ _id: otherLine, quantity: 1 }], reason: 'x', restock: false }, 400, /not part of this order/],
      [{ lines: [{ _id: lineId, quantity: 3 }], reason: 'x', restock: false }, 400, /more than can still be refunded/],
      [{ lines: [{ _id: lineId, quantity: 1 }], amount: 700, reason: 'x', restock: false }, 400, /more than those units were paid/],
      [{ amount: 10.005, reason: 'x', restock: false }, 400, /whole paise/],
      [{ reason: '   ', restock: false }, 400, /reason/],
    ];
    for (const [body, status, message] of cases) {
      const res = await refund(order.order_id, body);
      expectClientError(res, status);
      expect(res.json().message).toMatch(message);
    }
    expectClientError(await refund('order_doesNotExist01', { reason: 'x', restock: false }), 404);
    expectClientError(await refund(order.order_id, { reason: 'x', restock: false }, newKey(), alice.token), 403);
    expectClientError(await refund(order.order_id, { reason: 'x', restock: false }, 'short'), 400);
    expect((await listRefunds(order.order_id)).refunds).toHaveLength(0);
    expect(await fx.stockOf(product.id)).toBe(7);
  });

  it('a Refund due checkout is refunded in full with one call (no lines)', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(bob, product.id, 1);
    await shop.db.update(checkouts).set({ payment: 'Refund due' }).where(eq(checkouts.id, order.order_id));
    const res = await refund(order.order_id, { reason: 'Refund due', restock: false });
    expect(res.statusCode).toBe(201);
    await settle();
    expect(await listRefunds(order.order_id)).toMatchObject({ refunded: 595, refundable: 0, refunds: [{ status: 'processed', lines: [{ quantity: 1, amount: 595 }] }] });
  });
});

describe('credit notes', () => {
  it.skipIf(!installed('pdftotext'))('name the invoice and reverse the tax of the refunded line to the paisa', async () => {
    const product = await fx.addProduct({ pricePaise: 59_500 });
    await shop.db.update(products).set({ hsnCode: '0405', gstRateBp: 1200 }).where(eq(products.id, product.id));
    const { order } = await fx.buyAndPay(alice, product.id, 2);
    const [lineId] = await lineIdsOf(order.order_id);
    const res = await refund(order.order_id, { lines: [{ _id: lineId, quantity: 1 }], reason: 'Broken jar', restock: false });
    await settle();
    const [row] = await shop.db.select().from(refunds).where(eq(refunds.id, res.json().refund._id));
    const invoiceNumber = (await fx.checkoutRow(order.order_id)).invoiceNumber!;

    const pdf = await shop.request({ method: 'GET', url: `/api/credit-notes/${row!.id}`, token: alice.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'credit-note-'));
    writeFileSync(join(dir, 'cn.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'cn.pdf'), '-'], { encoding: 'utf8' });
    const tax = lineTax({ amountPaise: 59_500, ratePercent: 12 }, false);
    console.log(`credit note ${row!.creditNoteNumber} against ${invoiceNumber}: taxable ${formatPaise(tax.taxablePaise)}, CGST ${formatPaise(tax.cgstPaise)}, SGST ${formatPaise(tax.sgstPaise)}`);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(row!.creditNoteNumber!);
    expect(text).toContain(`Against Invoice No.: ${invoiceNumber}`);
    expect(text).toContain(`CGST reversed: INR ${formatPaise(tax.cgstPaise)}`);
    expect(text).toContain(`SGST reversed: INR ${formatPaise(tax.sgstPaise)}`);
    expect(text).toContain(`Taxable value reduced: INR ${formatPaise(tax.taxablePaise)}`);

    expectClientError(await shop.request({ method: 'GET', url: `/api/credit-notes/${row!.id}`, token: bob.token }), 404);
    expect((await shop.request({ method: 'GET', url: `/api/credit-notes/${row!.id}`, token: admin.token })).statusCode).toBe(200);
    expectClientError(await shop.request({ method: 'GET', url: `/api/credit-notes/${row!.id}` }), 401);
  });

  it('of a line refunded in two parts add up to its invoice line', async () => {
    const product = await fx.addProduct({ pricePaise: 33_333 });
    await shop.db.update(products).set({ gstRateBp: 500 }).where(eq(products.id, product.id));
    const { order } = await fx.buyAndPay(alice, product.id, 3);
    const [lineId] = await lineIdsOf(order.order_id);
    for (const quantity of [1, 2]) {
      await refund(order.order_id, { lines: [{ _id: lineId, quantity }], reason: 'Spoilt', restock: false });
      await settle();
    }
    const { loadCreditNote } = await import('../invoices/credit-note.js');
    const ids = (await shop.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.checkoutId, order.order_id))).map((r) => r.id);
    const notes = await Promise.all(ids.map((id) => loadCreditNote(shop.db, shop.config, id)));
    const whole = lineTax({ amountPaise: 99_999, ratePercent: 5 }, false);
    expect(notes.reduce((s, n) => s + n!.totals.cgstPaise, 0)).toBe(whole.cgstPaise);
    expect(notes.reduce((s, n) => s + n!.totals.taxablePaise, 0)).toBe(whole.taxablePaise);
  });
});

describe('problem reports', () => {
  it('a problem reported with a photo reaches the admin, who refunds the line without restocking', async () => {
    const product = await fx.addProduct({ quantity: 10 });
    const { order } = await fx.buyAndPay(alice, product.id, 2);
    const [lineId] = await lineIdsOf(order.order_id);
    for (const status of ['Shipped', 'Delivered']) {
      expect((await shop.request({ method: 'PUT', url: `/api/orders/${lineId}`, token: admin.token, payload: { status } })).statusCode).toBe(200);
    }
    const before = shop.mails.length;
    const reported = await shop.request({
      method: 'POST',
      url: `/api/checkouts/${order.order_id}/problem-reports`,
      token: alice.token,
      payload: { line_id: lineId, message: 'One jar arrived broken', photos: [PNG_DATA_URL] },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const problem = reported.json().problem;
    expect(problem).toMatchObject({ status: 'open', line_id: lineId, photos: [expect.stringMatching(/^\/uploads\/problems\/.+\.webp$/)] });
    expect(mailsTo(shop.config.shopEmail, before).map((m) => m.subject)).toEqual([expect.stringMatching(/Problem reported/)]);
    // One open report per line.
    expectClientError(
      await shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/problem-reports`, token: alice.token, payload: { line_id: lineId, message: 'Again' } }),
      409,
    );

    const open = (await shop.request({ method: 'GET', url: '/api/problem-reports', token: admin.token })).json().problems;
    expect(open.map((p: { _id: string }) => p._id)).toContain(problem._id);
    const dashboard = (await shop.request({ method: 'GET', url: '/api/orders/dashboard', token: admin.token })).json();
    expect(dashboard.open_problem_reports).toBeGreaterThanOrEqual(1);
    expect(dashboard.problem_reports.map((p: { _id: string }) => p._id)).toContain(problem._id);

    const answer = await shop.request({
      method: 'POST',
      url: `/api/problem-reports/${problem._id}/answer`,
      token: admin.token,
      headers: { 'idempotency-key': newKey() },
      payload: { reply: 'Sorry about that jar.', refund: { lines: [{ _id: lineId, quantity: 1 }] } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ problem: { status: 'answered', answer: { reply: 'Sorry about that jar.' } }, refund: { amount: 595, restock: false } });
    await settle();
    expect(await fx.stockOf(product.id)).toBe(8);
    expect((await listRefunds(order.order_id)).refunds[0]).toMatchObject({ status: 'processed', amount: 595 });
    expect(mailsTo(alice.email, before).map((m) => m.subject)).toEqual([expect.stringMatching(/About the problem/), expect.stringMatching(/processed/)]);
    expectClientError(
      await shop.request({ method: 'POST', url: `/api/problem-reports/${problem._id}/answer`, token: admin.token, payload: { reply: 'Again' } }),
      409,
    );
    const kinds = (await shop.request({ method: 'GET', url: `/api/checkouts/${order.order_id}/timeline`, token: alice.token })).json().events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['placed', 'paid', 'shipped', 'delivered', 'problem_reported', 'refund_started', 'problem_answered', 'refund_processed']);
  });

  it('refuses a line not delivered, a photo that is not an image, and reports after 48 hours', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(alice, product.id, 1);
    const [lineId] = await lineIdsOf(order.order_id);
    const report = (payload: object) => shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/problem-reports`, token: alice.token, payload });
    expectClientError(await report({ line_id: lineId, message: 'Broken' }), 409);
    await shop.request({ method: 'PUT', url: `/api/orders/${lineId}`, token: admin.token, payload: { status: 'Shipped' } });
    await shop.request({ method: 'PUT', url: `/api/orders/${lineId}`, token: admin.token, payload: { status: 'Delivered' } });
    expectClientError(await report({ line_id: lineId, message: 'Broken', photos: ['data:image/png;base64,aGVsbG8gd29ybGQ='] }), 400);
    expectClientError(await report({ line_id: lineId, message: 'Broken', photos: [PNG_DATA_URL, PNG_DATA_URL, PNG_DATA_URL, PNG_DATA_URL] }), 400);
    const view = (await shop.request({ method: 'GET', url: `/api/checkouts/${order.order_id}/after-sales`, token: alice.token })).json();
    expect(view.lines[0]).toMatchObject({ _id: lineId, can_report: true, delivered_at: expect.any(String), report_until: expect.any(String) });
    shop.advanceClock(49 * 3_600_000);
    const late = await report({ line_id: lineId, message: 'Broken' });
    expectClientError(late, 409);
    expect(late.json().message).toMatch(/48 hours/);
  });
});

describe('reviews after a refund (issue 33)', () => {
  it('a delivered line makes a verified review; once all of it is refunded, an edit is no longer verified', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(bob, product.id, 2);
    const [lineId] = await lineIdsOf(order.order_id);
    for (const status of ['Shipped', 'Delivered']) await shop.request({ method: 'PUT', url: `/api/orders/${lineId}`, token: admin.token, payload: { status } });
    const write = (body: string) => shop.request({ method: 'POST', url: `/api/products/${product.id}/reviews`, token: bob.token, payload: { rating: 5, body } });
    expect((await write('Lovely ghee')).json().review).toMatchObject({ verified: true });
    // One of the two jars refunded: he still received the other.
    expect((await refund(order.order_id, { lines: [{ _id: lineId, quantity: 1 }], reason: 'Broken jar', restock: false })).statusCode).toBe(201);
    await settle();
    expect((await write('One jar broke, the other was lovely')).json().review).toMatchObject({ verified: true });
    expect((await refund(order.order_id, { lines: [{ _id: lineId, quantity: 1 }], reason: 'Broken jar', restock: false })).statusCode).toBe(201);
    await settle();
    expect((await write('Both jars broke')).json().review).toMatchObject({ verified: false });
  });
});

describe('the day after', () => {
  it('a checkout placed on an earlier day answers 409; Request cancellation mails the shop once', async () => {
    const product = await fx.addProduct();
    const { order } = await fx.buyAndPay(alice, product.id, 1);
    shop.advanceClock(24 * 3_600_000);
    const res = await shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/cancel`, token: alice.token });
    expectClientError(res, 409);
    expect(res.json().message).toMatch(/only on the day they are placed/);
    expect(await fx.stockOf(product.id)).toBe(9);
    const before = shop.mails.length;
    const ask = () => shop.request({ method: 'POST', url: `/api/checkouts/${order.order_id}/cancellation-request`, token: alice.token, payload: { message: 'Ordered twice' } });
    expect((await ask()).json().message).toMatch(/was sent to the shop/);
    expect((await ask()).json().message).toMatch(/already has your request/);
    expect(mailsTo(shop.config.shopEmail, before).map((m) => m.subject)).toEqual([expect.stringMatching(/Cancellation requested/)]);
    const list = (await shop.request({ method: 'GET', url: '/api/checkouts/after-sales', token: alice.token })).json().checkouts;
    expect(list.find((c: { order_id: string }) => c.order_id === order.order_id).cancel).toMatchObject({ allowed: false, request_allowed: true });
  });
});
