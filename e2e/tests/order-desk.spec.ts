/**
 * The order desk (issue 32): the admin finds a customer's order by the phone number they read out, ships the whole
 * checkout with its tracking number in one step, exports the day as CSV for the accountant and prints the labels.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/app-ready';
import { adminLogin, adminPath, customerFromAnotherAddress, customerToken, mailsContaining, paidByApi, toast, type Account } from './admin-helpers';

test.setTimeout(180_000);

/** Where the screenshots and the printed label go (ORDER_DESK_SHOTS overrides). */
const SHOTS = process.env.ORDER_DESK_SHOTS ?? join(import.meta.dirname, '..', 'artifacts', 'order-desk');

/** A paid checkout of two products, placed and paid through the API as the storefront does. */
async function paidTwoLineCheckout(request: APIRequestContext, account: Account, phone: string) {
  const token = await customerToken(request, account);
  const auth = { authorization: `Bearer ${token}` };
  const profile = await request.put('/api/users/profile', {
    headers: auth,
    data: { name: account.name, phone, address: '7 Temple Street\nMalleswaram', pin: '560003', state: 'Karnataka' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const listed = (await (await request.get('/api/products/list/1')).json()) as { products: { _id: string; quantity: number }[] };
  const [a, b] = listed.products.filter((p) => p.quantity > 2);
  return paidByApi(request, auth, [
    { _id: a!._id, cart_quantity: 1 },
    { _id: b!._id, cart_quantity: 2 },
  ]);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: name !== 'ship-step' });
  await testInfo.attach(name, { path: join(SHOTS, `${name}-${width}.png`), contentType: 'image/png' });
}

/** Today in the shop's time zone, as the date filters take it. */
const shopToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

test('the admin finds an order by phone, ships the whole checkout, exports the day and prints labels', async ({ page, request }, testInfo) => {
  const tag = Date.now().toString(36).slice(-5);
  const account = await customerFromAnotherAddress(testInfo, `desk-${tag}`, '127.0.0.3', `Meera ${tag}`);
  // A phone no other journey uses, so the search finds exactly this customer.
  const digits = `97${String(Date.now()).slice(-8)}`;
  await paidTwoLineCheckout(request, account, `+91${digits}`);

  await adminLogin(page);
  await page.goto(adminPath('admin/orders'));
  await expect(page.getByRole('table', { name: 'Checkouts' })).toBeVisible();

  // --- The customer phones: the admin types the number as they read it out.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(`${digits.slice(0, 5)} ${digits.slice(5)}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Checkouts' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(account.name);
  await expect(row).toContainText(' × 2');
  const orderNumber = (await row.getByRole('link').first().textContent())!.trim();
  expect(orderNumber).toMatch(/^[A-Z]+-\d+$/);
  // The number is short and stays on one line.
  const numberBox = await row.getByRole('link', { name: orderNumber }).boundingBox();
  expect(numberBox!.height).toBeLessThan(40);
  await shoot(page, testInfo, 'orders-search');

  // --- Ship the whole checkout: Shipped asks for the courier and tracking in the same step.
  const tracking = `EK${digits}IN`;
  await row.getByRole('combobox', { name: `Shipping status of ${orderNumber}` }).selectOption('Shipped');
  const dialog = page.getByRole('dialog', { name: `Ship ${orderNumber}` });
  await dialog.getByLabel('Courier').fill('India Post');
  await dialog.getByLabel('Tracking number').fill(tracking);
  await dialog.getByLabel('Tracking URL (optional)').fill('https://www.indiapost.gov.in/');
  await shoot(page, testInfo, 'ship-step');
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(new URL(r.url()).pathname);
  });
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, 'Shipping status updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('combobox', { name: `Shipping status of ${orderNumber}` })).toHaveValue('Shipped');
  expect(puts).toHaveLength(1);
  expect(puts[0]).toMatch(/^\/api\/checkouts\//);
  // Both lines moved, and the customer got one shipped mail, carrying the tracking number.
  expect(await mailsContaining(account.email, tracking)).toHaveLength(1);

  // The checkout opens with both its lines shipped.
  await row.getByRole('link', { name: orderNumber }).click();
  const lines = page.getByRole('table', { name: `Lines of ${orderNumber}` });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines.getByText(tracking)).toHaveCount(2);
  await page.goBack();

  // --- Export the day: the CSV honours the filters and carries the order's number.
  const today = shopToday();
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('From', { exact: true }).fill(today);
  await filters.getByLabel('To', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}.*to=${today}|to=${today}.*from=${today}`));
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`orders-${today}.csv`);
  const csvText = readFileSync((await csv.path())!, 'utf8');
  expect(csvText.charCodeAt(0)).toBe(0xfeff);
  expect(csvText).toContain(orderNumber);

  // --- Print the label of the chosen checkout.
  const chosen = page.getByRole('table', { name: 'Checkouts' }).getByRole('row').filter({ hasText: orderNumber });
  await chosen.getByRole('checkbox', { name: `Select ${orderNumber}` }).check();
  await expect(page.getByRole('combobox', { name: 'Print layout' })).toHaveValue('label');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Print \(\d+\)$/ }).click()]);
  expect(pdf.suggestedFilename()).toBe('labels.pdf');
  const pdfPath = join(SHOTS, `label-${testInfo.project.name}.pdf`);
  await pdf.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
});
