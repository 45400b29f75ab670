/**
 * The home page tells the truth (issue 26, items 4 and 5): each video tile links to a real product and shows its
 * live price, an admin's edit of a tile shows on the next visit, and a renamed category keeps its old address.
 */
import { expect, test } from '../support/app-ready';
import { adminLogin, adminToken, toast } from './admin-helpers';

interface Tile {
  position: number;
  title: string;
  video: string;
  product: { _id: string; name: string; slug: string; price: number } | null;
}

test('each video tile links to its product, at the price the product page shows', async ({ page }) => {
  await page.goto('/');
  const videos = page.getByRole('region', { name: 'Made on our farm' });
  await expect(videos.locator('video')).toHaveCount(3);
  const tiles: Array<{ title: string; price: string; href: string }> = [];
  for (const card of await videos.getByRole('listitem').all()) {
    tiles.push({
      title: (await card.getByRole('heading').textContent())!.trim(),
      price: (await card.locator('.video-card__price').textContent())!.trim(),
      href: (await card.getByRole('link').getAttribute('href'))!,
    });
  }
  // The seeded tiles: the SPEC's 595, 595 and 995, each the price of a real product.
  expect(tiles.map((t) => t.price)).toEqual(['₹ 595.00', '₹ 595.00', '₹ 995.00']);
  for (const tile of tiles) {
    // A tile that sells one size opens the product with that size chosen (issue 28).
    expect(tile.href).toMatch(/^\/products\/[a-z0-9-]+(\?variant=[0-9a-f-]{36})?$/);
    await page.goto(tile.href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main').getByText(tile.price).first()).toBeVisible();
  }
});

test("the admin edits a tile in the dashboard and the home page shows it, with the new product's price", async ({ page, browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const before = ((await (await request.get('/api/home-tiles')).json()) as { tiles: Tile[] }).tiles;
  const original = before[1]!;
  const title = `Farm Paneer ${testInfo.project.name}`;
  try {
    await adminLogin(page);
    const tile = page.getByRole('form', { name: 'Video tile 2' });
    await tile.getByLabel('Title').fill(title);
    await tile.getByLabel('Video').selectOption('a2-cow-ghee');
    await tile.getByLabel('Product').selectOption({ label: 'Fresh Malai Paneer 200 g: ₹ 120.00' });
    await tile.getByRole('button', { name: 'Save tile' }).click();
    await expect(toast(page, 'Video tile 2 saved')).toBeVisible();

    // A new visitor (the server draws the page) sees the edit.
    const shop = await (await browser.newContext()).newPage();
    await shop.goto('/');
    const card = shop.getByRole('region', { name: 'Made on our farm' }).getByRole('listitem').nth(1);
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card.getByText('₹ 120.00')).toBeVisible();
    await expect(card.locator('video')).toHaveAttribute('src', '/videos/a2-cow-ghee.mp4');
    await card.getByRole('link', { name: `Shop ${title}` }).click();
    await expect(shop).toHaveURL(/\/products\/fresh-malai-paneer-200-g$/);
    await shop.context().close();
  } finally {
    // Leave the tile as the other journeys expect it.
    const restored = await request.put('/api/home-tiles/2', {
      headers: { authorization: `Bearer ${token}` },
      data: { title: original.title, video: original.video, product: original.product?._id ?? null },
    });
    expect(restored.ok()).toBe(true);
  }
});

test('a renamed category answers 301 at its old address, and a visitor lands on the new one', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/category', { headers: auth, data: { name: `Spices ${testInfo.project.name} ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const category = ((await created.json()) as { category: { _id: string; slug: string } }).category;
  const renamed = await request.put(`/api/category/${category._id}`, { headers: auth, data: { name: `Masala ${testInfo.project.name} ${Date.now()}` } });
  expect(renamed.ok()).toBe(true);
  const categories = ((await (await request.get('/api/category')).json()) as { categories: Array<{ _id: string; slug: string }> }).categories;
  const newSlug = categories.find((c) => c._id === category._id)!.slug;

  const old = await request.get(`/category/${category.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/category/${newSlug}`);
  await page.goto(`/category/${category.slug}`);
  await expect(page).toHaveURL(new RegExp(`/category/${newSlug}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Masala / })).toBeVisible();

  const deleted = await request.delete(`/api/category/${category._id}`, { headers: auth });
  expect(deleted.ok()).toBe(true);
});

test("a seeded slide's link (/category/ghee) still leads to the category after it is renamed", async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const categories = ((await (await request.get('/api/category')).json()) as { categories: Array<{ _id: string; name: string; slug: string }> }).categories;
  const ghee = categories.find((c) => c.slug === 'ghee')!;
  const newName = `Pure Ghee ${testInfo.project.name}`;
  try {
    expect((await request.put(`/api/category/${ghee._id}`, { headers: auth, data: { name: newName } })).ok()).toBe(true);
    await page.goto('/');
    // The slide links inside the app: the app asks the server once, which answers the old address with a 301.
    const slide = page.getByRole('region', { name: 'Featured' }).locator('a[href="/category/ghee"]').first();
    await slide.click();
    await expect(page).toHaveURL(new RegExp(`/category/pure-ghee-${testInfo.project.name}$`));
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  } finally {
    // The other journeys use the seeded name and address.
    expect((await request.put(`/api/category/${ghee._id}`, { headers: auth, data: { name: ghee.name } })).ok()).toBe(true);
  }
});
