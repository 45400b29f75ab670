/// <reference lib="dom" />
/**
 * Coupons (issue 31), at 390 px (phone) and 1280 px (desktop): the admin makes a code (through the API), a shopper
 * types it in the cart in lower case with spaces, sees the discount as a line of its own and in the grand total, pays
 * in the sandbox, and finds the discount on Orders and on the tax invoice. A code that does not exist is refused in
 * words under the field and changes nothing. The admin's Coupons screen lists the code with its use and revenue, and
 * its form opens with every field.
 *
 * Screenshots go to artifacts/screenshots; COUPON_SHOTS=<dir> copies the cart with the code applied, the Coupons list
 * and its form there as <name>-<width>.png.
 */
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/app-ready';
import { adminLogin, adminShot, adminToken, expectAccessible as expectAdminAccessible, openSection } from './admin-helpers';
import { cartWithOne, copyToShots, expectAccessible, fillDelivery, newShopper, payInSandbox, pdfText, shot, signUp, viewShot } from './storefront-helpers';

const GHEE = 'A2 Gir Cow Bilona Ghee';
const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

/** "₹ 1,104.00" -> 1104. */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
/** A day as IST sees it, `days` from now. */
const istDay = (days = 0) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Nothing on the page is wider than the screen (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'page wider than the screen').toBeLessThanOrEqual(0);
}

/** The coupon the admin makes for this run: 10% off, valid from today for a month, through the API. */
async function makeCoupon(request: APIRequestContext, code: string) {
  const token = await adminToken(request);
  const made = await request.post('/api/coupons', {
    headers: { authorization: `Bearer ${token}` },
    data: { code, kind: 'percent', value: 10, starts_at: istDay(), ends_at: istDay(30), usage_limit: 50, per_customer_limit: 1 },
  });
  expect(made.status(), await made.text()).toBe(200);
}

test.describe('coupons', () => {
  test('a shopper applies a code in the cart, pays in the sandbox, and finds the discount on the invoice', async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const code = `SAVE10-${testInfo.project.name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    await makeCoupon(request, code);

    const shopper = newShopper(testInfo, 'coupon');
    await signUp(page, shopper);
    await cartWithOne(page, GHEE);
    await fillDelivery(page, { phone: `9${String(Date.now()).slice(-9)}` });

    const summary = page.getByRole('complementary', { name: 'Cart Summary' });
    const row = (term: string | RegExp) => summary.locator('.cart-charges__row').filter({ has: page.getByRole('term').getByText(term) });
    const amount = async (term: string | RegExp) => rupees(await row(term).getByRole('definition').textContent());
    const grandTotal = summary.locator('.cart__total-price');
    await expect(row('Items total')).toBeVisible();
    const before = rupees(await grandTotal.textContent());

    // An unknown code is refused in words under the field; nothing changes.
    const box = summary.getByRole('form', { name: 'Coupon' });
    const field = box.getByLabel('Apply coupon');
    await field.fill('NOSUCHCODE1');
    await box.getByRole('button', { name: 'Apply' }).click();
    await expect(box.getByRole('alert')).toBeVisible();
    await expect(box.getByRole('alert')).toContainText('NOSUCHCODE1');
    await expect(field).toHaveValue('NOSUCHCODE1');
    expect(rupees(await grandTotal.textContent())).toBe(before);
    await expect(row(/^Coupon /)).toHaveCount(0);

    // The code typed as a shopper would: lower case, spaces around it.
    await field.fill(`  ${code.toLowerCase()} `);
    await box.getByRole('button', { name: 'Apply' }).click();
    const discountRow = row(`Coupon ${code}`);
    await expect(discountRow).toBeVisible();
    await expect(summary.getByRole('region', { name: 'Coupon' })).toContainText(`Coupon ${code} applied`);
    const items = await amount('Items total');
    const discount = await amount(`Coupon ${code}`);
    expect(discount).toBeCloseTo(Math.round(items * 10) / 100, 2);
    await expect
      .poll(async () => rupees(await grandTotal.textContent()))
      .toBeCloseTo(items - discount + (await amount(/^Delivery to /)), 2);
    // Remembered with the cart: a reload keeps it applied.
    await page.reload();
    await expect(row(`Coupon ${code}`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const button of [summary.getByRole('button', { name: `Remove coupon ${code}` }), summary.getByRole('button', { name: 'PAY' })]) {
      const size = await button.boundingBox();
      expect(size?.height ?? 0, 'tap target height').toBeGreaterThanOrEqual(44);
    }
    await viewShot(page, testInfo, 'COUPON_SHOTS', 'coupon-cart', summary);
    await shot(page, testInfo, 'coupon-cart');
    await expectAccessible(page, 'cart with a coupon applied');

    // Pay in the sandbox.
    await payInSandbox(page);
    await expect(page).toHaveURL(/\/orders$/);

    // Orders: the coupon and its discount on the checkout.
    const order = page.getByRole('article', { name: /^Order SF-\d+$/ });
    await expect(order).toHaveCount(1);
    await expect(order.getByText(`Coupon ${code}`)).toBeVisible();
    expect(rupees(await order.getByText(`Coupon ${code}`).locator('xpath=following-sibling::dd[1]').textContent())).toBeCloseTo(discount, 2);
    await shot(page, testInfo, 'coupon-orders');

    // The tax invoice: a Discount column and the coupon named, GST on the discounted value.
    const download = page.waitForEvent('download');
    await order.getByRole('button', { name: 'Tax invoice (PDF)' }).click();
    const text = pdfText((await (await download).path())!);
    test.skip(text === null, 'pdftotext (poppler-utils) is not installed: the invoice text cannot be read');
    expect(text).toContain('Discount');
    expect(text!.replace(/\s+/g, ' ')).toContain(`Coupon ${code}`);
    expect(text).toContain(discount.toFixed(2));

    // The cart is empty and the code went with the order.
    await page.goto('/cart');
    await expect(page.getByText('Cart is empty')).toBeVisible();
  });

  test('the admin sees the code on the Coupons screen with its terms and uses, and its form', async ({ page, request }, testInfo) => {
    const code = `LIST5-${testInfo.project.name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    await makeCoupon(request, code);
    await adminLogin(page);
    await openSection(page, testInfo, 'Coupons');
    await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Coupons' });
    const line = table.getByRole('row').filter({ hasText: code });
    await expect(line).toBeVisible();
    await expect(line.getByText('10% off')).toBeVisible();
    await expect(line.getByText('50 in all · 1 per customer')).toBeVisible();
    await expect(line.getByText('0 paid')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await adminShot(page, testInfo, 'coupons');
    copyToShots(page, 'COUPON_SHOTS', 'admin-coupons', join(SCREENSHOT_DIR, `admin-${testInfo.project.name}-coupons.png`));
    await expectAdminAccessible(page, 'coupons list');

    await line.getByRole('button', { name: `Edit coupon ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit coupon ${code}` });
    await expect(dialog.getByLabel('Code')).toHaveValue(code);
    await expect(dialog.getByLabel('Percent off (%)')).toHaveValue('10');
    await expect(dialog.getByLabel('Ends on')).toHaveValue(istDay(30));
    await dialog.getByLabel('Code').fill('bad code!');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await expect(dialog.getByText(/Use 3 to 30 letters, digits, - or _/)).toBeVisible();
    await dialog.getByLabel('Code').fill(code);
    await adminShot(page, testInfo, 'coupon-form', { overlay: true });
    copyToShots(page, 'COUPON_SHOTS', 'admin-coupon-form', join(SCREENSHOT_DIR, `admin-${testInfo.project.name}-coupon-form.png`));
    await expectAdminAccessible(page, 'coupon form');
  });
});
