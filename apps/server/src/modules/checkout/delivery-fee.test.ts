/**
 * POST /orders charges what the cart's delivery quote says (issue 29), with the demo shop's fees: the fee by zone and
 * packed weight, free from the threshold, kept on the checkout and printed on the invoice as its own taxed line; the
 * PIN must be of the state the shopper chose, and a local-only product goes only to the local PINs.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { QuoteResponse } from '@shop/domain/schemas/delivery';
import { orders, products } from '../../db/schema.js';
import { GHEE, checkoutFixtures, installed } from '../../test/checkout-fixtures.js';
import type { TestShop, TestUser } from '../../test/harness.js';

const fx = checkoutFixtures(GHEE);
let shop: TestShop;
const hasPdftotext = installed('pdftotext');
const dir = mkdtempSync(join(tmpdir(), 'delivery-fee-test-'));

beforeAll(async () => {
  shop = await fx.open({ deliveryFees: 'demo' });
});
afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

const PUNE = { pin: '411001', state: 'Maharashtra' };
const KOCHI = { pin: '682001', state: 'Kerala' };
const IMPHAL = { pin: '795001', state: 'Manipur' };

async function quote(to: { pin: string }, cart: Array<{ _id: string; cart_quantity: number }>): Promise<QuoteResponse> {
  const res = await shop.request({ method: 'POST', url: '/api/delivery/quote', payload: { pin: to.pin, cart } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const paise = (rupees: number) => Math.round(rupees * 100);

describe('POST /orders charges the delivery quote', () => {
  it('charges the quote’s total to the paisa, to the shop’s state, Kerala and Manipur alike, and keeps the fee', async () => {
    const ghee = await fx.addProduct({ quantity: 20 });
    const cart = [{ _id: ghee.id, cart_quantity: 1 }];
    const fees: number[] = [];
    for (const to of [PUNE, KOCHI, IMPHAL]) {
      const buyer = await shop.createShopper({ ...to });
      const q = await quote(to, cart);
      const placed = await fx.placeOrderOk(buyer, ghee.id, 1);
      expect(placed.amount).toBe(paise(q.total));
      expect(placed.amount).toBe(GHEE.pricePaise + paise(q.shipping_fee));
      expect((await fx.checkoutRow(placed.order_id)).shippingFeePaise).toBe(paise(q.shipping_fee));
      fees.push(q.shipping_fee);
    }
    expect(fees[0]).toBeGreaterThan(0);
    expect(fees[1]).toBeGreaterThan(fees[0]!);
    expect(fees[2]).toBeGreaterThan(fees[1]!);
  });

  it('charges no fee from the free-delivery threshold (₹999 in the demo shop)', async () => {
    const ghee = await fx.addProduct({ quantity: 20 });
    const buyer = await shop.createShopper({ ...KOCHI });
    const q = await quote(KOCHI, [{ _id: ghee.id, cart_quantity: 2 }]); // ₹1,190
    expect(q.shipping_fee).toBe(0);
    const placed = await fx.placeOrderOk(buyer, ghee.id, 2);
    expect(placed.amount).toBe(2 * GHEE.pricePaise);
    expect((await fx.checkoutRow(placed.order_id)).shippingFeePaise).toBe(0);
  });

  it('refuses a PIN of another state than the one chosen, naming both, and holds nothing', async () => {
    const ghee = await fx.addProduct({ quantity: 3 });
    const buyer = await shop.createShopper({ pin: '560001', state: 'Kerala' });
    const res = await fx.placeOrder(buyer.token, [{ _id: ghee.id, cart_quantity: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/560001 is in Karnataka, not Kerala/);
    expect(await fx.stockOf(ghee.id)).toBe(3);
  });

  it('refuses a local-only product to a far PIN, naming it, and sells it near the farm', async () => {
    const paneer = await fx.addProduct({ name: 'Fresh Malai Paneer', quantity: 5 });
    await shop.db.update(products).set({ localOnly: true }).where(eq(products.id, paneer.id));
    const far = await shop.createShopper({ ...KOCHI });
    const refused = await fx.placeOrder(far.token, [{ _id: paneer.id, cart_quantity: 1 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Fresh Malai Paneer .*delivered only near the farm/);
    expect(await fx.stockOf(paneer.id)).toBe(5);
    const near = await shop.createShopper({ ...PUNE });
    expect((await fx.placeOrder(near.token, [{ _id: paneer.id, cart_quantity: 1 }])).statusCode).toBe(200);
  });

  it.skipIf(!hasPdftotext)('prints the fee charged as its own Delivery line, taxed at the principal line’s rate', async () => {
    const ghee = await fx.addProduct({ quantity: 5 });
    const buyer: TestUser = await shop.createShopper({ ...KOCHI });
    const { order } = await fx.buyAndPay(buyer, ghee.id, 1);
    await shop.db.update(orders).set({ gstRateBp: 1200 }).where(eq(orders.checkoutId, order.order_id));
    const fee = (await fx.checkoutRow(order.order_id)).shippingFeePaise;
    expect(fee).toBeGreaterThan(0);
    const file = join(dir, `${randomUUID()}.pdf`);
    writeFileSync(file, (await shop.request({ method: 'GET', url: `/api/invoices/${order.order_id}`, token: buyer.token })).rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const delivery = text.split('\n').find((l) => /^\s*Delivery\b/.test(l));
    expect(delivery, text).toMatch(new RegExp(`${(fee / 100).toFixed(2)}\\s+12%`));
    // Kerala from a Maharashtra shop: IGST.
    expect(text).toMatch(/IGST/);
    expect(text).toMatch(new RegExp(`Invoice total \\(GST included\\): INR ${((GHEE.pricePaise + fee) / 100).toFixed(2)}`));
  });
});
