import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './test/harness.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('GET /api/health', () => {
  it('answers ok once the database is ready', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('errors before routing', () => {
  it('answers a badly escaped URL with 400 and a message', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/products/%FF' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
  });
});
