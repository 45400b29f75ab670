/** GET /api/products/currencyExchangeRates: { rates: { INR: 1, USD, EUR, AED } }. */
import { ExchangeRatesResponseSchema } from '@shop/domain/schemas/currency';
import { okOrError } from '../../lib/route-schemas.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';
import { defineRoutes } from '../../lib/routes.js';

/** Rates move slowly; browsers and CDNs may reuse an answer this long. */
const RATES_CACHE_SECONDS = 300;
// No stale-while-revalidate here: browsers would apply it and keep background revalidations pending.
const RATES_CACHE_CONTROL = `public, max-age=${RATES_CACHE_SECONDS}`;

export default defineRoutes(async function currencyRoutes(app) {
  const { currency } = app.services;

  app.get(
    '/products/currencyExchangeRates',
    { ...READ_MODEL_ROUTE, schema: { response: okOrError(ExchangeRatesResponseSchema) } },
    (request, reply) =>
      app.answerFromReadModel(request, reply, async () => ({ rates: await currency.rates() }), {
        cacheControl: RATES_CACHE_CONTROL,
      }),
  );
});
