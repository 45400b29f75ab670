/// <reference lib="dom" />
/**
 * Every public route, opened as a first visit: the server draws the page and the browser takes it over (hydrates)
 * without redrawing it. A page whose server HTML differs from the app's first render logs React error #418 (or #423,
 * #425) and is thrown away and drawn again; that, or any uncaught error, fails the walk. The missing things (a
 * product, category, solution, blog, an unknown address) answer 404 and say they were not found.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/app-ready';

/** React's hydration errors (#418 text/HTML differs, #423 the root redrawn, #425 text differs) and its "hydrat..." warnings. */
const HYDRATION_ERROR = /react\.dev\/errors\/(418|423|425)\b|error #(418|423|425)\b|hydrat/i;

interface Route {
  path: string;
  /** 404 for the missing things; 200 otherwise. */
  status?: number;
  /** The page's h1 when it says what is missing. */
  heading?: string;
}

/** The page is taken over: the app has started (waitsForApp), its route chunk has loaded and hydrated. */
async function hydrated(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
}

test('every public page hydrates as the server drew it, with no uncaught error', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { products } = (await (await request.get('/api/products/list/1')).json()) as { products: Array<{ slug: string; category: { slug: string } }> };
  const { solutions } = (await (await request.get('/api/solutions')).json()) as { solutions: Array<{ slug: string }> };
  const { blogs } = (await (await request.get('/api/blogs')).json()) as { blogs: Array<{ slug: string }> };
  const product = products[0]!;
  const routes: Route[] = [
    { path: '/' },
    { path: '/allproducts' },
    { path: `/category/${product.category.slug}` },
    { path: `/solutions/${solutions[0]!.slug}` },
    { path: '/blogs' },
    { path: `/products/${product.slug}` },
    { path: `/search/ghee` },
    { path: `/blogs/${blogs[0]!.slug}` },
    { path: '/about-us' },
    { path: '/privacy-and-policy' },
    { path: '/products/no-such-jar', status: 404, heading: 'No product found' },
    { path: '/category/no-such-shelf', status: 404, heading: 'Category not found' },
    { path: '/solutions/no-such-cure', status: 404, heading: 'Solution not found' },
    { path: '/blogs/never-written', status: 404, heading: 'Not found' },
    { path: '/no-such-page', status: 404, heading: 'Not found' },
  ];

  const problems: string[] = [];
  let current = '';
  page.on('pageerror', (error) => problems.push(`${current}: uncaught ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) problems.push(`${current}: ${message.text()}`);
  });

  for (const route of routes) {
    current = route.path;
    const response = await page.goto(route.path);
    expect(response?.status(), route.path).toBe(route.status ?? 200);
    await hydrated(page);
    if (route.heading) {
      await expect(page.getByRole('heading', { level: 1 }), route.path).toHaveText(route.heading);
      await expect(page.getByText(/check your connection/), route.path).toHaveCount(0);
    }
  }
  expect(problems).toEqual([]);
});
