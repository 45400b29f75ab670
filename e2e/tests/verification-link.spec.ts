/**
 * The verification link as a shopper meets it: a mail scanner's HEAD leaves it usable, the first open verifies, a
 * second open says the address is verified already, and a broken link says so instead of a bare login page.
 */
import { expect, test } from '../support/app-ready';
import { E2E_BASE_URL } from '../support/env';
import { linkFromOutbox } from '../support/outbox';
import { newShopper } from './storefront-helpers';

test('a verification link: HEAD leaves it, the first open verifies, the next says already verified', async ({ page, request }, testInfo) => {
  const shopper = newShopper(testInfo, 'verify-link');
  const registered = await request.post('/api/auth/register', { data: { name: shopper.name, email: shopper.email, password: shopper.password } });
  expect(registered.status()).toBe(201);
  const link = await linkFromOutbox(shopper.email, `${E2E_BASE_URL}/api/auth/verify-email/`);

  // A mail scanner looks first.
  const head = await request.head(link, { maxRedirects: 0 });
  expect(head.status()).toBe(302);

  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(page.getByText('Your email is verified. You can log in now.')).toBeVisible();

  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=0&reason=already-verified$/);
  await expect(page.getByText('This email is already verified. You can log in.')).toBeVisible();
});

test('a verification link with a character lost says it is not valid', async ({ page }) => {
  await page.goto(`${E2E_BASE_URL}/api/auth/verify-email/${'x'.repeat(43)}`);
  await expect(page).toHaveURL(/\/login\?verified=0&reason=invalid$/);
  await expect(page.getByText(/^This verification link is not valid\./)).toBeVisible();
});
