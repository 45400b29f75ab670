/** Packing slips and labels: what they show (read back with pdftotext), their page size (pdfinfo), who may print them, bad ids. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy as buyThroughApi, installed } from '../../test/checkout-fixtures.js';
import { createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { eq } from 'drizzle-orm';
import { categories, checkouts } from '../../db/schema.js';
import { insertProducts } from '../../test/products.js';
import { insertGheeWithSizes, insertPaidCheckout } from '../orders/test-fixtures.js';

let shop: TestShop;
let categoryId: string;
let admin: TestUser;
let buyers: TestUser[];
/** Three paid checkouts: the first has two lines. */
let checkoutIds: string[];
let lineIds: string[];
let numbers: string[];
let ghee: string;
let oil: string;
let honey: string;
const dir = mkdtempSync(join(tmpdir(), 'slips-test-'));

/** poppler-utils when installed; otherwise the tests that read the PDFs are skipped. */
const hasPoppler = installed('pdftotext') && installed('pdfinfo');

function poppler(tool: 'pdftotext' | 'pdfinfo', pdf: Buffer): string {
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync(tool, tool === 'pdftotext' ? ['-layout', file, '-'] : [file], { encoding: 'utf8' });
}

async function addProduct(name: string) {
  const [row] = await insertProducts(shop.db, [{ name, slug: `p-${randomUUID().slice(0, 8)}`, pricePaise: 59_500, quantity: 50, categoryId, hsnCode: '0405', gstRateBp: 500 }]);
  return row!.id;
}

const buy = (user: TestUser, cart: Array<{ _id: string; cart_quantity: number }>) => buyThroughApi(shop, user, cart);

beforeAll(async () => {
  // Another prefix than the default: the order numbers follow ORDER_PREFIX.
  shop = await createTestShop({ SHOP_LEGAL_NAME: 'Test Farm LLP', SHOP_ADDRESS: 'Gat No. 7, Test Road, Pune 412207', ORDER_PREFIX: 'FARM' });
  const [category] = await shop.db.insert(categories).values({ name: 'Ghee', slug: 'ghee' }).returning();
  categoryId = category!.id;
  admin = await shop.createAdmin();
  buyers = [
    await shop.createShopper({ name: 'राम कुमार शर्मा', address: '12 Ganga Marg, Varanasi', pin: '221001', state: 'Uttar Pradesh', phone: '+919811110001' }),
    await shop.createShopper({ name: 'Priya Nair', address: '44 Marine Drive, Kochi', pin: '682011', state: 'Kerala', phone: '+919811110002' }),
    await shop.createShopper({ name: 'Arjun Patil', address: '9 FC Road, Pune', pin: '411004', state: 'Maharashtra', phone: '+919811110003' }),
  ];
  ghee = await addProduct('शुद्ध देसी घी');
  oil = await addProduct('Cold Pressed Groundnut Oil');
  honey = await addProduct('Forest Honey');
  checkoutIds = [
    await buy(buyers[0]!, [
      { _id: ghee, cart_quantity: 2 },
      { _id: oil, cart_quantity: 1 },
    ]),
    await buy(buyers[1]!, [{ _id: honey, cart_quantity: 3 }]),
    await buy(buyers[2]!, [{ _id: oil, cart_quantity: 4 }]),
  ];
  const all = (await shop.request({ method: 'GET', url: '/api/orders/all', token: admin.token })).json().orders as Array<{ _id: string; order_id: string; order_number: string }>;
  lineIds = checkoutIds.map((id) => all.find((l) => l.order_id === id)!._id);
  numbers = checkoutIds.map((id) => all.find((l) => l.order_id === id)!.order_number);
  for (const n of numbers) expect(n).toMatch(/^FARM-\d+$/);
});
afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

/** As the admin, unless `as` names someone else (null: signed out). */
const slips = (query: string, as: TestUser | null = admin) => shop.request({ method: 'GET', url: `/api/orders/slips.pdf?${query}`, token: as?.token });

describe('GET /api/orders/slips.pdf', () => {
  it.skipIf(!hasPoppler)('a4: one packing slip per checkout with its ship-to, the return address, the order number and its items, no prices', async () => {
    // A line id of the first checkout, and the other two by checkout id: three checkouts, three slips.
    const res = await slips(`ids=${lineIds[0]},${checkoutIds[1]},${checkoutIds[2]}&layout=a4`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = poppler('pdftotext', res.rawPayload);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(3);
    const expected = [
      ['राम कुमार शर्मा', '12 Ganga Marg, Varanasi', 'Uttar Pradesh 221001', 'शुद्ध देसी घी', 'Cold Pressed Groundnut Oil'],
      ['Priya Nair', '44 Marine Drive, Kochi', 'Kerala 682011', 'Forest Honey'],
      ['Arjun Patil', '9 FC Road, Pune', 'Maharashtra 411004', 'Cold Pressed Groundnut Oil'],
    ];
    expected.forEach((parts, i) => {
      const page = pages[i]!;
      for (const part of [...parts, `Order No. ${numbers[i]}`, 'Test Farm LLP', 'Gat No. 7, Test Road, Pune 412207', 'PACKING SLIP']) expect(page).toContain(part);
      expect(page).not.toMatch(/595|₹|INR/);
    });
    // Item, then its size and SKU as sold (the test products' one size, when the checkout wrote it), then the quantity.
    const size = String.raw`\s+(?:Standard\s+T-[0-9A-F]{8}\s+)?`;
    expect(pages[0]).toMatch(new RegExp(`शुद्ध देसी घी${size}2`));
    expect(pages[0]).toMatch(new RegExp(`Cold Pressed Groundnut Oil${size}1`));
    expect(pages[1]).toMatch(new RegExp(`Forest Honey${size}3`));
    // The barcode is an image on each page.
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it.skipIf(!hasPoppler)('label: one 100 x 150 mm page per checkout with the same details', async () => {
    const res = await slips(`ids=${checkoutIds.join(',')}&layout=label`);
    expect(res.statusCode, res.body).toBe(200);
    const info = poppler('pdfinfo', res.rawPayload);
    expect(info).toMatch(/Pages:\s+3\n/);
    expect(info).toMatch(/Page size:\s+283\.46 x 425\.2 pts/);
    const pages = poppler('pdftotext', res.rawPayload).split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('राम कुमार शर्मा');
    expect(pages[0]).toContain('शुद्ध देसी घी');
    expect(pages[0]).toContain(`Order No. ${numbers[0]}`);
    expect(pages[1]).toContain('Kerala 682011');
    expect(pages[2]).toContain('4 x Cold Pressed Groundnut Oil');
    for (const page of pages) expect(page).toContain('Test Farm LLP');
  });

  it.skipIf(!hasPoppler)('label: a checkout of many lines and a long address still takes one label, the rest counted', async () => {
    const buyer = await shop.createShopper({
      name: 'सुनीता देवी अग्रवाल',
      address: 'Flat 1204, Tower B, Green Meadows Co-operative Housing Society, Near Shiv Mandir, Opposite Bus Depot, Wakad',
      pin: '411057',
      state: 'Maharashtra',
    });
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => addProduct(`Farm Product Number ${i + 1}`)));
    const id = await buy(buyer, many.map((p) => ({ _id: p, cart_quantity: 1 })));
    const res = await slips(`ids=${id},${checkoutIds[1]}&layout=label`);
    expect(res.statusCode, res.body).toBe(200);
    expect(poppler('pdfinfo', res.rawPayload)).toMatch(/Pages:\s+2\n/);
    const first = poppler('pdftotext', res.rawPayload).split('\f')[0]!;
    expect(first).toContain('सुनीता देवी अग्रवाल');
    expect(first).toContain('Maharashtra 411057');
    expect(first).toContain('+ 3 more lines (see the packing slip)');
  });

  it('names an unknown or foreign id and draws nothing; malformed ids and too many are 400', async () => {
    const unknownLine = randomUUID();
    const unknown = await slips(`ids=${checkoutIds[0]},${unknownLine}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`Order ${unknownLine} not found`);
    const unknownCheckout = await slips(`ids=order_NoSuchOrder123`);
    expect(unknownCheckout.statusCode).toBe(404);
    expect(unknownCheckout.json().message).toContain('order_NoSuchOrder123');

    const malformed = await slips(`ids=${checkoutIds[0]},../etc/passwd`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('"../etc/passwd" is not an order id');
    expect((await slips('ids=,,')).statusCode).toBe(400);
    expect((await slips(`ids=${checkoutIds[0]}&layout=poster`)).statusCode).toBe(400);
    const tooMany = await slips(`ids=${Array.from({ length: 201 }, () => randomUUID()).join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 200');
  });

  it('is for admins only', async () => {
    expect((await slips(`ids=${checkoutIds[0]}`, null)).statusCode).toBe(401);
    expect((await slips(`ids=${checkoutIds[0]}`, buyers[0]!)).statusCode).toBe(403);
    // GET /orders/{id} is still the admin's read of one line.
    const line = await shop.request({ method: 'GET', url: `/api/orders/${lineIds[1]}`, token: admin.token });
    expect(line.statusCode).toBe(200);
    expect(line.json().order.order_number).toBe(numbers[1]);
  });

  it.skipIf(!hasPoppler)('names each size and its SKU, so the packer picks the right jar (a4 and label)', async () => {
    const { product, small, large } = await insertGheeWithSizes(shop.db, categoryId, 'SLP');
    const { orderId } = await insertPaidCheckout(shop.db, buyers[1]!, [
      { product, ...small, quantity: 2 },
      { product, ...large, quantity: 1 },
    ]);
    const a4 = await slips(`ids=${orderId}&layout=a4`);
    expect(a4.statusCode, a4.body).toBe(200);
    const page = poppler('pdftotext', a4.rawPayload);
    expect(page).toMatch(/Item\s+Size\s+SKU\s+Qty/);
    expect(page).toMatch(/A2 Gir Cow Bilona Ghee\s+250 ml\s+A2GHEE-250-SLP\s+2/);
    // pdftotext may close up a right-aligned "1 L".
    expect(page).toMatch(/A2 Gir Cow Bilona Ghee\s+1 ?L\s+A2GHEE-1L-SLP\s+1/);
    expect(page).toContain('3 items in this box');

    const label = await slips(`ids=${orderId}&layout=label`);
    expect(label.statusCode, label.body).toBe(200);
    const text = poppler('pdftotext', label.rawPayload);
    expect(text).toContain('2 x A2 Gir Cow Bilona Ghee (250 ml) · A2GHEE-250-SLP');
    expect(text).toContain('1 x A2 Gir Cow Bilona Ghee (1 L) · A2GHEE-1L-SLP');
  });
  it.skipIf(!hasPoppler)('tells the courier what to collect on a cash-on-delivery order, and nothing on a prepaid one', async () => {
    const { product, small } = await insertGheeWithSizes(shop.db, categoryId, 'COD');
    const { orderId } = await insertPaidCheckout(shop.db, buyers[2]!, [{ product, ...small, quantity: 2 }]);
    await shop.db.update(checkouts).set({ paymentMethod: 'cod', payment: 'COD: to collect', amountPaise: 128_900 }).where(eq(checkouts.id, orderId));
    for (const layout of ['a4', 'label']) {
      const res = await slips(`ids=${orderId},${checkoutIds[1]}&layout=${layout}`);
      expect(res.statusCode, res.body).toBe(200);
      const [cod, prepaid] = poppler('pdftotext', res.rawPayload).split('\f');
      expect(cod).toContain('CASH ON DELIVERY: COLLECT INR 1,289.00');
      expect(prepaid).not.toMatch(/COLLECT/);
    }
  });
});
