/** The login-limit scenarios on the in-memory counters (one instance, the app's clock moved forward for pauses). */
import { afterAll, beforeAll } from 'vitest';
import { createTestShop, type TestShop } from '../../test/harness.js';
import { loginLimitScenarios } from './login-limits.scenarios.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

let block = 0;
loginLimitScenarios({
  shop: () => shop,
  pass: async (ms) => shop.advanceClock(ms),
  addresses: () => {
    const b = ++block;
    return (n) => `10.20.${b}.${n + 1}`;
  },
});
