/**
 * The store: three client-state slices plus the RTK Query cache. redux-persist keeps the cart and the
 * token in local storage; `makeStore(preloadedState)` lets tests start from any state.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { api } from '../lib/api';
import { authSlice, type AuthState } from './auth-slice';
import { cartSlice, type CartState } from './cart-slice';
import { currencySlice, type CurrencyState } from './currency-slice';

const rootReducer = combineReducers({
  auth: persistReducer({ key: 'auth', storage, whitelist: ['token'] }, authSlice.reducer),
  cart: persistReducer({ key: 'cart', storage, whitelist: ['items'] }, cartSlice.reducer),
  currency: currencySlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What a test (or a server render) may start from; persistence bookkeeping is added by redux-persist. */
export interface PreloadedState {
  auth?: AuthState;
  cart?: CartState;
  currency?: CurrencyState;
}

export function makeStore(preloadedState: PreloadedState = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Partial<RootState>,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
        // RTK Query's args are client calls (functions), which are fine to keep out of the check.
        immutableCheck: { warnAfter: 64 },
      }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
