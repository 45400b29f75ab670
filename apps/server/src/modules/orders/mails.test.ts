/** Mails that list order lines name each line's size beside the product (issue 28). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { categories } from '../../db/schema.js';
import { checkoutMailRenderer, nameWithSize, orderConfirmationMail, sizeAndSku } from '../checkout/index.js';
import { newOrderMail } from '../checkout/mails.js';
import { insertGheeWithSizes, insertPaidCheckout } from './test-fixtures.js';
import { insertProduct } from '../../test/products.js';

describe('a line names its size', () => {
  it('beside the name, once: not again when the name already says it, not for the one-size placeholder, not at all before sizes', () => {
    expect(nameWithSize('A2 Gir Cow Bilona Ghee', '250 ml')).toBe('A2 Gir Cow Bilona Ghee (250 ml)');
    expect(nameWithSize('A2 Gir Cow Ghee 500 ml', '500 ml')).toBe('A2 Gir Cow Ghee 500 ml');
    expect(nameWithSize('Forest Honey 500g', '500 g')).toBe('Forest Honey 500g');
    expect(nameWithSize('Forest Honey', null)).toBe('Forest Honey');
    // "Standard" is the placeholder of a product sold in one unnamed size (migration 0012): it names no size.
    expect(nameWithSize('Cold Pressed Groundnut Oil', 'Standard')).toBe('Cold Pressed Groundnut Oil');
    expect(sizeAndSku('Cold Pressed Groundnut Oil', 'Standard', 'GROUNDNUT-OIL')).toBe('SKU GROUNDNUT-OIL');
    expect(sizeAndSku('A2 Gir Cow Bilona Ghee', '1 L', 'A2GHEE-1L')).toBe('1 L, SKU A2GHEE-1L');
    expect(sizeAndSku('A2 Gir Cow Ghee 500 ml', '500 ml', 'A2GHEE-500')).toBe('SKU A2GHEE-500');
    expect(sizeAndSku('Forest Honey', null, null)).toBe('');
  });
});

describe("the checkout's mails", () => {
  let shop: TestShop, buyer: TestUser, categoryId: string;
  beforeAll(async () => {
    shop = await createTestShop();
    const [category] = await shop.db.insert(categories).values({ name: 'Ghee', slug: 'ghee' }).returning();
    categoryId = category!.id;
    buyer = await shop.createShopper({ name: 'Meera Iyer' });
  });
  afterAll(() => shop?.close());

  it('the confirmation and the shop\'s new-order note list each size beside the product, as read from the paid lines', async () => {
    const { product, small, large } = await insertGheeWithSizes(shop.db, categoryId);
    const named = await insertProduct(shop.db, { name: 'Desi Ghee 500 ml', slug: 'desi-ghee-500-ml', categoryId, pricePaise: 59_500, quantity: 5, label: '500 ml', sku: 'DESI-500' });
    const { orderId } = await insertPaidCheckout(shop.db, buyer, [
      { product, ...small, quantity: 2 },
      { product, ...large, quantity: 1 },
      { product: named, variantId: named.variantId, label: '500 ml', sku: 'DESI-500', quantity: 1, unitPaise: 59_500 },
    ]);
    const { config } = shop;
    // As the outbox renders them: from the checkout's rows, read when the mail is sent.
    const read = async (build: Parameters<typeof checkoutMailRenderer>[2]) => (await checkoutMailRenderer(shop.db, config.orderPrefix, build)({ checkoutId: orderId, paymentId: 'pay_x' }))!;
    const confirmation = await read((c) => orderConfirmationMail(config.brandName, config.publicUrl, c));
    const note = await read((c) => newOrderMail(config.brandName, config.shopEmail, c));
    for (const mail of [confirmation, note]) {
      expect(mail.text).toContain('- A2 Gir Cow Bilona Ghee (250 ml) x 2 at');
      expect(mail.text).toContain('- A2 Gir Cow Bilona Ghee (1 L) x 1 at');
      // A name that already says its size does not say it twice.
      expect(mail.text).toContain('- Desi Ghee 500 ml x 1 at');
    }
    expect(confirmation.html).toContain('A2 Gir Cow Bilona Ghee (250 ml)</td>');
    expect(confirmation.html).toContain('A2 Gir Cow Bilona Ghee (1 L)</td>');
  });
});
