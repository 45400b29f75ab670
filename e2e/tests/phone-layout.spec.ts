/// <reference lib="dom" />
/**
 * The storefront's first screen on the narrow phones shoppers use (360x740 and 390x844): the product page's buttons
 * in view above the tab bar, the floating chat above the tab bar (never on it nor over an open menu), the
 * "Added to cart" toast clear of the cart's badge, and the hero's phone crop showing its jars.
 */
import { expect, test } from '../support/app-ready';
import type { Locator, Page } from '@playwright/test';

const box = async (locator: Locator) => (await locator.boundingBox())!;

async function firstInStockProduct(page: Page): Promise<string> {
  const { products } = (await (await page.request.get('/api/products/list/1')).json()) as { products: Array<{ slug: string; quantity: number }> };
  return products.find((p) => p.quantity > 0)!.slug;
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test.describe(`a ${viewport.width}x${viewport.height} phone`, () => {
    test.skip(({ isMobile }) => !isMobile, 'phone layout');
    test.use({ viewport });

    test('product page: Buy Now and Add to cart in the first screen; the toast leaves the cart badge free', async ({ page }) => {
      await page.goto(`/products/${await firstInStockProduct(page)}`);
      const tabBar = await box(page.getByRole('navigation', { name: 'Tabs' }));
      for (const name of ['Buy Now', 'Add to cart']) {
        const button = await box(page.getByRole('button', { name }));
        expect(button.y + button.height, `${name} above the tab bar`).toBeLessThanOrEqual(tabBar.y);
        const chat = await box(page.getByRole('link', { name: 'Chat with us on WhatsApp' }));
        const apart = chat.y >= button.y + button.height || chat.y + chat.height <= button.y || chat.x >= button.x + button.width;
        expect(apart, `the floating chat leaves ${name} free`).toBe(true);
      }
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const toast = page.locator('.Toastify__toast', { hasText: 'Added to cart' });
      await expect(toast).toBeVisible();
      const cart = page.getByRole('link', { name: /^Cart, 1 item/ });
      await expect(cart).toBeVisible();
      // Once the toast has slid in, it is below the cart link (and its badge).
      await expect.poll(async () => (await box(toast)).y - ((await box(cart)).y + (await box(cart)).height)).toBeGreaterThanOrEqual(0);
    });

    test('the chat floats above the tab bar, not on it, and an open menu covers it', async ({ page }) => {
      await page.goto('/');
      const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
      await expect(chat).toBeVisible();
      const tabBar = await box(page.getByRole('navigation', { name: 'Tabs' }));
      const { x, y, width, height } = await box(chat);
      expect(y + height, 'the chat ends above the tab bar').toBeLessThanOrEqual(tabBar.y);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      const onTop = await page.evaluate(([cx, cy]) => document.elementFromPoint(cx!, cy!)?.closest('.overlay') !== null, [x + width / 2, y + height / 2]);
      expect(onTop, 'the menu backdrop is over the chat').toBe(true);
    });

    test('the hero keeps the slide whole in height and shows its right side, not only its words', async ({ page }) => {
      await page.goto('/');
      const image = page.locator('.hero-slider__img').first();
      await expect(image).toBeVisible();
      const { width, height } = await box(image);
      // 16:9 of a 1200x450 slide: its first 800 px, where the words and the first jar are (10:7 cut at 640 px, before them).
      expect(width / height).toBeCloseTo(16 / 9, 1);
    });
  });
}
