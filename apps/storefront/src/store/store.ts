/**
 * The store: the cart, the chosen currency and the session token as client state, plus the RTK Query cache (where
 * the signed-in user lives). saved-state.ts keeps the cart, the currency and the token in local storage;
 * `makeStore(preloadedState)` lets tests and a server render start from any state, and touches no browser API.
 */
import { combineReducers, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient } from '@shop/api-client';
import type { ApiExtra } from '@shop/app-kit/base-query';
import { authSlice, type AuthState } from '@shop/app-kit/session';
import { config } from '../config';
import { api } from '../lib/api';
import { cartSlice, type CartState } from './cart-slice';
import { currencySlice, type CurrencyState } from './currency-slice';
import { savedStateRestored } from './saved-state';

const slices = combineReducers({
  // The shop's session lives under persist:auth; the admin panel keeps its own (see the README, "Sessions").
  auth: authSlice.reducer,
  cart: cartSlice.reducer,
  currency: currencySlice.reducer,
  [api.reducerPath]: api.reducer,
});
export type RootState = ReturnType<typeof slices>;

/** The slices, plus the saved cart, currency and token laid over them once at start (saved-state.ts). */
const rootReducer: Reducer<RootState, UnknownAction, Partial<RootState>> = (state, action) => {
  if (state && savedStateRestored.match(action)) {
    const saved = action.payload;
    const current = slices(state, action);
    return {
      ...current,
      auth: { ...current.auth, ...saved.auth },
      cart: { ...current.cart, ...saved.cart },
      currency: { ...current.currency, ...saved.currency },
    };
  }
  return slices(state, action);
};

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
  // One api-client per store; it reads the token at each call, so a new sign-in is used at once.
  const holder: { getToken: () => string | null } = { getToken: () => null };
  // The api-client (1.4 kB) is not in the entry: it loads with the first call, which waits for it. A server-drawn page
  // comes with its data and may make no call at all (a first visit to the home page makes none).
  let client: Promise<ApiClient> | undefined;
  const extra: ApiExtra = {
    get client() {
      client ??= import('@shop/api-client').then(({ createApiClient }) =>
        createApiClient({ baseUrl: config.apiBaseUrl, getToken: () => holder.getToken(), fetch: options.fetch }),
      );
      return client;
    },
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Partial<RootState>,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        // RTK Query's args are client calls (functions), which are fine to keep out of the check.
        immutableCheck: { warnAfter: 64 },
      }).concat(api.middleware),
  });
  holder.getToken = () => store.getState().auth.token;
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
