import { defineConfig, devices } from '@playwright/test';

/**
 * The production topology journey (deploy/ci/topology.mjs starts nginx and the API instances, then runs this):
 * real Chromium against nginx, no webServer of its own.
 */
export default defineConfig({
  testDir: './topology',
  outputDir: './artifacts/topology-results',
  timeout: 240_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
});
