import { describe, expect, it } from 'vitest';
import { openShopForTests } from '../test/harness.js';
import { makeFakeDists } from '../test/fake-dist.js';
import { subresourcePaths } from './security-headers.js';

const t = openShopForTests(makeFakeDists());
const API_POLICY = "default-src 'none';frame-ancestors 'none'";

/** GETs `url` and checks the answer carries a document's headers: the shop's own policy, framed by itself only. */
async function getDocument(url: string) {
  const res = await t.shop.request({ method: 'GET', url });
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  return res;
}

describe('security headers', () => {
  it('gives an API answer the API policy: no scripts, no framing, nothing a document needs', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/products/list/1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(API_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('gives the same policy to API errors', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe(API_POLICY);
  });

  it('gives documents the shop policy, which lets Razorpay checkout load', async () => {
    const res = await getDocument('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('https://checkout.razorpay.com');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('treats the API docs page as a document, not an API answer', async () => {
    const res = await getDocument('/api/docs/ui/');
    expect(res.statusCode).toBeLessThan(400);
  });

  it("gives the apps' built scripts only what a script needs: nosniff, HSTS and its resource policy, no document headers", async () => {
    for (const url of ['/assets/index-AbC123.js', '/shuddh/assets/admin-Zz9.js']) {
      const res = await t.shop.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('keeps the document policy for anything under /assets that a browser could open as a page, and for other paths', () => {
    const isSubresourcePath = subresourcePaths('shuddh');
    expect(isSubresourcePath('/assets/index-AbC123.js')).toBe(true);
    expect(isSubresourcePath('/assets/index-AbC123.css?v=1')).toBe(true);
    expect(isSubresourcePath('/assets/playfair-latin.woff2')).toBe(true);
    expect(isSubresourcePath('/shuddh/assets/admin-Zz9.js')).toBe(true);
    expect(isSubresourcePath('/assets/logo.svg')).toBe(false);
    expect(isSubresourcePath('/assets/page.html')).toBe(false);
    expect(isSubresourcePath('/assets/x.js/evil.svg')).toBe(false);
    expect(isSubresourcePath('/uploads/products/ghee.webp')).toBe(false);
    expect(isSubresourcePath('/products/assets/x.js')).toBe(false);
    expect(isSubresourcePath('/shuddhx/assets/x.js')).toBe(false);
  });
});
