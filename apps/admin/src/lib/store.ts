import { combineReducers } from '@reduxjs/toolkit';
import { createApiClient, type ApiClient } from '@shop/api-client';
import { authSlice, readStoredToken } from '@shop/app-kit/session';
import { makeStore as makeAppStore } from '@shop/app-kit/store';
import { config, TOKEN_KEY } from '../config';
import { api } from './api';

const rootReducer = combineReducers({ auth: authSlice.reducer, [api.reducerPath]: api.reducer });
export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  /** A client to use instead of one built from config (tests may pass their own). */
  client?: ApiClient;
}

/** The panel's store; without a preloaded token it starts from the admin session saved in this browser. */
export function makeStore({ preloadedState, client }: MakeStoreOptions = {}) {
  return makeAppStore({
    reducer: rootReducer,
    api,
    createClient: (getToken) => client ?? createApiClient({ baseUrl: config.apiBaseUrl, getToken }),
    preloadedState: { auth: { token: readStoredToken(TOKEN_KEY) }, ...preloadedState },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
