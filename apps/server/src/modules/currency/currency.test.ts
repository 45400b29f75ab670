import { describe, expect, it } from 'vitest';
import { DEFAULT_EXCHANGE_RATES } from '@shop/domain/money';
import { exchangeRates } from '../../db/schema.js';
import { openShopForTests } from '../../test/harness.js';

const URL = '/api/products/currencyExchangeRates';

describe('GET /api/products/currencyExchangeRates', () => {
  describe('with the default configuration', () => {
    const t = openShopForTests();

    it('answers the configured rates with INR 1, publicly, cacheable for a few minutes', async () => {
      const res = await t.shop.request({ method: 'GET', url: URL });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ rates: { ...DEFAULT_EXCHANGE_RATES, INR: 1 } });
      expect(Object.keys(res.json().rates).sort()).toEqual(['AED', 'EUR', 'INR', 'USD']);
      expect(res.headers['cache-control']).toMatch(/max-age=(\d+)/);
      const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1]);
      expect(maxAge).toBeGreaterThanOrEqual(60);
      expect(maxAge).toBeLessThanOrEqual(900);
    });

    it('prefers rows of exchange_rates, skipping broken ones and never changing INR', async () => {
      await t.shop.db.insert(exchangeRates).values([
        { code: 'USD', rate: 0.0125 },
        { code: 'eur', rate: 0.0109 },
        { code: 'AED', rate: 0 },
        { code: 'INR', rate: 2 },
        { code: 'GBP', rate: 0.0095 },
      ]);
      // A write straight to the table reaches the read model by a database notice.
      await t.shop.app.catalogueNoticesHeard();
      const res = await t.shop.request({ method: 'GET', url: URL });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ rates: { INR: 1, USD: 0.0125, EUR: 0.0109, AED: DEFAULT_EXCHANGE_RATES.AED } });
    });
  });

  describe('with EXCHANGE_RATES set', () => {
    const t = openShopForTests({ EXCHANGE_RATES: JSON.stringify({ USD: 0.02, EUR: 0.015, AED: 0.05 }) });

    it('answers the configured rates when the table is empty', async () => {
      const res = await t.shop.request({ method: 'GET', url: URL });
      expect(res.json()).toEqual({ rates: { INR: 1, USD: 0.02, EUR: 0.015, AED: 0.05 } });
    });

    it('lets a table row override one configured rate', async () => {
      await t.shop.db.insert(exchangeRates).values({ code: 'AED', rate: 0.045 });
      await t.shop.app.catalogueNoticesHeard();
      const res = await t.shop.request({ method: 'GET', url: URL });
      expect(res.json()).toEqual({ rates: { INR: 1, USD: 0.02, EUR: 0.015, AED: 0.045 } });
    });
  });
});
