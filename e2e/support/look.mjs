#!/usr/bin/env node
/* global process, console, localStorage */
// Screenshots of home, a product, the cart and the admin dashboard at 360, 390 and 1280 px, for looking at a
// change before and after. Usage: node look.mjs <base url> <out dir> (the server seeded with the demo shop).
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const [base, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const login = await (await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@shuddhfarm.in', password: 'farm-admin-2026', secret_key: 'demo-secret-key' }),
})).json();
const products = (await (await fetch(`${base}/api/products/list/1`)).json()).products;
const product = products.find((p) => p.quantity > 0) ?? products[0];
for (const width of [360, 390, 1280]) {
  const phone = width < 800;
  const context = await browser.newContext({ viewport: { width, height: phone ? 800 : 900 }, isMobile: phone, hasTouch: phone, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const shot = async (name, full = false) => {
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: full });
  };
  await page.goto(`${base}/`);
  await shot('home');
  await page.goto(`${base}/products/${product.slug}`);
  await shot('product');
  await page.getByRole('button', { name: 'Add to cart' }).click().catch(() => {});
  await page.goto(`${base}/cart`);
  await shot('cart');
  await page.goto(`${base}/allproducts`);
  await shot('allproducts');
  await page.evaluate((t) => {
    localStorage.setItem('admin:token', t);
    localStorage.setItem('token', t);
  }, login.token);
  await page.goto(`${base}/shuddh/admin`);
  await shot('admin-dashboard');
  await context.close();
}
await browser.close();
console.log(`screens in ${out}`);
