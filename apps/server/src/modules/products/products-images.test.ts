import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_WIDTH, IMAGE_WIDTHS } from '@shop/domain/images';
import type { Category } from '@shop/domain/schemas/catalogue';
import type { Product } from '@shop/domain/schemas/products';
import { createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { addCategory, addProduct, keysOf, pngDataUrl, PRODUCT_KEYS } from './test-fixtures.js';

let shop: TestShop;
let admin: TestUser;
let ghee: Category;
let PNG_DATA_URL: string;
let bigPng: string;
let jpeg: string;

const IMAGE_URL = /^\/uploads\/products\/[0-9a-f-]{36}\.webp$/;
const variantsOf = (url: string) => [url, ...IMAGE_WIDTHS.map((w) => url.replace(/\.webp$/, `-${w}.webp`))];
const fileOf = (url: string) => join(shop.config.storage.uploadsDir, url.slice('/uploads/'.length));
const dataUrl = (type: string, bytes: Buffer | string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const productFiles = () => {
  const dir = join(shop.config.storage.uploadsDir, 'products');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.createAdmin();
  ghee = await addCategory(shop, admin.token, 'Ghee');
  PNG_DATA_URL = await pngDataUrl();
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 160, b: 40 } } })
    .png()
    .toBuffer();
  bigPng = dataUrl('image/png', png);
  const jpg = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  jpeg = dataUrl('image/jpeg', jpg);
});
afterAll(() => shop.close());

describe('product images', () => {
  it('stores a PNG as WebP under /uploads/products, served with GET, with -320 and -640 variants', async () => {
    const product = await addProduct(shop, admin.token, { name: 'Pictured', category: ghee._id, image: PNG_DATA_URL });
    expect(keysOf(product)).toEqual([...PRODUCT_KEYS, 'image'].sort());
    expect(product.image).toMatch(IMAGE_URL);
    for (const url of variantsOf(product.image!)) {
      const res = await shop.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
    // The image is in every answer that carries the product.
    expect((await shop.request({ method: 'GET', url: `/api/products/${product.slug}` })).json().product.image).toBe(product.image);
  });

  it('re-encodes a large PNG at the configured widths', async () => {
    const product = await addProduct(shop, admin.token, { name: 'Wide Picture', category: ghee._id, image: bigPng });
    const [max, ...sized] = variantsOf(product.image!);
    const widthOf = async (url: string) => (await sharp((await shop.request({ method: 'GET', url })).rawPayload).metadata()).width;
    expect(await widthOf(max!)).toBe(IMAGE_MAX_WIDTH);
    expect(await Promise.all(sized.map(widthOf))).toEqual([...IMAGE_WIDTHS]);
  });

  it('accepts a JPEG whatever type the data URL declares', async () => {
    const product = await addProduct(shop, admin.token, { name: 'Jpeg Picture', category: ghee._id, image: jpeg.replace('image/jpeg', 'image/png') });
    expect(product.image).toMatch(IMAGE_URL);
  });

  it.each([
    ['an SVG disguised as PNG', dataUrl('image/png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')],
    ['an SVG declared as SVG', dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['an HTML file disguised as PNG', dataUrl('image/png', '<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['a PNG header with garbage after it', dataUrl('image/png', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('garbage'.repeat(20))]))],
    ['text', dataUrl('text/plain', 'hello')],
  ])('refuses %s with 400 and stores nothing', async (_label, image) => {
    const before = productFiles();
    const res = await shop.request({ method: 'POST', url: '/api/products', token: admin.token, payload: { name: 'Bad Image', price: 1, quantity: 1, category: ghee._id, image } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/image/i);
    expect(productFiles()).toEqual(before);
  });

  it('refuses an image over the size cap with 400, and a body over the body limit with 413', async () => {
    const tooBig = `data:image/png;base64,${'A'.repeat(7_100_000)}`;
    const big = await shop.request({ method: 'POST', url: '/api/products', token: admin.token, payload: { name: 'Huge', price: 1, quantity: 1, category: ghee._id, image: tooBig } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/image/i);
    const huge = `data:image/png;base64,${'A'.repeat(9 * 1024 * 1024)}`;
    const body = await shop.request({ method: 'POST', url: '/api/products', token: admin.token, payload: { name: 'Huge', price: 1, quantity: 1, category: ghee._id, image: huge } });
    expect(body.statusCode).toBe(413);
    expect(body.json()).toHaveProperty('message');
  });

  it('replacing an image stores the new one and deletes the old files', async () => {
    const product = await addProduct(shop, admin.token, { name: 'Replace Me', category: ghee._id, image: PNG_DATA_URL });
    const old = product.image!;
    for (const url of variantsOf(old)) expect(existsSync(fileOf(url))).toBe(true);

    const res = await shop.request({ method: 'PUT', url: `/api/products/${product._id}`, token: admin.token, payload: { image: jpeg, old_image: old } });
    expect(res.statusCode).toBe(200);
    const updated = res.json<{ product: Product }>().product;
    expect(updated.image).toMatch(IMAGE_URL);
    expect(updated.image).not.toBe(old);
    for (const url of variantsOf(old)) {
      expect(existsSync(fileOf(url))).toBe(false);
      expect((await shop.request({ method: 'GET', url })).statusCode).toBe(404);
    }
    for (const url of variantsOf(updated.image!)) expect((await shop.request({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('deletes only the product’s own image, never one the client names in old_image', async () => {
    const victim = await addProduct(shop, admin.token, { name: 'Victim', category: ghee._id, image: PNG_DATA_URL });
    const attacker = await addProduct(shop, admin.token, { name: 'Attacker', category: ghee._id, image: PNG_DATA_URL });
    for (const old_image of [victim.image!, '/uploads/../../etc/passwd', '../config.json']) {
      const res = await shop.request({ method: 'PUT', url: `/api/products/${attacker._id}`, token: admin.token, payload: { image: PNG_DATA_URL, old_image } });
      expect(res.statusCode).toBe(200);
    }
    for (const url of variantsOf(victim.image!)) expect(existsSync(fileOf(url))).toBe(true);
    // old_image without a new image changes nothing and deletes nothing.
    const current = (await shop.request({ method: 'GET', url: `/api/products/${attacker.slug}` })).json().product.image;
    const res = await shop.request({ method: 'PUT', url: `/api/products/${attacker._id}`, token: admin.token, payload: { old_image: current } });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.image).toBe(current);
    expect(existsSync(fileOf(current))).toBe(true);
  });

  it('a refused replacement keeps the old image', async () => {
    const product = await addProduct(shop, admin.token, { name: 'Keep Me', category: ghee._id, image: PNG_DATA_URL });
    const svg = dataUrl('image/png', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await shop.request({ method: 'PUT', url: `/api/products/${product._id}`, token: admin.token, payload: { image: svg, old_image: product.image } });
    expect(res.statusCode).toBe(400);
    expect(existsSync(fileOf(product.image!))).toBe(true);
    expect((await shop.request({ method: 'GET', url: `/api/products/${product.slug}` })).json().product.image).toBe(product.image);
  });

  it('a refused update with a new image leaves no new file behind', async () => {
    const product = await addProduct(shop, admin.token, { name: 'Half Update', category: ghee._id, image: PNG_DATA_URL });
    const before = productFiles();
    const res = await shop.request({ method: 'PUT', url: `/api/products/${product._id}`, token: admin.token, payload: { image: jpeg, name: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(productFiles()).toEqual(before);
  });

  it('deleting a product deletes its image files', async () => {
    const product = await addProduct(shop, admin.token, { name: 'Gone With Image', category: ghee._id, image: PNG_DATA_URL });
    const res = await shop.request({ method: 'DELETE', url: `/api/products/${product._id}`, token: admin.token });
    expect(res.statusCode).toBe(200);
    for (const url of variantsOf(product.image!)) expect(existsSync(fileOf(url))).toBe(false);
  });
});
