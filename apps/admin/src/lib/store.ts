import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { createApiClient, type ApiClient } from '@shop/api-client';
import type { ApiExtra } from '@shop/app-kit/base-query';
import { authSlice, readStoredToken } from '@shop/app-kit/session';
import { config, TOKEN_KEY } from '../config';
import { api } from './api';

const rootReducer = combineSlices(api, authSlice);
export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  /** A client to use instead of one built from config (tests may pass their own). */
  client?: ApiClient;
}

/** The panel's store; without a preloaded token it starts from the admin session saved in this browser. */
export function makeStore({ preloadedState, client }: MakeStoreOptions = {}) {
  // getToken reads the store on every call, so a new login is used at once.
  const holder: { getToken: () => string | null } = { getToken: () => null };
  const extra: ApiExtra = {
    client: client ?? createApiClient({ baseUrl: config.apiBaseUrl, getToken: () => holder.getToken() }),
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: { token: readStoredToken(TOKEN_KEY) }, ...preloadedState },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
  holder.getToken = () => store.getState().auth.token;
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
