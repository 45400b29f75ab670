import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestShop, type TestShop } from '../test/harness.js';
import { HOME_JS, makeFakeDists } from '../test/fake-dist.js';
import { etagMatches, pickEncoding } from './static-files.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop(makeFakeDists());
});
afterAll(() => shop.close());

const get = (url: string, headers: Record<string, string> = {}) => shop.request({ method: 'GET', url, headers });

describe('caching headers', () => {
  it.each([
    ['the home page', '/'],
    ['a deep link', '/cart'],
    ['the all-products page', '/allproducts'],
    ['an admin page', '/shuddh/adminlogin'],
    ['the admin root', '/shuddh'],
  ])('%s is HTML revalidated on every visit, with a validator, never immutable', async (_name, url) => {
    const res = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(res.headers.vary).toContain('accept-encoding');
    // The validator works: the same document is answered 304 without a body.
    const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a hashed asset is immutable for a year and sent brotli or gzip as accepted, with Vary', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toContain('text/javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HOME_JS);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(HOME_JS);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HOME_JS);
    // Each representation has its own tag, and any of them revalidates the file.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    const revalidated = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': String(gz.headers.etag) });
    expect(revalidated.statusCode).toBe(304);

    const admin = await get('/shuddh/assets/admin-Zz9.js', { 'accept-encoding': 'br' });
    expect(admin.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(admin.headers['content-encoding']).toBe('br');
  });

  it('a HEAD of the home page has the headers and no body', async () => {
    const res = await shop.request({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toBe('');
  });

  it('an API answer above 1 kB is compressed, with Vary, and its ETag (if any) turns weak', async () => {
    const res = await get('/api/docs', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toHaveProperty('openapi');
    if (res.headers.etag) expect(res.headers.etag).toMatch(/^W\//);
    // Without accept-encoding the JSON goes as it is.
    const plain = await get('/api/docs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
  });

  it('a small API answer is not compressed (it would only grow)', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('unhashed public files are cached a day; a video answers byte ranges; build internals are not served', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    const part = await get('/videos/clip.mp4', { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    expect(part.body).toBe('2345');
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get('/assets/nope.js')).json()).toEqual({ message: 'Not found' });
  });
});

describe('pickEncoding / etagMatches', () => {
  it('prefers brotli, honours q=0 and *', () => {
    expect(pickEncoding('gzip, br', { br: true, gzip: true })).toBe('br');
    expect(pickEncoding('gzip, br;q=0', { br: true, gzip: true })).toBe('gzip');
    expect(pickEncoding('*', { br: false, gzip: true })).toBe('gzip');
    expect(pickEncoding('identity', { br: true, gzip: true })).toBeUndefined();
    expect(pickEncoding(undefined, { br: true, gzip: true })).toBeUndefined();
  });
  it('compares weakly, across our encodings', () => {
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc-br"', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
  });
});
