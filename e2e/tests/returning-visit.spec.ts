/// <reference lib="dom" />
/**
 * A returning shopper (a saved cart and currency in local storage) opens the home page: the page the server drew
 * stays on screen while the app takes it over. Before, restoring the saved state re-rendered the page element and
 * React threw the drawn page away mid-hydration (a blank flash, then everything drawn again), and the session loader
 * replaced every page while a held token was checked.
 */
import { expect, test } from '../support/app-ready';

test('a returning shopper keeps the drawn home page: no loader, no redraw, their currency shown', async ({ page, request }) => {
  const { products } = (await (await request.get('/api/products/list/1')).json()) as {
    products: Array<{ _id: string; name: string; slug: string; price: number; image: string; quantity: number }>;
  };
  const product = products.find((p) => p.quantity > 0)!;
  await page.goto('/');
  // What the storefront saves (store/saved-state.ts, redux-persist's format): one line in the cart, dollars.
  await page.evaluate((p) => {
    const line = { _id: p._id, name: p.name, slug: p.slug, price: p.price, image: p.image, quantity: p.quantity, cart_quantity: 2 };
    const persisted = (fields: Record<string, unknown>) =>
      JSON.stringify({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, JSON.stringify(v)])), _persist: JSON.stringify({ version: -1, rehydrated: true }) });
    localStorage.setItem('persist:cart', persisted({ items: [line] }));
    localStorage.setItem('persist:currency', persisted({ code: 'USD' }));
  }, product);

  // Before any script of the page runs: hold on to the drawn hero image and watch for the loader.
  await page.addInitScript(() => {
    const w = window as unknown as { drawnHero: Element | null; loaderSeen: boolean };
    w.drawnHero = null;
    w.loaderSeen = false;
    new MutationObserver(() => {
      w.drawnHero ??= document.querySelector('img[fetchpriority="high"]');
      if (document.querySelector('.logo-loader')) w.loaderSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await page.waitForTimeout(1500);

  const seen = await page.evaluate(() => {
    const w = window as unknown as { drawnHero: Element | null; loaderSeen: boolean };
    return { drawn: w.drawnHero !== null, stillTheSame: w.drawnHero?.isConnected === true, loaderSeen: w.loaderSeen };
  });
  expect(seen.drawn, 'the server drew the hero image').toBe(true);
  expect(seen.stillTheSame, 'the drawn hero image is the one on screen (the page was hydrated, not drawn again)').toBe(true);
  expect(seen.loaderSeen, 'the loader never replaced the page').toBe(false);
  // The saved state was taken: the cart holds the line, and prices are in the saved currency.
  await expect(page.getByRole('link', { name: 'Cart, 1 item' }).first()).toBeAttached();
  await expect(page.locator('#currency')).toHaveValue('USD');
});
