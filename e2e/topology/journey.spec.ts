/// <reference lib="dom" />
/**
 * Through nginx, as deployed: the shopper on the shop's origin closes the payment window once, then pays in the
 * sandbox while one of the two API instances is killed, and the admin, on its own origin, ships the order. Run by deploy/ci/topology.mjs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, waitsForApp } from '../support/app-ready';
import { fillDelivery } from '../tests/storefront-helpers';

// nginx gives each request its client address; the admin on its own origin would need a CORS preflight for the
// e2e suite's own X-Forwarded-For (support/app-ready.ts), so none is added here.
test.use({ ownClientAddress: false });

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through deploy/ci/topology.mjs`);
  return value;
};
const shopUrl = env('TOPOLOGY_SHOP_URL');
const adminUrl = env('TOPOLOGY_ADMIN_URL');
const admin = JSON.parse(env('TOPOLOGY_ADMIN')) as { email: string; password: string; secretKey: string };
const outbox = env('TOPOLOGY_OUTBOX');
const accessLog = env('TOPOLOGY_ACCESS_LOG');
const stopPid = Number(env('TOPOLOGY_STOP_PID'));
const stopAddr = env('TOPOLOGY_STOP_ADDR');

async function verificationLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    for (const file of readdirSync(outbox).filter((f) => f.endsWith(`-${email}.eml`))) {
      const text = readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = new RegExp(`${shopUrl.replace(/[.:/]/g, '\\$&')}/api/auth/verify-email/[^\\s"'<>]+`).exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail to ${email}`);
}

/** Every API answer the browser got: a shopper who "notices" sees a 5xx or a failed request. */
function watchApi(page: Page) {
  const failures: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 500) failures.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    // ERR_ABORTED is the browser dropping a page's requests as it navigates away, not an answer that failed.
    if (req.url().includes('/api/') && req.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed ${req.method()} ${req.url()}: ${req.failure()?.errorText}`);
  });
  return failures;
}

/** Whether the instance still answers (a killed process may linger as a zombie until its parent reaps it). */
async function answers(addr: string): Promise<boolean> {
  try {
    await fetch(`http://${addr}/api/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

test('a shopper pays while an API instance dies, and the admin on its own origin ships the order', async ({ browser }) => {
  const id = Date.now().toString(36);
  const shopper = { name: `Asha ${id}`, email: `asha-${id}@example.com`, password: 'pure-ghee-2026' };

  const shop = waitsForApp(await (await browser.newContext({ baseURL: shopUrl })).newPage());
  const shopFailures = watchApi(shop);

  // Register and verify the email (the mail's link points at the shop's public URL, through nginx).
  await shop.goto('/register');
  await shop.getByLabel('Name').fill(shopper.name);
  await shop.getByLabel('Email').fill(shopper.email);
  await shop.getByLabel('Password').fill(shopper.password);
  await shop.getByRole('button', { name: 'Register' }).click();
  await expect(shop.getByText('Verification link has been sent to your email, Please verify your email')).toBeVisible();
  await shop.goto(await verificationLink(shopper.email));
  await expect(shop).toHaveURL(/\/login\?verified=1$/);

  await shop.getByLabel('Email').fill(shopper.email);
  await shop.getByLabel('Password').fill(shopper.password);
  await shop.getByRole('button', { name: 'Login' }).click();
  await expect(shop.getByText('User Login successfull')).toBeVisible();

  // Into the cart: the first product in stock.
  await shop.goto('/allproducts');
  const cards = shop.getByRole('list', { name: 'All products' }).getByRole('article');
  const card = cards.filter({ hasNotText: 'Out of Stocks' }).first();
  const productName = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link').click();
  await expect(shop.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await shop.getByRole('button', { name: 'Add to cart' }).click();
  await expect(shop.getByText('Added to cart').first()).toBeVisible();
  await shop.waitForLoadState('networkidle');

  // One instance dies without warning, between two clicks of the shopper.
  const killedAt = new Date();
  process.kill(stopPid, 'SIGKILL');
  await expect.poll(() => answers(stopAddr)).toBe(false);

  // The shopper goes on: cart, pay in the sandbox, the order is there, paid.
  await shop.getByRole('link', { name: /^Cart, 1 item/ }).click();
  // A new account says where to deliver in the cart (saved to the profile through the surviving instance).
  await fillDelivery(shop);
  const pay = shop.getByRole('button', { name: 'PAY' });
  await expect(pay).toBeEnabled();
  await pay.click();
  const checkout = shop.getByRole('dialog', { name: 'Test checkout' });
  // The shopper closes the payment window without paying and comes back: the hold went back, the cart kept the
  // product, and PAY again pays.
  const released = shop.waitForResponse((r) => r.url().endsWith('/api/orders/release'));
  await checkout.getByRole('button', { name: 'Cancel payment' }).click();
  expect((await released).status()).toBe(200);
  await expect(shop.getByText('Payment Failed')).toBeVisible();
  await expect(checkout).toHaveCount(0);
  await shop.reload();
  await expect(shop.getByRole('complementary', { name: 'Cart Summary' }).getByText(productName)).toBeVisible();
  await expect(pay).toBeEnabled();
  await pay.click();
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(shop.getByText('Order Successful')).toBeVisible();
  await expect(shop).toHaveURL(/\/orders$/);
  await expect(shop.getByRole('list', { name: 'Order lines' }).getByText(productName)).toBeVisible();
  await expect(shop.getByRole('table')).toContainText('Paid');
  expect(shopFailures).toEqual([]);
  await expect(shop.getByText(/Network error|went wrong/)).toHaveCount(0);

  // nginx did send requests to the dead instance after the kill, and moved each on to the live one.
  const retried = readFileSync(accessLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes(`upstream=${stopAddr}, `));
  expect(retried.length, `no request was retried away from ${stopAddr} after ${killedAt.toISOString()}`).toBeGreaterThan(0);

  // The admin, on its own origin, calling the API across origins: ships the order.
  const panel = waitsForApp(await (await browser.newContext()).newPage());
  const panelFailures = watchApi(panel);
  await panel.goto(`${adminUrl}/adminlogin`);
  await panel.getByLabel('Email').fill(admin.email);
  await panel.getByLabel('Password').fill(admin.password);
  await panel.getByLabel('Secret key').fill(admin.secretKey);
  await panel.getByRole('button', { name: 'Login' }).click();
  await expect(panel.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await panel.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  // The SPEC's per-line list is the Lines view of the orders screen (the order desk's checkouts come first).
  await panel.getByRole('navigation', { name: 'Order views' }).getByRole('link', { name: 'Lines' }).click();
  const row = panel.getByRole('row').filter({ hasText: productName }).filter({ hasText: 'Paid' }).first();
  const status = row.getByRole('combobox', { name: /Shipping status of order/ });
  await expect(status).toHaveValue('Processing');
  await status.selectOption({ label: 'Shipped' });
  await expect(panel.locator('.Toastify').getByText('Shipping status updated successfully').first()).toBeVisible();
  expect(panelFailures).toEqual([]);

  // The shopper sees it.
  await shop.reload();
  await expect(shop.getByRole('table')).toContainText('Shipped');
});
