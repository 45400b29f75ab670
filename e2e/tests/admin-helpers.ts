/// <reference lib="dom" />
/** Steps of the admin journey: accounts made through the API, toasts, images, screenshots and axe. */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_PREFIX, DEMO_ADMIN, E2E_BASE_URL, E2E_OUTBOX_DIR } from '../support/env';

/** e2e/artifacts/screenshots (kept by CI as artifacts). */
const ADMIN_SCREENSHOT_DIR = join(import.meta.dirname, '..', 'artifacts', 'screenshots');
export const adminPath = (path = '') => `/${ADMIN_PREFIX}/${path.replace(/^\//, '')}`;

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** The server's mail outbox; E2E_OUTBOX_DIR unless a run points its server elsewhere. */
const OUTBOX_DIR = process.env.E2E_ADMIN_OUTBOX_DIR ?? E2E_OUTBOX_DIR;

/** The link under `prefix` in the newest mail to `to` (waits for it to be written). */
async function mailedLink(to: string, prefix: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const suffix = `-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
  const pattern = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>]+`);
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(OUTBOX_DIR).filter((f) => f.endsWith(suffix)).sort().reverse();
    } catch {
      files = [];
    }
    for (const file of files) {
      // Quoted-printable soft line breaks and =3D would break the link apart.
      const text = readFileSync(`${OUTBOX_DIR}/${file}`, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = pattern.exec(text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a link under ${prefix}`);
}

/** The mails to `to` whose text contains `text`, once at least one is written (waits for it). */
export async function mailsContaining(to: string, text: string, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const suffix = `-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(OUTBOX_DIR).filter((f) => f.endsWith(suffix));
    } catch {
      files = [];
    }
    const found = files
      .map((file) => readFileSync(`${OUTBOX_DIR}/${file}`, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((mail) => mail.includes(text));
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} containing ${text}`);
}

/** Saves a complete delivery (phone, address, state, PIN code) to a customer's profile, as the cart's block does. */
export async function giveDelivery(request: APIRequestContext, account: Account, token: string) {
  const answer = await request.put('/api/users/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: account.name, phone: '+919812345678', address: '4 Mill Road\nNashik', pin: '422001', state: 'Maharashtra' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A verified customer, registered through the API and verified with the mailed link. */
export async function verifiedCustomer(request: APIRequestContext, testInfo: TestInfo, tag: string): Promise<Account> {
  const id = `${testInfo.project.name}-${tag}-${Date.now().toString(36)}`;
  const account = { name: `Shopper ${tag}`, email: `${id}@example.com`, password: 'pure-ghee-2026' };
  const registered = await request.post('/api/auth/register', { data: account });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const link = await mailedLink(account.email, `${E2E_BASE_URL}/api/auth/verify-email/`);
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.status()).toBeLessThan(400);
  return account;
}

/** A customer's token from the shop login (no secret key). */
export async function customerToken(request: APIRequestContext, account: Account): Promise<string> {
  const answer = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** The demo admin's token from the admin login (with its secret key). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, secret_key: DEMO_ADMIN.secretKey } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A checkout of `cart` placed, paid in the sandbox and verified through the API, as `auth` (a customer's header). */
export async function paidByApi(request: APIRequestContext, auth: Record<string, string>, cart: { _id: string; variant?: string; cart_quantity: number }[]): Promise<string> {
  const created = await request.post('/api/orders', { headers: auth, data: { cart } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { order_id } = (await created.json()) as { order_id: string };
  const paid = await request.post('/api/payments/sandbox/checkout', { headers: auth, data: { order_id, outcome: 'success' } });
  expect(paid.status(), await paid.text()).toBe(200);
  const verified = await request.post('/api/orders/paymentverification', { headers: auth, data: await paid.json() });
  expect(verified.status(), await verified.text()).toBeLessThan(300);
  return order_id;
}

/** The toast region at the bottom centre. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.Toastify').getByText(text).first();
}

/** Every alert() is accepted and remembered, in order. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  return alerts;
}

/**
 * Logs the demo admin in; `onThisPage` keeps the login page already open (after a failed try) instead of opening it;
 * `loginUrl` is the login page of an admin served elsewhere (its own host).
 */
export async function adminLogin(page: Page, { onThisPage = false, loginUrl = adminPath('adminlogin') } = {}) {
  if (!onThisPage) await page.goto(loginUrl);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByLabel('Secret key').fill(DEMO_ADMIN.secretKey);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Admin Login successfull')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Sends the storefront's login form for `account` (on /login); what the shop then says is the caller's to check. */
export async function submitShopLogin(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Adds a category with the Categories screen's dialog and waits for the toast that confirms it. */
export async function addCategoryInPanel(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Category' }).click();
  await page.getByRole('dialog', { name: 'Add Category' }).getByLabel('Name').fill(name);
  await page.getByRole('dialog', { name: 'Add Category' }).getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Category created successfully')).toBeVisible();
}

/** Goes to an admin section: the sidebar on a wide screen, the overlay menu on a phone. */
export async function openSection(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true }).click();
  }
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** A real picture drawn in the browser (a canvas gradient with a label), as PNG bytes. */
export async function drawPng(page: Page, label: string, from = '#3f5a2a', to = '#c8962b'): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([text, a, b]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 500;
      const g = canvas.getContext('2d')!;
      const gradient = g.createLinearGradient(0, 0, 800, 500);
      gradient.addColorStop(0, a!);
      gradient.addColorStop(1, b!);
      g.fillStyle = gradient;
      g.fillRect(0, 0, 800, 500);
      g.fillStyle = 'rgba(251, 247, 238, 0.9)';
      g.beginPath();
      g.arc(400, 210, 110, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#2b2619';
      g.font = 'bold 44px Georgia, serif';
      g.textAlign = 'center';
      g.fillText(text!, 400, 440);
      return canvas.toDataURL('image/png');
    },
    [label, from, to],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images out of view never load; an image that fails to load must not hang the wait either.
    const pending = Array.from(document.images)
      .filter((img) => !img.complete && img.loading !== 'lazy')
      .map((img) => new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      }));
    await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

/**
 * artifacts/screenshots/admin-<project>-<screen>.png with toasts hidden so they cover nothing: the full page,
 * or for an open overlay (a fixed layer) the screen as the admin sees it, the overlay scrolled to its top.
 */
export async function adminShot(page: Page, testInfo: TestInfo, screen: string, { overlay = false } = {}) {
  mkdirSync(ADMIN_SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  if (overlay) {
    await page.evaluate(() => document.querySelector('.overlay__body')?.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({
      path: join(ADMIN_SCREENSHOT_DIR, `admin-${testInfo.project.name}-${screen}.png`),
      animations: 'disabled',
      style: '.Toastify { display: none !important; }',
    });
    return;
  }
  // Charts draw (and animate once, 700 ms) when they first scroll into view: walk down the page once.
  await page.evaluate(async () => {
    const scroller = document.scrollingElement ?? document.body;
    for (let y = 0; y < scroller.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 80));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(900);
  await page.screenshot({
    path: join(ADMIN_SCREENSHOT_DIR, `admin-${testInfo.project.name}-${screen}.png`),
    fullPage: true,
    animations: 'disabled',
    style: '.Toastify { display: none !important; }',
  });
}

/** axe-core: no serious or critical violations on the screen as it is. */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).exclude('.Toastify').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect.soft(report, `axe on ${screen}`).toEqual([]);
}

/**
 * A verified customer registered from another loopback address (127.0.0.2, 127.0.0.3, ...): registration is limited
 * per address (10 an hour), and the other journeys of a run use those of 127.0.0.1. A shopper on another address.
 */
export async function customerFromAnotherAddress(testInfo: TestInfo, tag: string, localAddress: string, name = `Shopper ${tag}`): Promise<Account> {
  const account = { name, email: `${testInfo.project.name}-${tag}@example.com`, password: 'pure-ghee-2026' };
  const url = new URL(`${E2E_BASE_URL}/api/auth/register`);
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(account));
  });
  expect(status).toBeLessThan(300);
  const link = await mailedLink(account.email, `${E2E_BASE_URL}/api/auth/verify-email/`);
  expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
  return account;
}
