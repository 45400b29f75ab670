/** The currency prices are shown in. Prices are stored in INR; the rate is 1 INR in the chosen currency. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BASE_CURRENCY, CURRENCY_SYMBOLS, type CurrencyCode, type ExchangeRates } from '@shop/domain/money';
import { sessionApi } from './session-api';

export interface CurrencyState {
  code: CurrencyCode;
  symbol: string;
  rate: number;
  /** The fetched rates; null until they arrive (only INR can be shown before). */
  rates: ExchangeRates | null;
}

const initialState: CurrencyState = {
  code: BASE_CURRENCY,
  symbol: CURRENCY_SYMBOLS[BASE_CURRENCY],
  rate: 1,
  rates: null,
};

function apply(state: CurrencyState, code: CurrencyCode) {
  const rate = code === BASE_CURRENCY ? 1 : state.rates?.[code];
  if (rate === undefined) return;
  state.code = code;
  state.symbol = CURRENCY_SYMBOLS[code];
  state.rate = rate;
}

export const currencySlice = createSlice({
  name: 'currency',
  initialState,
  reducers: {
    currencySelected(state, action: PayloadAction<CurrencyCode>) {
      apply(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(sessionApi.endpoints.exchangeRates.matchFulfilled, (state, action) => {
      state.rates = action.payload;
      apply(state, state.code);
    });
  },
  selectors: {
    selectCurrency: (state) => state,
  },
});

export const { currencySelected } = currencySlice.actions;
export const { selectCurrency } = currencySlice.selectors;
