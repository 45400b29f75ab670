/**
 * The admin on its own host (issue 13): the panel built with VITE_API_BASE_URL pointing at the API and served from a
 * second origin ships an order, changes a user's status and deletes a category. Each of those is a PUT or DELETE with
 * a bearer token, so the browser preflights it and the API's CORS answer decides whether it goes through.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitsForApp } from '../support/app-ready';
import { ADMIN_PREFIX, DEMO_ADMIN, E2E_ADMIN_ORIGIN, E2E_BASE_URL } from '../support/env';
import { addCategoryInPanel, adminLogin, customerFromAnotherAddress, customerToken, giveDelivery, openSection, submitShopLogin, toast } from './admin-helpers';

test.setTimeout(180_000);

const adminUrl = (path: string) => `${E2E_ADMIN_ORIGIN}/${ADMIN_PREFIX}/${path}`;

// The admin's pages call the API across origins: no test-only header that would need a CORS preflight.
test.use({ ownClientAddress: false });

/** Every cross-origin write the panel sends to the API, with its answer's status. */
function crossOriginWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (['PUT', 'DELETE', 'POST'].includes(request.method()) && request.url().startsWith(`${E2E_BASE_URL}/api/`)) {
      writes.push(`${request.method()} ${new URL(request.url()).pathname} ${response.status()}`);
    }
  });
  return writes;
}

test('the admin served from another origin ships an order, changes a user status and deletes a category', async ({ page, request, browser }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'CORS does not depend on the screen; the desktop run covers it');
  const tag = Date.now().toString(36).slice(-5);
  const shopper = await customerFromAnotherAddress(testInfo, `own-host-buyer-${tag}`, '127.0.0.2');
  const leaving = await customerFromAnotherAddress(testInfo, `own-host-leaving-${tag}`, '127.0.0.2');
  // Checkout asks where to deliver; this journey is about the admin, so the shopper's profile already says.
  await giveDelivery(request, shopper, await customerToken(request, shopper));

  // A shopper buys a demo product on the storefront (the API's own origin).
  const shop = waitsForApp(await (await browser.newContext()).newPage());
  await submitShopLogin(shop, shopper);
  await expect(shop.getByText('User Login successfull').first()).toBeVisible();
  const listed = (await (await request.get('/api/products/list/1')).json()) as { products: { name: string; slug: string; quantity: number }[] };
  const product = listed.products.find((p) => p.quantity > 0)!;
  await shop.goto(`/products/${product.slug}`);
  await expect(shop.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await shop.getByRole('button', { name: 'Buy Now' }).click();
  await expect(shop).toHaveURL(/\/cart$/);
  await shop.getByRole('button', { name: 'PAY' }).click();
  await shop.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(shop.getByText('Order Successful').first()).toBeVisible();
  await shop.context().close();

  const writes = crossOriginWrites(page);
  await adminLogin(page, { loginUrl: adminUrl('adminlogin') });
  expect(new URL(page.url()).origin).toBe(E2E_ADMIN_ORIGIN);

  // The top bar's profile link opens the signed-in admin's own account, in the panel on its own host.
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('form', { name: 'User details' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO_ADMIN.email);
  await expect(page.getByLabel('Role')).toHaveValue('admin');
  expect(new URL(page.url()).origin).toBe(E2E_ADMIN_ORIGIN);

  // Ship the order (PUT).
  await openSection(page, testInfo, 'Orders');
  // The SPEC's per-line list is the Lines view of the orders screen (the order desk's checkouts come first).
  await page.getByRole('navigation', { name: 'Order views' }).getByRole('link', { name: 'Lines' }).click();
  const orderRow = page.getByRole('row').filter({ hasText: product.name }).filter({ hasText: shopper.email }).first();
  const status = orderRow.getByRole('combobox', { name: /Shipping status of order/ });
  await expect(status).toHaveValue('Processing');
  await status.selectOption({ label: 'Shipped' });
  await expect(toast(page, 'Shipping status updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: shopper.email }).first().getByRole('combobox', { name: /Shipping status of order/ })).toHaveValue('Shipped');

  // Make a user inactive (PUT); the API then refuses their login.
  await openSection(page, testInfo, 'Users');
  await page.getByRole('row').filter({ hasText: leaving.email }).getByRole('combobox', { name: `Status of ${leaving.email}` }).selectOption('inactive');
  await expect(toast(page, 'User status updated successfully')).toBeVisible();
  const refused = await request.post('/api/auth/login', { data: { email: leaving.email, password: leaving.password } });
  expect(refused.status()).toBe(403);

  // Create, then delete a category (POST, DELETE).
  const categoryName = `Own Host ${tag}`;
  await openSection(page, testInfo, 'Categories');
  await addCategoryInPanel(page, categoryName);
  await page.getByRole('button', { name: `Delete ${categoryName}` }).click();
  await page.getByRole('dialog', { name: 'Delete category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Category deleted successfully')).toBeVisible();
  const categories = (await (await request.get('/api/category')).json()) as { categories: { name: string }[] };
  expect(categories.categories.map((c) => c.name)).not.toContain(categoryName);

  await expect(page.getByText('Network error')).toHaveCount(0);
  expect(writes.filter((w) => /^(PUT|DELETE) /.test(w))).toEqual([
    expect.stringMatching(/^PUT \/api\/.* 200$/),
    expect.stringMatching(/^PUT \/api\/.* 200$/),
    expect.stringMatching(/^DELETE \/api\/.* 200$/),
  ]);
});
