/// <reference lib="dom" />
/**
 * Delivery and cash on delivery (issue 29), at 390 px (phone) and 1280 px (desktop): a guest checks a PIN on the
 * ghee's page and sees the fee and the arrival dates, and fresh paneer refused to that far PIN; a shopper in the
 * shop's state sees the fee and the dates in the cart, pays cash on delivery (its fee in the grand total) and
 * confirms by the mailed link, once; the admin ships and delivers the order, and its payment reads Paid.
 *
 * Screenshots go to artifacts/screenshots (full pages, as the other journeys keep them) and, for the four the issue
 * asks to be looked at, a view of the part in question as the shopper or admin sees it; DELIVERY_SHOTS=<dir> copies
 * those four there as <name>-<width>.png.
 */
import { join } from 'node:path';
import { appStarted, expect, test } from '../support/app-ready';
import { E2E_BASE_URL } from '../support/env';
import { linkFromOutbox } from '../support/outbox';
import { adminLogin, adminPath, adminShot, expectAccessible as expectAdminAccessible, openSection, toast } from './admin-helpers';
import {
  cartWithOne,
  copyToShots,
  DELIVERY,
  expectAccessible,
  fillDelivery,
  newShopper,
  openProductFromSearch,
  shot,
  signUp,
  viewShot,
} from './storefront-helpers';

const GHEE = 'A2 Gir Cow Bilona Ghee';
const PANEER = 'Fresh Malai Paneer';
/** Bengaluru: rest of India for a farm in Maharashtra, and far from its local PINs. */
const FAR_PIN = '560001';
const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

/** "₹ 1,104.00" -> 1104. */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/**
 * The screen as it is seen with `part` in the middle of it: artifacts/screenshots/<project>-<name>-view.png, copied to
 * DELIVERY_SHOTS as <name>-<width>.png when set.
 */

test.describe('delivery and cash on delivery', () => {
  test('a guest checks a PIN on the product page: the fee and the dates, and fresh paneer refused', async ({ page }, testInfo) => {
    await openProductFromSearch(page, GHEE);
    const check = page.getByRole('region', { name: 'Delivery' });
    await check.getByLabel('PIN code').fill(FAR_PIN);
    await check.getByRole('button', { name: 'Check' }).click();

    // Where it goes (the PIN's district and state from the directory), the fee, the dates and cash on delivery.
    await expect(check.getByText(new RegExp(`^Delivery to ${FAR_PIN} \\(.*Karnataka\\)$`))).toBeVisible();
    await expect(check.getByText(/^(Delivery ₹ [\d,]+\.\d{2}|Free delivery)$/)).toBeVisible();
    await expect(check.getByText(/^Arrives \w{3} \d{1,2} \w{3}( \d{4})?( – \w{3} \d{1,2} \w{3}( \d{4})?)?$/)).toBeVisible();
    await expect(check.getByText(/^Cash on delivery/)).toBeVisible();
    await viewShot(page, testInfo, 'DELIVERY_SHOTS', 'delivery-pin-check', check);
    await shot(page, testInfo, 'delivery-pin-check');
    await expectAccessible(page, 'product page with a PIN checked');

    // Fresh paneer goes only near the farm: the remembered PIN is refused, naming the product.
    // A product of one size is listed with it ("Fresh Malai Paneer 200 g"); its page is named without.
    await page.goto(`/search/${encodeURIComponent(PANEER)}`);
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${PANEER}`) }) })
      .first()
      .getByRole('link')
      .click();
    await expect(page.getByRole('heading', { level: 1, name: PANEER })).toBeVisible();
    await appStarted(page);
    const paneerCheck = page.getByRole('region', { name: 'Delivery' });
    await expect(paneerCheck.getByText('Fresh product: delivered only to PIN codes near the farm.')).toBeVisible();
    await expect(paneerCheck.getByLabel('PIN code')).toHaveValue(FAR_PIN);
    await paneerCheck.getByRole('button', { name: 'Check' }).click();
    const refusal = paneerCheck.getByText(new RegExp(`^${PANEER}( \\d+ \\w+)? is delivered only near the farm.*${FAR_PIN}$`));
    await expect(refusal).toBeVisible();
    await expect(paneerCheck.getByText(/^Arrives /)).toHaveCount(0);
    await shot(page, testInfo, 'delivery-pin-check-local-only');
  });

  test('a shopper pays cash on delivery and confirms by the mailed link; the admin delivers it and it reads Paid', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const shopper = newShopper(testInfo, 'cod');
    // A phone of this run alone: cash on delivery caps the open orders per phone number.
    const phone = `9${String(Date.now()).slice(-9)}`;
    await signUp(page, shopper);

    await cartWithOne(page, GHEE);
    await fillDelivery(page, { phone });

    // The summary: items, the delivery fee to the saved PIN (in the shop's state), the dates, paid online.
    const summary = page.getByRole('complementary', { name: 'Cart Summary' });
    const row = (term: string | RegExp) => summary.locator('.cart-charges__row').filter({ has: page.getByRole('term').getByText(term) });
    const amount = async (term: string | RegExp) => rupees(await row(term).getByRole('definition').textContent());
    await expect(row(`Delivery to ${DELIVERY.pin}`).getByRole('definition')).toHaveText(/^(Free|₹ [\d,]+\.\d{2})$/);
    await expect(summary.getByText(/^Arrives /)).toBeVisible();
    await expect(row('Cash on delivery fee')).toHaveCount(0);
    const grandTotal = summary.locator('.cart__total-price');
    await expect.poll(async () => rupees(await grandTotal.textContent())).toBeCloseTo((await amount('Items total')) + (await amount(`Delivery to ${DELIVERY.pin}`)), 2);
    await viewShot(page, testInfo, 'DELIVERY_SHOTS', 'delivery-cart', summary);
    await shot(page, testInfo, 'delivery-cart');

    // Cash on delivery: its fee joins the grand total, and the button places the order.
    const cod = summary.getByRole('radio', { name: /^Cash on delivery/ });
    await expect(cod).toBeEnabled();
    await cod.check();
    await expect(cod).toBeChecked();
    await expect(row('Cash on delivery fee')).toBeVisible();
    const expected = (await amount('Items total')) + (await amount(`Delivery to ${DELIVERY.pin}`)) + (await amount('Cash on delivery fee'));
    await expect.poll(async () => rupees(await grandTotal.textContent())).toBeCloseTo(expected, 2);
    const place = page.getByRole('button', { name: 'Place order (cash on delivery)' });
    await expect(place).toBeEnabled();
    await viewShot(page, testInfo, 'DELIVERY_SHOTS', 'delivery-cod-choice', summary.getByRole('group', { name: 'Payment' }));
    await shot(page, testInfo, 'delivery-cod-choice');
    await expectAccessible(page, 'cart with cash on delivery');

    await place.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
    const number = page.getByRole('heading', { level: 2, name: /^Order [A-Z]+-\d+$/ });
    await expect(number).toBeVisible();
    const orderNumber = (await number.textContent())!.replace(/^Order /, '').trim();
    await expect(page.getByText('We have mailed you a link to confirm this order')).toBeVisible();
    await expect(page.getByText('You pay in cash when it is delivered.')).toBeVisible();
    await shot(page, testInfo, 'delivery-cod-placed');
    await expectAccessible(page, 'cash on delivery order placed');

    // The mailed link confirms the order once; opened again, it says so and changes nothing.
    // (The confirm page is the server's own, with no app on it: a plain page, not the test's waiting one.)
    const link = await linkFromOutbox(shopper.email, `${E2E_BASE_URL}/api/checkouts/cod/confirm/`);
    const mailPage = await page.context().newPage();
    await mailPage.goto(link);
    await expect(mailPage.getByRole('heading', { level: 1, name: 'Order confirmed' })).toBeVisible();
    await expect(mailPage.getByText(`Your order ${orderNumber} is confirmed.`)).toBeVisible();
    await mailPage.reload();
    await expect(mailPage.getByRole('heading', { level: 1, name: 'Already confirmed' })).toBeVisible();
    await expect(mailPage.getByText(`Your order ${orderNumber} is already confirmed; nothing more to do.`)).toBeVisible();
    await mailPage.close();

    // The admin finds it on the order desk: cash on delivery, confirmed, cash to collect.
    await adminLogin(page);
    await page.goto(adminPath('admin/orders'));
    const table = page.getByRole('table', { name: 'Checkouts' });
    await expect(table).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const order = table.getByRole('row').filter({ hasText: orderNumber });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(order.getByText('COD: to collect', { exact: true })).toBeVisible();
    await expect(order.getByText('Cash on delivery', { exact: true })).toBeVisible();
    await expect(order.getByRole('button', { name: `Confirm ${orderNumber}` })).toHaveCount(0);

    // Shipped first (courier and tracking), then Delivered: the courier collected the cash.
    const status = order.getByRole('combobox', { name: `Shipping status of ${orderNumber}` });
    await status.selectOption('Shipped');
    const dialog = page.getByRole('dialog', { name: `Ship ${orderNumber}` });
    await dialog.getByLabel('Courier').fill('India Post');
    await dialog.getByLabel('Tracking number').fill(`EK${phone}IN`);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveValue('Shipped');
    await expect(order.getByText('COD: to collect', { exact: true })).toBeVisible();
    await status.selectOption('Delivered');
    await expect(status).toHaveValue('Delivered');
    await expect(order.getByText('Paid', { exact: true })).toBeVisible();
    await expect(toast(page, 'Shipping status updated successfully')).toBeVisible();

    // The admin's Delivery screen: zones and fees, dates, local PINs, cash on delivery, PIN corrections.
    await openSection(page, testInfo, 'Delivery');
    await expect(page.getByRole('button', { name: 'Save delivery settings' })).toBeVisible();
    await adminShot(page, testInfo, 'delivery');
    copyToShots(page, 'DELIVERY_SHOTS', 'admin-delivery', join(SCREENSHOT_DIR, `admin-${testInfo.project.name}-delivery.png`));
    await expectAdminAccessible(page, 'delivery settings');
  });
});
