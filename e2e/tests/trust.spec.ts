/// <reference lib="dom" />
/**
 * Stock and trust (issue 33), at 390 px (phone) and 1280 px (desktop):
 * 1. a shopper asks to be told when the sold-out 250 g jar of honey is back; the admin restocks it in the sizes grid,
 *    and one mail with a link to that size (and an unsubscribe link) reaches the shopper;
 * 2. a customer reviews a product delivered to them; the admin publishes it (with a reply) on the Reviews screen, and
 *    the product page shows it, verified, with the average, the count and the bars.
 *
 * TRUST_SHOTS=<dir> copies the views the issue asks to be looked at there as <name>-<width>.png.
 */
import type { APIRequestContext } from '@playwright/test';
import { appStarted, expect, test } from '../support/app-ready';
import { adminLogin, adminPath, adminToken, customerToken, expectAccessible as expectAdminAccessible, mailsContaining, openSection, paidByApi, toast, verifiedCustomer } from './admin-helpers';
import { expectAccessible, login, sizeButton, viewShot } from './storefront-helpers';

const HONEY_SLUG = 'raw-wild-forest-honey';
const HONEY = 'Raw Wild Forest Honey';

interface Size {
  _id: string;
  label: string;
  sku: string;
  price: number;
  mrp?: number;
  quantity: number;
  weight_grams: number;
  is_default: boolean;
  low_stock_at?: number;
}

async function productBySlug(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/products/${slug}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { product: { _id: string; slug: string; name: string; variants: Size[] } }).product;
}

/** Sets one size's stock through the admin API (the other sizes as they are). */
async function setStock(request: APIRequestContext, token: string, slug: string, label: string, quantity: number) {
  const product = await productBySlug(request, slug);
  const variants = product.variants.map((v) => ({
    _id: v._id,
    label: v.label,
    sku: v.sku,
    price: v.price,
    mrp: v.mrp ?? null,
    quantity: v.label === label ? quantity : v.quantity,
    expected_quantity: v.quantity,
    weight_grams: v.weight_grams,
    is_default: v.is_default,
  }));
  const res = await request.put(`/api/products/${product._id}`, { headers: { authorization: `Bearer ${token}` }, data: { variants } });
  expect(res.status(), await res.text()).toBe(200);
  return product;
}

test.describe('stock and trust', () => {
  test('a shopper asks to be told when a sold-out size is back; the admin restocks it and the mail arrives', async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await adminToken(request);
    // Sold out whatever an earlier journey did to it.
    const honey = await setStock(request, admin, HONEY_SLUG, '250 g', 0);
    const small = honey.variants.find((v) => v.label === '250 g')!;
    const email = `${testInfo.project.name}-notify-${Date.now().toString(36)}@example.com`;

    await page.goto(`/products/${HONEY_SLUG}`);
    await expect(page.getByRole('heading', { level: 1, name: HONEY })).toBeVisible();
    // A sold-out size can be chosen: the page says so and offers to tell the shopper when it is back.
    await sizeButton(page, '250 g (Out of Stocks)').click();
    await expect(sizeButton(page, '250 g (Out of Stocks)')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Out of Stocks', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    const notify = page.getByRole('region', { name: '250 g is sold out' });
    await expect(notify).toBeVisible();

    // A malformed address is said in plain words, beside the field.
    await notify.getByLabel('Email').fill('not-an-email');
    await notify.getByRole('button', { name: 'Notify me' }).click();
    await expect(notify.getByText('Enter your email address, like name@example.com.')).toBeVisible();
    await notify.getByLabel('Email').fill(email);
    await viewShot(page, testInfo, 'TRUST_SHOTS', 'notify-me-form', notify);
    await notify.getByRole('button', { name: 'Notify me' }).click();
    await expect(notify.getByText('We will email you when it is back.')).toBeVisible();
    await viewShot(page, testInfo, 'TRUST_SHOTS', 'notify-me-done', notify);
    await expectAccessible(page, 'product page with Notify me');

    // The admin restocks the 250 g in the product's sizes grid.
    await adminLogin(page);
    await page.goto(adminPath(`admin/products/${HONEY_SLUG}`));
    const sizes = page.getByRole('group', { name: 'Sizes' });
    await expect(sizes).toBeVisible();
    const row = honey.variants.findIndex((v) => v.label === '250 g') + 1;
    await expect(sizes.getByLabel(`Size ${row} low stock at`)).toHaveValue(/^\d+$/);
    await sizes.getByLabel(`Size ${row} stock`).fill('20');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, /updated/i)).toBeVisible();

    // One mail: a link to that size, and a way to unsubscribe.
    const mails = await mailsContaining(email, `/products/${HONEY_SLUG}?variant=${small._id}`, 30_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toLowerCase()).toContain('unsubscribe');
  });

  test('a customer reviews a delivered product; the admin publishes it and the product page shows it', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const account = await verifiedCustomer(request, testInfo, 'review');
    const token = await customerToken(request, account);
    const auth = { authorization: `Bearer ${token}` };
    const profile = await request.put('/api/users/profile', {
      headers: auth,
      data: { name: account.name, phone: '+919812345670', address: '4 Mill Road\nNashik', pin: '422001', state: 'Maharashtra' },
    });
    expect(profile.status(), await profile.text()).toBe(200);

    // Bought and paid in the sandbox, then shipped and delivered by the admin (through the API).
    const honey = await productBySlug(request, HONEY_SLUG);
    const big = honey.variants.find((v) => v.label === '500 g')!;
    const order_id = await paidByApi(request, auth, [{ _id: honey._id, variant: big._id, cart_quantity: 1 }]);
    const admin = { authorization: `Bearer ${await adminToken(request)}` };
    const shipped = await request.put(`/api/checkouts/${order_id}`, { headers: admin, data: { status: 'Shipped', courier: 'India Post', tracking_number: `EE${Date.now()}IN` } });
    expect(shipped.status(), await shipped.text()).toBeLessThan(300);
    const delivered = await request.put(`/api/checkouts/${order_id}`, { headers: admin, data: { status: 'Delivered' } });
    expect(delivered.status(), await delivered.text()).toBeLessThan(300);

    // The customer writes a review on the product page: 4 stars, a title, a text; it waits for the farm's check.
    const title = `Thick and floral ${testInfo.project.name} ${testInfo.repeatEachIndex + 1}`;
    const body = `Set like a candle in the cold and tastes of the forest.\nWe ordered the 500 g jar (${Date.now().toString(36)}).`;
    await login(page, account);
    await page.goto(`/products/${HONEY_SLUG}`);
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    await reviews.scrollIntoViewIfNeeded();
    const form = reviews.getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();
    await expect(form.getByText('Every review waits for the farm’s check before it is shown.')).toBeVisible();
    await form.getByRole('radio', { name: '4 stars' }).check();
    await form.getByLabel('Title (optional)').fill(title);
    await form.getByLabel('Your review').fill(body);
    await form.getByRole('button', { name: 'Send your review' }).click();
    await expect(reviews.getByText('It waits for the farm’s check and then shows here.')).toBeVisible();
    // Not shown before it is published.
    await expect(reviews.getByRole('heading', { name: title })).toHaveCount(0);

    // The admin finds it waiting on the Reviews screen, replies and publishes it.
    await adminLogin(page);
    await openSection(page, testInfo, 'Reviews');
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Verified purchase')).toBeVisible();
    await expect(card.getByText('Waiting', { exact: true })).toBeVisible();
    await card.getByLabel('Your reply (public)').fill('Thank you! The spring harvest is the floral one.');
    await viewShot(page, testInfo, 'TRUST_SHOTS', 'admin-reviews', page.getByRole('heading', { level: 1, name: 'Reviews' }));
    await expectAdminAccessible(page, 'reviews screen');
    await card.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, /published/i)).toBeVisible();
    await page.getByRole('link', { name: 'Published' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: title }).getByText('Published', { exact: true })).toBeVisible();

    // The product page shows it: the average, the count, the bars, the review as plain text with the farm's reply.
    await page.goto(`/products/${HONEY_SLUG}`);
    await appStarted(page);
    await reviews.scrollIntoViewIfNeeded();
    const review = reviews.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(review).toBeVisible();
    await expect(review.getByText('Verified purchase')).toBeVisible();
    await expect(review.getByText('Thank you! The spring harvest is the floral one.')).toBeVisible();
    await expect(reviews.getByText(/^\d\.\d$/).first()).toBeVisible();
    await expect(reviews.getByRole('list', { name: 'Ratings, 5 stars to 1' })).toBeVisible();
    await viewShot(page, testInfo, 'TRUST_SHOTS', 'reviews-block', reviews);
    await expectAccessible(page, 'product page with reviews');

    // The server's page carries aggregateRating in its JSON-LD now that a review is published.
    const html = await (await request.get(`/products/${HONEY_SLUG}`)).text();
    expect(html).toContain('"aggregateRating"');
  });
});
