#!/usr/bin/env node
/* global process, console, document */
// The JavaScript a real first visit to the home page transfers, as sent (compressed), on a phone: opens `/` at
// 390x844 (no scrolling, no tap), waits until the app has taken the page over (<html data-app="started">) and then
// for 5 s without a new request, and lists every script response with its encoded body size.
// Usage: node home-js.mjs <base url> [--json] [--budget=100] [--desktop] (the server seeded with the demo shop;
// --desktop: 1280x800 without touch, where the desktop menus show and the part under the clips is near at once).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const args = process.argv.slice(2);
const base = args.find((a) => !a.startsWith('--')) ?? 'http://127.0.0.1:3000';
const budget = Number(args.find((a) => a.startsWith('--budget='))?.slice(9) ?? 100);
const QUIET_MS = 5000;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const desktop = args.includes('--desktop');
const context = await browser.newContext(
  desktop ? { viewport: { width: 1280, height: 800 } } : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
);
const page = await context.newPage();

let lastRequest = Date.now();
page.on('request', () => {
  lastRequest = Date.now();
});
const scripts = [];
page.on('requestfinished', async (request) => {
  lastRequest = Date.now();
  const response = await request.response();
  if (!response) return;
  const type = request.resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  if (type !== 'script' && !/javascript/.test(contentType)) return;
  const sizes = await request.sizes();
  const headerLength = Number(response.headers()['content-length'] ?? NaN);
  scripts.push({
    url: request.url().replace(base, ''),
    encoding: response.headers()['content-encoding'] ?? 'identity',
    // The body as it crossed the wire (compressed); the header's figure when it was sent.
    bytes: Number.isFinite(headerLength) ? headerLength : sizes.responseBodySize,
  });
});

await page.goto(`${base}/`, { waitUntil: 'load' });
await page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, { timeout: 30_000 });
while (Date.now() - lastRequest < QUIET_MS) await page.waitForTimeout(250);
const started = await page.evaluate(() => document.documentElement.dataset.app);
await browser.close();

scripts.sort((a, b) => b.bytes - a.bytes);
const total = scripts.reduce((s, r) => s + r.bytes, 0);
if (args.includes('--json')) {
  console.log(JSON.stringify({ total, scripts }, null, 2));
} else {
  console.log(`Scripts of a first visit to ${base}/ (${desktop ? '1280x800 desktop' : '390x844 phone'}, no scroll, no tap; app ${started}):`);
  for (const r of scripts) console.log(`  ${(r.bytes / 1000).toFixed(2).padStart(8)} kB  ${r.encoding.padEnd(8)} ${r.url}`);
  console.log(`  ${(total / 1000).toFixed(2).padStart(8)} kB  total (${(total / 1024).toFixed(1)} KiB) in ${scripts.length} files, budget ${budget} kB`);
}
process.exitCode = total / 1000 > budget ? 1 : 0;
