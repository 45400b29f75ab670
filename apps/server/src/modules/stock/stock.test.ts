/**
 * Stock alerts (issue 33): one low-stock mail per crossing, whatever path changes the stock; one back-in-stock mail
 * per subscriber per restock, none after unsubscribe. With DATABASE_URL the concurrent sales alternate between two
 * app instances on one PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TestShop, TestUser } from '../../test/harness.js';
import { productVariants, stockSubscriptions } from '../../db/schema.js';
import { openRaceShop } from '../../test/race.js';
import { insertProduct, setStock } from '../../test/products.js';

let shop: TestShop;
let peer: FastifyInstance;
let categoryId: string;
let buyers: TestUser[];

beforeAll(async () => {
  ({ shop, peer, categoryId, buyers } = await openRaceShop(
    Array.from({ length: 12 }, (_, i) => ({ name: `Buyer ${i + 1}`, email: `stock-buyer-${i + 1}@example.com` })),
  ));
});
afterAll(() => shop.close());

/** Works the stock events on both instances, then sends what the outbox holds. */
async function sendAlerts() {
  await Promise.all([shop.app.services.stock.sendAlerts(), peer.services.stock.sendAlerts()]);
  await shop.app.mailOutbox.flush();
  await peer.mailOutbox.flush();
}

const lowMails = (name: string) => shop.mails.filter((m) => m.to === shop.config.shopEmail && m.subject.startsWith('Low stock:') && m.subject.includes(name));

async function buy(app: FastifyInstance, buyer: TestUser, productId: string, quantity: number) {
  const headers = { authorization: `Bearer ${buyer.token}` };
  const created = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: { cart: [{ _id: productId, cart_quantity: quantity }] } });
  return created.statusCode;
}

describe('low stock', () => {
  it('6 -> 4 (threshold 5) mails once; on to 3 mails nothing; restock to 20 then down to 4 mails again', async () => {
    const ghee = await insertProduct(shop.db, { name: 'Low Ghee', slug: 'low-ghee', categoryId, pricePaise: 50_000, quantity: 6 });
    expect(await buy(shop.app, buyers[0]!, ghee.id, 2)).toBe(200);
    await sendAlerts();
    expect(lowMails('Low Ghee')).toHaveLength(1);
    expect(lowMails('Low Ghee')[0]!.text).toContain('down to 4');

    expect(await buy(shop.app, buyers[1]!, ghee.id, 1)).toBe(200);
    await sendAlerts();
    expect(lowMails('Low Ghee')).toHaveLength(1);

    await setStock(shop.db, ghee.id, 20);
    await sendAlerts();
    expect(lowMails('Low Ghee')).toHaveLength(1);
    await setStock(shop.db, ghee.id, 4);
    await sendAlerts();
    expect(lowMails('Low Ghee')).toHaveLength(2);
  });

  it('10 concurrent sales across two instances cross once: one mail', async () => {
    const ghee = await insertProduct(shop.db, { name: 'Rush Ghee', slug: 'rush-ghee', categoryId, pricePaise: 50_000, quantity: 14 });
    const codes = await Promise.all(buyers.slice(0, 10).map((b, i) => buy(i % 2 === 0 ? shop.app : peer, b, ghee.id, 1)));
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    await sendAlerts();
    expect(lowMails('Rush Ghee')).toHaveLength(1);
  });

  it('lists the sizes at or below their threshold on the dashboard', async () => {
    const admin = await shop.createAdmin();
    const res = await shop.request({ method: 'GET', url: '/api/orders/dashboard', token: admin.token });
    expect(res.statusCode).toBe(200);
    const names = (res.json().low_stock as Array<{ product: { name: string } }>).map((s) => s.product.name);
    expect(names).toEqual(expect.arrayContaining(['Low Ghee', 'Rush Ghee']));
    expect(res.json().reviews_pending).toBe(0);
  });
});

describe('notify me when it is back', () => {
  it('two requests make one subscription; a restock mails each subscriber once; none after unsubscribe', async () => {
    const oil = await insertProduct(shop.db, { name: 'Hair Oil', slug: 'hair-oil', categoryId, pricePaise: 30_000, quantity: 0 });
    for (const email of ['asha@example.com', 'Asha@example.com', 'ravi@example.com']) {
      const res = await shop.request({ method: 'POST', url: `/api/products/${oil.id}/notify`, payload: { email } });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: "We'll email you when it is back in stock" });
    }
    const subs = await shop.db.select().from(stockSubscriptions).where(eq(stockSubscriptions.productId, oil.id));
    expect(subs.map((s) => s.email).sort()).toEqual(['asha@example.com', 'ravi@example.com']);

    await setStock(shop.db, oil.id, 10);
    await sendAlerts();
    await sendAlerts();
    const back = shop.mails.filter((m) => m.subject === 'Hair Oil is back in stock');
    expect(back.map((m) => m.to).sort()).toEqual(['asha@example.com', 'ravi@example.com']);
    expect(back[0]!.text).toContain(`/products/hair-oil?variant=${oil.variantId}`);

    // Asha unsubscribes by her mail's link; Ravi's subscription is re-armed; the next restock mails Ravi only.
    const link = /\/api\/stock-alerts\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(back.find((m) => m.to === 'asha@example.com')!.text)![1]!;
    const page = await shop.request({ method: 'GET', url: `/api/stock-alerts/unsubscribe/${link}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You are unsubscribed');
    // An API client gets { message }; a link that is not one of the shop's, the usual 404.
    const asApi = await shop.request({ method: 'GET', url: '/api/stock-alerts/unsubscribe/not-a-real-token' });
    expect(asApi.statusCode).toBe(404);
    expect(asApi.headers['cache-control']).toBe('no-store');
    expect(asApi.json().message).toBe('Link not recognised. This unsubscribe link is not valid. Please use the link from your latest mail.');
    await shop.db.update(stockSubscriptions).set({ notifiedAt: null }).where(eq(stockSubscriptions.email, 'ravi@example.com'));
    await setStock(shop.db, oil.id, 0);
    await setStock(shop.db, oil.id, 5);
    await sendAlerts();
    const after = shop.mails.filter((m) => m.subject === 'Hair Oil is back in stock');
    expect(after.map((m) => m.to).sort()).toEqual(['asha@example.com', 'ravi@example.com', 'ravi@example.com']);
  });

  it('refuses an unknown size (404) and a malformed email (400), and subscribes nobody', async () => {
    const ghee = await insertProduct(shop.db, { name: 'Notify Ghee', slug: 'notify-ghee', categoryId, pricePaise: 30_000, quantity: 0 });
    const unknownSize = await shop.request({ method: 'POST', url: `/api/products/${ghee.id}/notify`, payload: { email: 'x@example.com', variant: '16fd2706-8baf-433b-82eb-8c7fada847da' } });
    expect(unknownSize.statusCode).toBe(404);
    const badEmail = await shop.request({ method: 'POST', url: `/api/products/${ghee.id}/notify`, payload: { email: 'not-an-email' } });
    expect(badEmail.statusCode).toBe(400);
    expect(await shop.db.select().from(stockSubscriptions).where(eq(stockSubscriptions.productId, ghee.id))).toHaveLength(0);
    const [size] = await shop.db.select().from(productVariants).where(eq(productVariants.productId, ghee.id));
    expect(size!.quantity).toBe(0);
  });
});
