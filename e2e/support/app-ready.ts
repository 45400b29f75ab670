import { test as base, type Page } from '@playwright/test';

/** Set by both apps once React has taken the page over (packages/app-kit/src/app-started.ts). */
const APP_STARTED = 'html[data-app="started"]';

/**
 * A server-drawn page is on screen, and its buttons visible, before its JS arrives (the JS is asked for after the
 * first paint). A click then would do nothing, as for a shopper; so every navigation of a test page waits for the
 * app to have started. Pages that are not HTML (an API answer) are not waited for.
 */
export function waitsForApp(page: Page): Page {
  const afterNavigation = async <T extends { headers(): Record<string, string> } | null>(response: T): Promise<T> => {
    if (response?.headers()['content-type']?.startsWith('text/html')) await appStarted(page);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => afterNavigation(await goto(...args));
  page.reload = async (...args) => afterNavigation(await reload(...args));
  return page;
}

/**
 * Waits for the app on the page now shown. A link clicked while the page was still hydrating can load the next page
 * in full (the browser follows the link before React's handler is attached), and that page's buttons do nothing
 * until its own JS has started: after such a click, wait for this before clicking on.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.locator(APP_STARTED).waitFor({ state: 'attached' });
}

let shoppers = 0;

/**
 * Playwright's `test` whose `page` waits for the app after each goto and reload, and whose browser and API requests
 * come from a client address of the test's own: the e2e server trusts the loopback as its proxy (TRUST_PROXY), so
 * the per-address limits (10 sign-ups an hour) count each test as the separate shopper it plays, not the whole suite
 * as one visitor.
 */
export const test = base.extend<{ ownClientAddress: boolean }>({
  // Off for pages that call the API across origins (the admin on its own host): a custom header there needs a CORS
  // preflight that the API rightly does not allow.
  ownClientAddress: [true, { option: true }],
  extraHTTPHeaders: async ({ extraHTTPHeaders, ownClientAddress }, use, testInfo) => {
    if (!ownClientAddress) return use(extraHTTPHeaders);
    shoppers += 1;
    const address = `10.${testInfo.workerIndex % 250}.${Math.floor(shoppers / 250) % 250}.${(shoppers % 250) + 1}`;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': address });
  },
  page: async ({ page }, use) => {
    await use(waitsForApp(page));
  },
});

export { expect } from '@playwright/test';
