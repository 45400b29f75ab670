/// <reference lib="dom" />
/**
 * A closed payment window must not cost the sale (issue 26): a shopper puts the last units of a product in the cart,
 * presses PAY, closes the checkout (Cancel payment; Razorpay's dismiss runs the same code), reloads, and the cart
 * still holds them; PAY again succeeds. Also when the tab reloads with the window open (a phone switching to its UPI
 * app): the shopper's own hold never makes the cart "sold out".
 */
import { expect, test } from '../support/app-ready';
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { DEMO_ADMIN } from '../support/env';
import { customerToken, giveDelivery, verifiedCustomer } from './admin-helpers';
import { login } from './storefront-helpers';

const STOCK = 2;

/** A product with only STOCK units, made by the demo admin through the API; answers its name, slug and id. */
async function scarceProduct(request: APIRequestContext, testInfo: TestInfo, tag: string) {
  const signedIn = await request.post('/api/auth/login', { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, secret_key: DEMO_ADMIN.secretKey } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const token = ((await signedIn.json()) as { token: string }).token;
  const { categories } = (await (await request.get('/api/category')).json()) as { categories: Array<{ _id: string }> };
  const name = `Danedar Khoa 250 g ${testInfo.project.name} ${tag} ${Date.now().toString(36)}`;
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, price: 240, category: categories[0]!._id, quantity: STOCK, shortdesc: 'Slow-cooked khoa, grainy and sweet' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = (await created.json()) as { product: { _id: string; slug: string } };
  return { name, slug: product.slug, id: product._id };
}

async function stockOf(request: APIRequestContext, slug: string): Promise<number> {
  const answer = await request.get(`/api/products/${slug}`);
  return ((await answer.json()) as { product: { quantity: number } }).product.quantity;
}

/** Signed in, with a complete delivery, the last units of a new product in the cart; answers the product. */
async function lastUnitsInCart(page: Page, request: APIRequestContext, testInfo: TestInfo, tag: string) {
  const product = await scarceProduct(request, testInfo, tag);
  const account = await verifiedCustomer(request, testInfo, tag);
  await giveDelivery(request, account, await customerToken(request, account));
  await login(page, account);
  await page.goto(`/products/${product.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await page.goto('/cart');
  const summary = page.getByRole('complementary', { name: 'Cart Summary' });
  await expect(summary.getByText(product.name)).toBeVisible();
  await page.getByRole('button', { name: `Add one ${product.name}` }).click();
  await expect(page.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText(String(STOCK));
  return product;
}

/** PAY, with the test checkout open; answers the checkout's order id. */
async function openCheckout(page: Page): Promise<string> {
  const created = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'PAY' }).click();
  const answer = await created;
  expect(answer.status()).toBe(200);
  await expect(page.getByRole('dialog', { name: 'Test checkout' })).toBeVisible();
  return ((await answer.json()) as { order_id: string }).order_id;
}

/** After a reload: the cart still holds every unit, and says nothing was sold out or taken out. */
async function cartStillHolds(page: Page, product: { name: string }) {
  await page.reload();
  await expect(page.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText(String(STOCK));
  await expect(page.getByRole('complementary', { name: 'Cart Summary' }).getByText(product.name)).toBeVisible();
  // Her own hold is hers: the line shows the units as still there for her.
  await expect(page.getByText(`Only ${STOCK} left`)).toBeVisible();
  await expect(page.getByText(/was taken out of your cart|your cart now holds/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'PAY' })).toBeEnabled();
}

async function payInCheckout(page: Page) {
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Order Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
}

test('closing the payment window keeps the last units in the cart, and PAY again sells them', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const product = await lastUnitsInCart(page, request, testInfo, 'closes');
  const first = await openCheckout(page);
  expect(await stockOf(request, product.slug)).toBe(0);

  // Cancel payment: the hold goes back at once.
  const released = page.waitForResponse((r) => r.url().endsWith('/api/orders/release'));
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Cancel payment' }).click();
  expect((await released).status()).toBe(200);
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await stockOf(request, product.slug)).toBe(STOCK);

  await cartStillHolds(page, product);
  const again = await openCheckout(page);
  expect(again).toBe(first);
  await payInCheckout(page);
  expect(await stockOf(request, product.slug)).toBe(0);
});

test('a tab reloaded with the payment window open keeps the cart, and PAY again sells them', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const product = await lastUnitsInCart(page, request, testInfo, 'reloads');
  const first = await openCheckout(page);
  // The phone switched to its UPI app and the tab reloaded: no release was sent, the shopper's own hold stands.
  await cartStillHolds(page, product);
  expect(await stockOf(request, product.slug)).toBe(0);
  expect(await openCheckout(page)).toBe(first);
  await payInCheckout(page);
  expect(await stockOf(request, product.slug)).toBe(0);
});
