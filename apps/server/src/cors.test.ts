import { describe, expect, it } from 'vitest';
import { openShopForTests } from './test/harness.js';
import { addCategory, addProduct } from './modules/products/test-fixtures.js';

const ADMIN_ORIGIN = 'https://admin.example.test';

describe('CORS for an admin on its own host', () => {
  const t = openShopForTests({ ADMIN_ORIGIN });

  it.each(['PUT', 'DELETE', 'POST', 'GET'])('lets the admin origin send %s with a bearer token and JSON', async (method) => {
    const res = await t.shop.request({
      method: 'OPTIONS',
      url: '/api/admin/orders/some-id',
      headers: {
        origin: ADMIN_ORIGIN,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    const methods = String(res.headers['access-control-allow-methods']).split(',').map((m) => m.trim());
    expect(methods).toContain(method);
    const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(',').map((h) => h.trim());
    expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type']));
    const maxAge = Number(res.headers['access-control-max-age']);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });

  it('tells the browser the admin origin may read a real answer', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/health', headers: { origin: ADMIN_ORIGIN } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
  });

  it('public reads vary by Origin, so a CDN never gives the admin the copy kept for the shop', async () => {
    const admin = await t.shop.createAdmin();
    const oils = await addCategory(t.shop, admin.token, 'Oils');
    // Long enough to be sent compressed (the read model then sets Vary itself).
    const oil = await addProduct(t.shop, admin.token, { name: 'Mustard Oil', category: oils._id, contents: '<p>Pressed slowly in a wooden ghani.</p>'.repeat(40) });
    for (const url of ['/api/category', `/api/products/${oil.slug}`]) {
      const forAdmin = await t.shop.request({ method: 'GET', url, headers: { origin: ADMIN_ORIGIN, 'accept-encoding': 'br' } });
      expect(forAdmin.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
      expect(String(forAdmin.headers.vary)).toMatch(/\borigin\b/i);
      const forShop = await t.shop.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(forShop.headers['access-control-allow-origin']).toBeUndefined();
      expect(String(forShop.headers.vary)).toMatch(/\borigin\b/i);
    }
  });

  it('gives any other origin no CORS permission', async () => {
    const res = await t.shop.request({
      method: 'OPTIONS',
      url: '/api/admin/orders/some-id',
      headers: { origin: 'https://evil.example.test', 'access-control-request-method': 'DELETE' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS without ADMIN_ORIGIN', () => {
  const t = openShopForTests();

  it('grants no cross-origin access', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/health', headers: { origin: 'https://admin.example.test' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
