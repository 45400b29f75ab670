/* global process, console, document, fetch */
// Screenshots of the storefront's first screen at phone and desktop widths, to look at layout changes:
//   node e2e/support/layout-shots.mjs http://127.0.0.1:PORT OUT_DIR
// home, a product, the product right after "Add to cart" (the toast), the cart, and the phone menu open.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const [base = 'http://127.0.0.1:4319', outDir = 'artifacts/layout-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const { products } = await (await fetch(`${base}/api/products/list/1`)).json();
const product = products.find((p) => p.quantity > 0) ?? products[0];

const started = (page) => page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

for (const width of [360, 390, 1280]) {
  const phone = width < 800;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 800 : 800 },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await context.newPage();
  const snap = async (name) => {
    await settle(page);
    await page.screenshot({ path: join(outDir, `${width}-${name}.png`) });
  };
  await page.goto(`${base}/`);
  await started(page);
  await snap('home');
  await page.goto(`${base}/products/${product.slug}`);
  await started(page);
  await snap('product');
  await page.getByRole('button', { name: /add to cart/i }).first().click();
  await page.locator('.Toastify__toast', { hasText: 'Added to cart' }).waitFor();
  await page.waitForTimeout(1000); // the toast's entry animation
  await page.screenshot({ path: join(outDir, `${width}-product-added.png`) });
  await page.goto(`${base}/cart`);
  await started(page);
  await snap('cart');
  if (phone) {
    await page.goto(`${base}/`);
    await started(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await page.waitForTimeout(400); // the drawer's slide-in
    await page.screenshot({ path: join(outDir, `${width}-menu.png`) });
  }
  await context.close();
}
await browser.close();
console.log(`shots in ${outDir}`);
