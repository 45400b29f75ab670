import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS as chromiumArgs, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { E2E_ADMIN_ORIGIN, E2E_ADMIN_PORT, ADMIN_PREFIX, E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './support/env';

/**
 * Real Chromium (Debian's /usr/bin/chromium) against the built all-in-one server, started fresh
 * with an empty data dir so the demo shop is seeded and the mail outbox can be read.
 */

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      command: `rm -rf ${E2E_DATA_DIR} && node ../apps/server/dist/main.js`,
      url: `${E2E_BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: E2E_BASE_URL,
        SEED_DEMO: 'true',
        PAYMENT_PROVIDER: 'sandbox',
        LOG_LEVEL: 'warn',
        ADMIN_ORIGIN: E2E_ADMIN_ORIGIN,
        // Each test sends its own X-Forwarded-For (support/app-ready.ts): a shopper of its own for the rate limits.
        TRUST_PROXY: '127.0.0.1',
      },
    },
    {
      // The admin built for its own host: its API calls go to E2E_BASE_URL across origins (CORS).
      command: `cd ../apps/admin && npx vite build --outDir ../../e2e/.admin-origin --emptyOutDir --logLevel warn && node ../../e2e/support/static-server.mjs ../../e2e/.admin-origin ${E2E_ADMIN_PORT} ${ADMIN_PREFIX}`,
      url: `${E2E_ADMIN_ORIGIN}/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { VITE_API_BASE_URL: `${E2E_BASE_URL}/api`, VITE_STOREFRONT_URL: E2E_BASE_URL, ADMIN_PREFIX },
    },
  ],
});
