/**
 * The store: the cart, the chosen currency and the session token as client state, plus the RTK Query cache (where
 * the signed-in user lives), made by app-kit's makeStore as the admin's is. saved-state.ts restores and keeps the
 * cart, the currency and the token in local storage; `makeStore(preloadedState)` lets tests and a server render
 * start from any state, and touches no browser API.
 */
import { combineReducers } from '@reduxjs/toolkit';
import { authSlice, type AuthState } from '@shop/app-kit/session';
import { makeStore as makeAppStore } from '@shop/app-kit/store';
import { config } from '../config';
import { api } from '../lib/api';
import { cartSlice, type CartState } from './cart-slice';
import { currencySlice, type CurrencyState } from './currency-slice';

// The shop's session lives under persist:auth; the admin panel keeps its own (see the README, "Sessions").
const rootReducer = combineReducers({
  auth: authSlice.reducer,
  cart: cartSlice.reducer,
  currency: currencySlice.reducer,
  [api.reducerPath]: api.reducer,
});
export type RootState = ReturnType<typeof rootReducer>;

/** What a test (or a server render) may start from. */
export interface PreloadedState {
  auth?: AuthState;
  cart?: CartState;
  currency?: CurrencyState;
}

export interface StoreOptions {
  /** How the api-client reaches the API: the server render passes one that answers in-process. */
  fetch?: typeof fetch;
}

export function makeStore(preloadedState: PreloadedState = {}, options: StoreOptions = {}) {
  return makeAppStore({
    reducer: rootReducer,
    api,
    // The api-client (1.4 kB) is not in the entry: it loads with the first call, which waits for it. A server-drawn
    // page comes with its data and may make no call at all (a first visit to the home page makes none).
    createClient: (getToken) =>
      import('@shop/api-client').then(({ createApiClient }) => createApiClient({ baseUrl: config.apiBaseUrl, getToken, fetch: options.fetch })),
    preloadedState: preloadedState as Partial<RootState>,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
