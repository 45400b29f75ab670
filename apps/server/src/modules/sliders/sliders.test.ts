import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sliders } from '../../db/schema.js';
import { expectAdminOnly, expectClientError, openShopForFile, PNG_DATA_URL, uploadedFile, expectInvalidJsonRefused } from '../../test/harness.js';

const t = openShopForFile();
beforeEach(async () => {
  await t.shop.db.delete(sliders);
});

const SVG_DATA_URL = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4"/></svg>',
).toString('base64')}`;
const HTML_DATA_URL = `data:image/gif;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;

function sliderFiles(): number {
  const dir = join(t.shop.config.storage.uploadsDir, 'sliders');
  return existsSync(dir) ? readdirSync(dir).length : 0;
}

function postSlider(payload: Record<string, unknown>, token?: string | null) {
  return t.shop.request({ method: 'POST', url: '/api/slider', token: token === undefined ? t.admin.token : (token ?? undefined), payload });
}

async function createSlider(name: string, url = '/allproducts') {
  const res = await postSlider({ name, url, image: PNG_DATA_URL });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().slider as { _id: string; name: string; url: string; image: string };
}

describe('GET /api/slider', () => {
  it('answers an empty list, then the sliders oldest first', async () => {
    const empty = await t.shop.request({ method: 'GET', url: '/api/slider' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ sliders: [] });

    const first = await createSlider('First', '/category/ghee');
    t.shop.advanceClock(1000);
    const second = await createSlider('Second', 'https://example.com/offer');
    for (const url of ['/api/slider', '/api/slider/']) {
      const res = await t.shop.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sliders: [first, second] });
    }
  });
});

describe('POST /api/slider', () => {
  it('creates a slider with exactly the slider fields and a stored image', async () => {
    const res = await postSlider({ name: 'Pure Ghee', url: '/category/ghee', image: PNG_DATA_URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      slider: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Pure Ghee',
        url: '/category/ghee',
        image: expect.stringMatching(/^\/uploads\/sliders\/[0-9a-f-]+\.webp$/),
      },
    });
    const { image } = res.json().slider;
    expect(existsSync(uploadedFile(t.shop, image))).toBe(true);
    const served = await t.shop.request({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a fourth slider with 409 and keeps no orphan image', async () => {
    await createSlider('One');
    await createSlider('Two');
    await createSlider('Three');
    const res = await postSlider({ name: 'Four', url: '/allproducts', image: PNG_DATA_URL });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Max number of sliders reached' });
    const list = await t.shop.request({ method: 'GET', url: '/api/slider' });
    expect(list.json().sliders.map((s: { name: string }) => s.name)).toEqual(['One', 'Two', 'Three']);
  });

  it('lets exactly three of four concurrent posts in', async () => {
    const filesBefore = sliderFiles();
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => postSlider({ name, url: '/allproducts', image: PNG_DATA_URL })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409]);
    const list = await t.shop.request({ method: 'GET', url: '/api/slider' });
    expect(list.json().sliders).toHaveLength(3);
    // The refused post left no image behind.
    const stored = results.filter((r) => r.statusCode === 200).map((r) => r.json().slider.image as string);
    expect(stored.every((url) => existsSync(uploadedFile(t.shop, url)))).toBe(true);
    // Three images, each with its two smaller widths.
    expect(sliderFiles() - filesBefore).toBe(9);
  });

  it('allows adding again after a delete', async () => {
    const [a] = [await createSlider('One'), await createSlider('Two'), await createSlider('Three')];
    expect((await t.shop.request({ method: 'DELETE', url: `/api/slider/${a!._id}`, token: t.admin.token })).statusCode).toBe(200);
    await createSlider('Four');
  });

  it('answers 401 to a guest and 403 to a customer', async () => {
    const payload = { name: 'x', url: '/', image: PNG_DATA_URL };
    expectClientError(await postSlider(payload, null), 401);
    expectClientError(await postSlider(payload, t.customer.token), 403);
    expect((await t.shop.request({ method: 'GET', url: '/api/slider' })).json()).toEqual({ sliders: [] });
  });

  it.each([
    ['missing image', { name: 'x', url: '/' }],
    ['missing name', { url: '/', image: PNG_DATA_URL }],
    ['missing url', { name: 'x', image: PNG_DATA_URL }],
    ['blank name', { name: '  ', url: '/', image: PNG_DATA_URL }],
    ['number name', { name: 1, url: '/', image: PNG_DATA_URL }],
    ['oversize name', { name: 'x'.repeat(101), url: '/', image: PNG_DATA_URL }],
    ['javascript: url', { name: 'x', url: 'javascript:alert(1)', image: PNG_DATA_URL }],
    ['protocol-relative url', { name: 'x', url: '//evil.example/', image: PNG_DATA_URL }],
    ['backslash url /\\evil', { name: 'x', url: '/\\evil.example', image: PNG_DATA_URL }],
    ['backslash url \\\\evil', { name: 'x', url: '\\\\evil.example', image: PNG_DATA_URL }],
    ['url with a backslash later', { name: 'x', url: 'https://shop.example\\@evil.example/', image: PNG_DATA_URL }],
    ['url with a tab', { name: 'x', url: '/\t/evil.example', image: PNG_DATA_URL }],
    ['non-image upload', { name: 'x', url: '/', image: HTML_DATA_URL }],
    ['SVG upload', { name: 'x', url: '/', image: SVG_DATA_URL }],
    ['truncated image', { name: 'x', url: '/', image: PNG_DATA_URL.slice(0, 60) }],
  ])('answers 400 to %s', async (_name, payload) => {
    expectClientError(await postSlider(payload), 400);
  });

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: '/api/slider', token: t.admin.token, payload: '{"name": ' });
  });
});

describe('DELETE /api/slider/:id', () => {
  it('deletes the slider and its image files', async () => {
    const slider = await createSlider('Gone');
    const url = `/api/slider/${slider._id}`;
    await expectAdminOnly(t, { method: 'DELETE', url });
    const res = await t.shop.request({ method: 'DELETE', url, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Slider deleted successfully' });
    expect(existsSync(uploadedFile(t.shop, slider.image))).toBe(false);
    expect(existsSync(uploadedFile(t.shop, slider.image.replace('.webp', '-320.webp')))).toBe(false);
    expect((await t.shop.request({ method: 'GET', url: '/api/slider' })).json()).toEqual({ sliders: [] });
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    const res = await t.shop.request({ method: 'DELETE', url: '/api/slider/00000000-0000-4000-8000-000000000000', token: t.admin.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expectClientError(await t.shop.request({ method: 'DELETE', url: '/api/slider/nope', token: t.admin.token }), 400);
  });
});
