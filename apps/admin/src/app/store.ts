import { combineSlices, configureStore, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { createApiClient, type ApiClient } from '@shop/api-client';
import { config } from '../config';
import { api, failureMessage, type ApiExtra } from '../lib/api';
import { notifyError } from '../lib/notify';
import { authSlice } from '../features/auth/auth-slice';

const rootReducer = combineSlices(api, authSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** SPEC 8: any failed call shows an error toast with the server's message, and is logged. */
const apiErrorToaster: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const message = failureMessage(action.payload);
    console.error('API call failed', action.payload);
    if (message) notifyError(message);
  }
  return next(action);
};

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  /** A client to use instead of one built from config (tests may pass their own). */
  client?: ApiClient;
}

export function makeStore({ preloadedState, client }: MakeStoreOptions = {}) {
  // getToken reads the store on every call, so a new login is used at once.
  const holder: { getToken: () => string | null } = { getToken: () => null };
  const extra: ApiExtra = {
    client: client ?? createApiClient({ baseUrl: config.apiBaseUrl, getToken: () => holder.getToken() }),
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware, apiErrorToaster),
  });
  holder.getToken = () => store.getState().auth.token;
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
