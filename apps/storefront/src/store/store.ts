/**
 * The store: the cart, the chosen currency and the session token as client state, plus the RTK Query cache (where
 * the signed-in user lives). redux-persist keeps the cart, the currency and the token in local storage;
 * `makeStore(preloadedState)` lets tests and a server render start from any state, and touches no browser API.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import type { ApiExtra } from '@shop/app-kit/base-query';
import { createApiClient } from '@shop/api-client';
import { authSlice, type AuthState } from '@shop/app-kit/session';
import { config } from '../config';
import { api } from '../lib/api';
import { cartSlice, type CartState } from './cart-slice';
import { currencySlice, type CurrencyState } from './currency-slice';

const rootReducer = combineReducers({
  // The shop's session lives under persist:auth; the admin panel keeps its own (see the README, "Sessions").
  auth: persistReducer({ key: 'auth', storage, whitelist: ['token'] }, authSlice.reducer),
  cart: persistReducer({ key: 'cart', storage, whitelist: ['items'] }, cartSlice.reducer),
  currency: persistReducer({ key: 'currency', storage, whitelist: ['code'] }, currencySlice.reducer),
  [api.reducerPath]: api.reducer,
});
export type RootState = ReturnType<typeof rootReducer>;

/** What a test (or a server render) may start from; persistence bookkeeping is added by redux-persist. */
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
  // One api-client per store; it reads the token at each call, so a new sign-in is used at once.
  const holder: { getToken: () => string | null } = { getToken: () => null };
  const extra: ApiExtra = { client: createApiClient({ baseUrl: config.apiBaseUrl, getToken: () => holder.getToken(), fetch: options.fetch }) };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Partial<RootState>,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
        // RTK Query's args are client calls (functions), which are fine to keep out of the check.
        immutableCheck: { warnAfter: 64 },
      }).concat(api.middleware),
  });
  holder.getToken = () => store.getState().auth.token;
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
