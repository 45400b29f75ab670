/** Exchange rates (1 INR in each currency): rows of exchange_rates win over the configured ones. */
import { isCurrencyCode, type ExchangeRates } from '@shop/domain/money';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { exchangeRates } from '../../db/schema.js';

async function currentRates(db: Db, configured: ExchangeRates): Promise<ExchangeRates> {
  const rates: ExchangeRates = { ...configured };
  const rows = await db.select({ code: exchangeRates.code, rate: exchangeRates.rate }).from(exchangeRates);
  for (const { code, rate } of rows) {
    const upper = code.trim().toUpperCase();
    // A broken row (unknown code, zero, negative, NaN) is skipped, so prices never show as 0 or NaN.
    if (isCurrencyCode(upper) && Number.isFinite(rate) && rate > 0) rates[upper] = rate;
  }
  // Prices are stored in INR: its rate is 1 by definition.
  rates.INR = 1;
  return rates;
}

export type CurrencyDeps = Pick<Deps, 'db' | 'config'>;

export function createCurrencyService(deps: CurrencyDeps) {
  return {
    rates: () => currentRates(deps.db, deps.config.exchangeRates),
  };
}
