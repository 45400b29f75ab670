import { http, HttpResponse } from 'msw';
import { currencySelected } from './currency-slice';
import { sessionApi } from './session-api';
import { makeStore } from './store';
import { rates } from '../testing/fixtures';
import { apiPath, server } from '../testing/server';

describe('currency slice', () => {
  it('defaults to INR and waits for the rates before switching', () => {
    const store = makeStore();
    expect(store.getState().currency).toMatchObject({ code: 'INR', symbol: '₹', rate: 1 });
    store.dispatch(currencySelected('USD'));
    expect(store.getState().currency.code).toBe('INR');
  });

  it('takes the rate and symbol from the fetched rates', async () => {
    const store = makeStore();
    await store.dispatch(sessionApi.endpoints.exchangeRates.initiate());
    store.dispatch(currencySelected('AED'));
    expect(store.getState().currency).toMatchObject({ code: 'AED', symbol: 'AED', rate: rates.AED });
    store.dispatch(currencySelected('EUR'));
    expect(store.getState().currency).toMatchObject({ code: 'EUR', symbol: '€', rate: rates.EUR });
  });

  it('keeps the chosen currency and takes its new rate when the rates are fetched again', async () => {
    const store = makeStore();
    await store.dispatch(sessionApi.endpoints.exchangeRates.initiate());
    store.dispatch(currencySelected('USD'));
    server.use(http.get(apiPath('products/currencyExchangeRates'), () => HttpResponse.json({ rates: { ...rates, USD: 0.013 } })));
    await store.dispatch(sessionApi.endpoints.exchangeRates.initiate(undefined, { forceRefetch: true }));
    expect(store.getState().currency).toMatchObject({ code: 'USD', symbol: '$', rate: 0.013 });
  });
});
