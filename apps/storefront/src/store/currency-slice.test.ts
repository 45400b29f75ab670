import { http, HttpResponse } from 'msw';
import { currencySelected, selectCurrency } from './currency-slice';
import { sessionApi } from './session-api';
import { makeStore } from './store';
import { rates } from '../testing/fixtures';
import { apiPath, server } from '../testing/server';

describe('currency', () => {
  it('shows INR until the rates arrive, then the chosen currency', async () => {
    const store = makeStore();
    expect(selectCurrency(store.getState())).toMatchObject({ code: 'INR', symbol: '₹', rate: 1 });
    store.dispatch(currencySelected('USD'));
    expect(store.getState().currency).toEqual({ code: 'USD' });
    expect(selectCurrency(store.getState())).toMatchObject({ code: 'INR', rate: 1 });
    await store.dispatch(sessionApi.endpoints.exchangeRates.initiate());
    expect(selectCurrency(store.getState())).toMatchObject({ code: 'USD', symbol: '$', rate: rates.USD });
  });

  it('derives the rate and symbol from the fetched rates', async () => {
    const store = makeStore();
    await store.dispatch(sessionApi.endpoints.exchangeRates.initiate());
    store.dispatch(currencySelected('AED'));
    expect(selectCurrency(store.getState())).toMatchObject({ code: 'AED', symbol: 'AED', rate: rates.AED });
    store.dispatch(currencySelected('EUR'));
    expect(selectCurrency(store.getState())).toMatchObject({ code: 'EUR', symbol: '€', rate: rates.EUR });
  });

  it('keeps the chosen currency and takes its new rate when the rates are fetched again', async () => {
    const store = makeStore({ currency: { code: 'USD' } });
    await store.dispatch(sessionApi.endpoints.exchangeRates.initiate());
    server.use(http.get(apiPath('products/currencyExchangeRates'), () => HttpResponse.json({ rates: { ...rates, USD: 0.013 } })));
    await store.dispatch(sessionApi.endpoints.exchangeRates.initiate(undefined, { forceRefetch: true }));
    expect(selectCurrency(store.getState())).toMatchObject({ code: 'USD', symbol: '$', rate: 0.013 });
  });
});
