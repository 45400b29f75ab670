/// <reference lib="dom" />
/** Steps the storefront journeys share: menus that differ between desktop and phone, accounts, screenshots, axe. */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { appStarted } from '../support/app-ready';
import { E2E_BASE_URL } from '../support/env';
import { linkFromOutbox } from '../support/outbox';

/** e2e/artifacts/screenshots (an ignored folder). */
const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

export interface Shopper {
  name: string;
  email: string;
  password: string;
}

export function newShopper(testInfo: TestInfo, tag: string): Shopper {
  const id = `${testInfo.project.name}-${tag}-${Date.now().toString(36)}`;
  return { name: `Meera ${tag}`, email: `${id}@example.com`, password: 'pure-ghee-2026' };
}

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Opens 'Shop by Category' / 'Shop by Solution' (the drawer on a phone) and picks an entry. */
export async function pickFromMenu(page: Page, testInfo: TestInfo, menu: 'Shop by Category' | 'Shop by Solution', entry: string) {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const heading = drawer.getByRole('heading', { name: menu });
    // The entry in the list right after the menu's heading.
    await heading.locator('xpath=following-sibling::ul[1]').getByRole('link', { name: entry, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: menu }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry, exact: true }).click();
  }
}

/** Page is drawn: fonts and the images in view have loaded. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete && img.loading !== 'lazy')
        .map((img) => new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))),
    );
  });
}

/** A full-page screenshot kept as an artifact: artifacts/screenshots/<project>-<name>.png. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  // Lazy images below the fold load as the page scrolls; walk down once so the full-page shot shows them.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

/** Copies a screenshot to the folder the env variable `shotsEnv` names (e.g. COUPON_SHOTS), as <name>-<width>.png. */
export function copyToShots(page: Page, shotsEnv: string, name: string, file: string) {
  const dir = process.env[shotsEnv];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  copyFileSync(file, join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`));
}

/**
 * The screen as it is seen with `part` in the middle of it: artifacts/screenshots/<project>-<name>-view.png, attached
 * to the report and copied to the folder `shotsEnv` names when it is set.
 */
export async function viewShot(page: Page, testInfo: TestInfo, shotsEnv: string, name: string, part: Locator) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await part.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.evaluate(() => document.fonts.ready);
  const file = join(SCREENSHOT_DIR, `${testInfo.project.name}-${name}-view.png`);
  await page.screenshot({ path: file, animations: 'disabled', style: '.Toastify { display: none !important; }' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  copyToShots(page, shotsEnv, name, file);
}

/** A new customer's way in: register, open the mailed verification link, log in. */
export async function signUp(page: Page, shopper: Shopper) {
  await register(page, shopper);
  await verifyEmail(page, shopper);
  await login(page, shopper);
}

/** One of the product found by `name` added to the cart, and the cart open. */
export async function cartWithOne(page: Page, name: string) {
  await openProductFromSearch(page, name);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await page.getByRole('link', { name: /^Cart, 1 item/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/** PAY on the cart, then Pay in the sandbox's test checkout: the shop says the order went through. */
export async function payInSandbox(page: Page) {
  await page.getByRole('button', { name: 'PAY' }).click();
  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Order Successful')).toBeVisible();
}

/** axe-core on the page as it is: no serious or critical violations. */
export async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect.soft(report, `axe on ${name}`).toEqual([]);
}

async function register(page: Page, shopper: Shopper) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(shopper.name);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  const button = page.getByRole('button', { name: 'Register' });
  await button.click();
  await expect(page.getByText('Verification link has been sent to your email, Please verify your email')).toBeVisible();
  await expect(button).toBeDisabled();
}

/** Opens the verification link from the mail outbox; the server sends the browser on to /login?verified=1. */
async function verifyEmail(page: Page, shopper: Shopper) {
  const link = await linkFromOutbox(shopper.email, `${E2E_BASE_URL}/api/auth/verify-email/`);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(page.getByText('Your email is verified. You can log in now.')).toBeVisible();
}

export async function login(page: Page, shopper: Shopper) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('User Login successfull')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
}

/** Adds the first product of /allproducts that is in stock; answers its name. */
export async function addFirstInStockProduct(page: Page): Promise<string> {
  await page.goto('/allproducts');
  const cards = page.getByRole('list', { name: 'All products' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let i = 0; i < count; i += 1) {
    const card = cards.nth(i);
    if ((await card.getByText('Out of Stocks').count()) > 0) continue;
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await appStarted(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();
    return name;
  }
  throw new Error('no product in stock on page 1');
}

/** A delivery the journeys fill in the cart's "Deliver to" block. */
export const DELIVERY = { phone: '9876543210', address: '12 Gaushala Lane\nKothrud, Pune', state: 'Maharashtra', pin: '411038' };

/**
 * Fills the cart's "Deliver to" block of a shopper whose profile lacks it (PAY stays disabled with a line saying
 * what is missing until it is saved), saves it to the profile, and waits for PAY. `phone` replaces DELIVERY's (ten
 * digits) for a journey whose checks count orders per phone number (cash on delivery's cap).
 */
export async function fillDelivery(page: Page, { phone: phoneNumber = DELIVERY.phone } = {}) {
  const pay = page.getByRole('button', { name: 'PAY' });
  const form = page.getByRole('form', { name: 'Deliver to' });
  await expect(form).toBeVisible();
  await expect(pay).toBeDisabled();
  await expect(page.getByText(/^Please add your .* in the Deliver to details before paying$/)).toBeVisible();
  const phone = form.getByLabel('Phone');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially(phoneNumber);
  await form.getByLabel('Address').fill(DELIVERY.address);
  await form.getByLabel('State').selectOption(DELIVERY.state);
  await form.getByLabel('PIN code').fill(DELIVERY.pin);
  await form.getByRole('button', { name: 'Save delivery details' }).click();
  await expect(page.getByText('Profile updated successfully').first()).toBeVisible();
  const block = page.getByRole('region', { name: 'Deliver to' });
  await expect(block.getByText(`${DELIVERY.state} ${DELIVERY.pin}`)).toBeVisible();
  await expect(pay).toBeEnabled();
}

/** Opens a product's page from the search results (its card named exactly `name`). */
export async function openProductFromSearch(page: Page, name: string) {
  await page.goto(`/search/${encodeURIComponent(name)}`);
  const card = page
    .getByRole('list', { name: 'Search results' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await appStarted(page);
}

/** A size button of the product page ("250 ml"): its name is the size's label (a sold-out one adds "(Out of Stocks)"). */
export const sizeButton = (page: Page, label: string) => page.getByRole('group', { name: 'Size' }).getByRole('button', { name: label, exact: true });

/** The text of a PDF (pdftotext, poppler-utils, as laid out); null when pdftotext is not installed. */
export function pdfText(file: string): string | null {
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
