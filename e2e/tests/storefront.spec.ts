/// <reference lib="dom" />
/**
 * The storefront in real Chromium against the built all-in-one server (demo shop, sandbox payments),
 * on a 1280 px desktop and a 390 px phone.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/app-ready';
import {
  addFirstInStockProduct,
  DELIVERY,
  expectAccessible,
  fillDelivery,
  newShopper,
  pickFromMenu,
  shot,
  signUp,
} from './storefront-helpers';

test.describe('storefront', () => {
  test('main pages: every one has its title, looks right and passes axe', async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const { products } = (await (await request.get('/api/products/list/1')).json()) as { products: Array<{ slug: string; name: string; category: { slug: string } }> };
    const { solutions } = (await (await request.get('/api/solutions')).json()) as { solutions: Array<{ slug: string }> };
    const { blogs } = (await (await request.get('/api/blogs')).json()) as { blogs: Array<{ slug: string; title: string }> };
    const product = products[0]!;
    const pages: Array<[string, string, RegExp]> = [
      ['home', '/', /^Shuddh Farm$/],
      ['allproducts', '/allproducts', /^All Products \| Shuddh Farm$/],
      ['category', `/category/${product.category.slug}`, /\| Shuddh Farm$/],
      ['solution', `/solutions/${solutions[0]!.slug}`, /\| Shuddh Farm$/],
      ['product', `/products/${product.slug}`, new RegExp(`^${product.name.replace(/[()]/g, '.')} \\| Shuddh Farm$`)],
      ['search', '/search/ghee', /^Search: ghee \| Shuddh Farm$/],
      ['cart-empty', '/cart', /^Cart \| Shuddh Farm$/],
      ['blogs', '/blogs', /^Blogs \| Shuddh Farm$/],
      ['blog', `/blogs/${blogs[0]!.slug}`, /\| Shuddh Farm$/],
      ['about-us', '/about-us', /^About Us \| Shuddh Farm$/],
      ['privacy-and-policy', '/privacy-and-policy', /^Privacy & Policies \| Shuddh Farm$/],
      ['login', '/login', /^Login \| Shuddh Farm$/],
      ['register', '/register', /^Register \| Shuddh Farm$/],
      ['forget-password', '/forget-password', /^Forgot password \| Shuddh Farm$/],
      ['not-found', '/no-such-page', /^Not found \| Shuddh Farm$/],
    ];
    const descriptions = new Set<string>();
    for (const [name, path, title] of pages) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('main')).not.toBeEmpty();
      descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
      await shot(page, testInfo, name);
      await expectAccessible(page, name);
    }
    // Each page describes itself (a few share the shop's description at most).
    expect(descriptions.size).toBeGreaterThan(10);

    await page.goto(`/products/${product.slug}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: product.name, offers: { priceCurrency: 'INR' } });
  });

  test('the narrowest phone (360 px) scrolls no page sideways', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'a phone-width check');
    await page.setViewportSize({ width: 360, height: 740 });
    const { products } = (await (await request.get('/api/products/list/1')).json()) as { products: Array<{ slug: string }> };
    for (const path of ['/', '/allproducts', `/products/${products[0]!.slug}`, '/search/ghee', '/cart', '/blogs', '/about-us', '/privacy-and-policy', '/login', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('main')).not.toBeEmpty();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path }).toBeLessThanOrEqual(360);
    }
  });

  test('home page: slider, videos, sections, and prices follow the currency', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('THE WORLDS BEST PURE PRODUCTS')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next slide' })).toBeVisible();
    const videos = page.getByRole('region', { name: 'Made on our farm' });
    await expect(videos.locator('video')).toHaveCount(3);
    // The clips start once the page is idle, after the app has taken it over.
    await expect.poll(() => videos.locator('video').first().evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.autoplay)).toBe(true);
    await expect(videos.getByText('₹ 595.00')).toHaveCount(2);
    await expect(videos.getByText('₹ 995.00')).toHaveCount(1);
    for (const claim of ['Farm fresh', 'No flavor', 'Number 1 Ghee in the world', 'Well Packed', 'Honest']) {
      await expect(page.getByRole('region', { name: 'Why Shuddh Farm?' }).getByText(claim)).toBeVisible();
    }
    for (const tile of ['Immunity Power', 'Best for Health', 'Digestive issues', 'Best for childrens']) {
      await expect(page.getByRole('region', { name: 'Shop By Solutions' }).getByRole('link', { name: tile })).toHaveAttribute('href', '/allproducts');
    }
    await expect(page.getByRole('region', { name: 'Bestsellers' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Explore More Products' }).getByRole('article').first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await expect(videos.getByText('$ 7.14')).toHaveCount(2);
    await expect(videos.getByText('$ 11.94')).toHaveCount(1);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });

  test('a guest keeps a cart but cannot pay', async ({ page }, testInfo) => {
    const name = await addFirstInStockProduct(page);
    await page.getByRole('link', { name: /^Cart, 1 item/ }).click();
    await expect(page.getByRole('complementary', { name: 'Cart Summary' }).getByText(name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'PAY' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Please login to checkout' })).toBeVisible();
    await shot(page, testInfo, 'cart-guest');
    await expectAccessible(page, 'cart');

    // The cart survives a reload (local storage).
    await page.reload();
    await expect(page.getByRole('complementary', { name: 'Cart Summary' }).getByText(name)).toBeVisible();
    await page.getByRole('button', { name: /^Remove one / }).click();
    await expect(page.getByText('Cart is empty')).toBeVisible();
    await expect(page.getByRole('button', { name: 'PAY' })).toBeDisabled();
  });

  test('a shopper browses, searches, registers, verifies, logs in, pays and edits the profile', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const shopper = newShopper(testInfo, 'journey');

    // Browse by category and by solution.
    await page.goto('/');
    await pickFromMenu(page, testInfo, 'Shop by Category', 'Ghee');
    await expect(page).toHaveURL(/\/category\/ghee$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ghee' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await pickFromMenu(page, testInfo, 'Shop by Solution', 'Immunity Power');
    await expect(page).toHaveURL(/\/solutions\/immunity-power$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Immunity Power' })).toBeVisible();
    await pickFromMenu(page, testInfo, 'Shop by Category', 'All');
    await expect(page).toHaveURL(/\/$/);

    // Search, then open a result and add it to the cart.
    await page.getByRole('link', { name: 'Search products' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('ghee');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\/ghee$/);
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('article');
    await expect(results.first()).toBeVisible();
    await results.filter({ hasNotText: 'Out of Stocks' }).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/products\//);
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    const productName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await expect(page.getByText(/^In stocks : \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('button', { name: 'PAY' })).toBeDisabled();
    await page.getByRole('button', { name: `Add one ${productName}` }).click();
    await expect(page.getByRole('group', { name: `Quantity of ${productName}` })).toContainText('2');

    // Register, open the verification link from the outbox, log in.
    await signUp(page, shopper);

    // A new account has no delivery details: PAY waits for the "Deliver to" block, saved to the profile.
    await page.getByRole('link', { name: /^Cart, 1 item/ }).click();
    const pay = page.getByRole('button', { name: 'PAY' });
    await expect(page.getByText('Please login to checkout')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Deliver to' })).toBeVisible();
    await shot(page, testInfo, 'cart-empty-profile');
    await expectAccessible(page, 'cart with an empty profile');
    await fillDelivery(page);
    await shot(page, testInfo, 'cart');
    await expectAccessible(page, 'cart');
    const total = (await page.getByText('Grand Total').locator('..').locator('.price').textContent())!.trim();

    // Pay in the sandbox.
    await pay.click();
    const checkout = page.getByRole('dialog', { name: 'Test checkout' });
    await expect(checkout).toBeVisible();
    await expect(checkout.getByText('session will expire in 5 minutes')).toBeVisible();
    await shot(page, testInfo, 'checkout');
    await expectAccessible(page, 'checkout');
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Order Successful')).toBeVisible();

    // The order on /orders with its total, where it goes and its tax invoice; the cart is empty.
    await expect(page).toHaveURL(/\/orders$/);
    const order = page.getByRole('article', { name: /^Order SF-\d+$/ });
    await expect(order).toHaveCount(1);
    const lines = order.getByRole('list', { name: 'Order lines' });
    await expect(lines.getByText(productName)).toBeVisible();
    await expect(lines).toContainText('Quantity: 2');
    await expect(page.getByRole('table')).toContainText('Paid');
    await expect(order.getByText('Order total').locator('..')).toContainText(total);
    const address = order.getByText('Deliver to', { exact: true }).locator('..');
    await expect(address).toContainText('+91 98765 43210');
    await expect(address).toContainText('12 Gaushala Lane');
    await expect(address).toContainText(`${DELIVERY.state} ${DELIVERY.pin}`);
    const download = page.waitForEvent('download');
    await order.getByRole('button', { name: 'Tax invoice (PDF)' }).click();
    const invoice = await download;
    expect(invoice.suggestedFilename()).toMatch(/^invoice-order_.+\.pdf$/);
    const pdf = await invoice.path();
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    await shot(page, testInfo, 'orders');
    await expectAccessible(page, 'orders');

    // Edit the profile.
    await page.goto('/profile');
    const update = page.getByRole('button', { name: 'Update' });
    await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
    await expect(page.getByLabel('Email')).not.toBeEditable();
    await expect(update).toBeDisabled();
    // The phone saved from the cart's "Deliver to" block, with its +91 (India by default).
    const phone = page.getByLabel('Phone');
    await expect(phone).toHaveValue('+91 98765-43210');
    await page.getByLabel('Address').fill('12 Gaushala Lane, Pune 411001');
    await expect(update).toBeEnabled();
    await shot(page, testInfo, 'profile');
    await expectAccessible(page, 'profile');
    await update.click();
    // The server's message, then the form is pristine again.
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(update).toBeDisabled();
    await page.reload();
    await expect(page.getByLabel('Address')).toHaveValue('12 Gaushala Lane, Pune 411001');
    await expect(page.getByLabel('Phone')).toHaveValue('+91 98765-43210');

    // Log out: back to /login, and the account pages are gone.
    if (testInfo.project.name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
    } else {
      await page.getByRole('button', { name: /^Account: / }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
    }
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a failed payment says 'Payment Failed' and keeps the cart", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const shopper = newShopper(testInfo, 'fails');
    await signUp(page, shopper);
    const name = await addFirstInStockProduct(page);
    await page.goto('/cart');
    await fillDelivery(page);
    await page.getByRole('button', { name: 'PAY' }).click();
    await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByText('Payment Failed')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('complementary', { name: 'Cart Summary' }).getByText(name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'PAY' })).toBeEnabled();

    // Orders lists paid checkouts only; the failed attempt shows when the shopper asks for it.
    await page.goto('/orders');
    await expect(page.getByText('No Orders Found')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Show failed and expired payment attempts' }).check();
    const attempt = page.getByRole('article', { name: /^Order SF-\d+$/ });
    await expect(attempt).toHaveCount(1);
    await expect(attempt.getByText('Failed', { exact: true })).toBeVisible();
  });
});
