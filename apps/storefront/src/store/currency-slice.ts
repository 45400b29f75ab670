/**
 * The currency prices are shown in: the slice keeps only the shopper's choice (persisted); the rate and symbol are
 * derived from the exchange-rates query. Prices are stored in INR; a rate is 1 INR in the chosen currency.
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BASE_CURRENCY, CURRENCY_SYMBOLS, type CurrencyCode, type ExchangeRates } from '@shop/domain/money';
import { sessionApi } from './session-api';

export interface CurrencyState {
  code: CurrencyCode;
}

const initialState: CurrencyState = { code: BASE_CURRENCY };

export const currencySlice = createSlice({
  name: 'currency',
  initialState,
  reducers: {
    currencySelected(state, action: PayloadAction<CurrencyCode>) {
      state.code = action.payload;
    },
  },
});

export const { currencySelected } = currencySlice.actions;

const selectRates = (state: Parameters<ReturnType<typeof sessionApi.endpoints.exchangeRates.select>>[0]) =>
  sessionApi.endpoints.exchangeRates.select()(state).data;

export interface ShownCurrency {
  code: CurrencyCode;
  symbol: string;
  rate: number;
  /** The fetched rates; undefined until they arrive (only INR can be shown before). */
  rates: ExchangeRates | undefined;
}

/** The currency prices are shown in: the chosen one once its rate is known, INR until then. */
export const selectCurrency = createSelector(
  [(state: { currency: CurrencyState }) => state.currency.code, selectRates],
  (chosen, rates): ShownCurrency => {
    const rate = chosen === BASE_CURRENCY ? 1 : rates?.[chosen];
    const code = rate === undefined ? BASE_CURRENCY : chosen;
    return { code, symbol: CURRENCY_SYMBOLS[code], rate: rate ?? 1, rates };
  },
);
