import { Type, type Static } from '@sinclair/typebox';

/** GET products/currencyExchangeRates: 1 INR in each currency. */
export const ExchangeRatesResponseSchema = Type.Object({
  rates: Type.Object({ INR: Type.Number(), USD: Type.Number(), EUR: Type.Number(), AED: Type.Number() }),
});
export type ExchangeRatesResponse = Static<typeof ExchangeRatesResponseSchema>;
