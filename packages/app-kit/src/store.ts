/**
 * The store both apps make: their reducer (`combineReducers` of their api, the session and their own slices), the
 * api's middleware, and one api-client bound to the store's token as the thunk extra argument (base-query.ts).
 * Saved state (saved-state.ts) comes in with `savedStateRestored`, laid over the slices it names.
 */
import { configureStore, createAction, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient } from '@shop/api-client';
import type { ApiExtra } from './base-query.js';
import type { AuthState } from './session.js';

/** What was saved in this browser, slice by slice, taken into the store once (after hydration on a drawn page). */
export const savedStateRestored = createAction<Record<string, object>>('app-kit/savedStateRestored');

/** The reducer, plus the saved fields laid over the slices they belong to. */
function withSavedState<S extends object>(reducer: Reducer<S, UnknownAction, Partial<S>>): Reducer<S, UnknownAction, Partial<S>> {
  return (state, action) => {
    const next = reducer(state, action);
    if (!savedStateRestored.match(action)) return next;
    const layered = { ...next } as Record<string, unknown>;
    for (const [slice, saved] of Object.entries(action.payload)) layered[slice] = { ...(layered[slice] as object), ...saved };
    return layered as S;
  };
}

export interface MakeStoreOptions<S> {
  reducer: Reducer<S, UnknownAction, Partial<S>>;
  /** The app's one createApi; its middleware runs the queries. */
  api: { middleware: Middleware };
  /**
   * Builds the store's api-client on its first call (or a promise of it: the shop loads the api-client beside its
   * entry). `getToken` reads the store at each call, so a new sign-in is used at once.
   */
  createClient: (getToken: () => string | null) => ApiClient | Promise<ApiClient>;
  preloadedState?: Partial<S>;
}

export function makeStore<S extends { auth: AuthState }>({ reducer, api, createClient, preloadedState }: MakeStoreOptions<S>) {
  let client: ApiClient | Promise<ApiClient> | undefined;
  const extra: ApiExtra = {
    get client() {
      client ??= createClient(() => store.getState().auth.token);
      return client;
    },
  };
  const store = configureStore({
    reducer: withSavedState(reducer),
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        // RTK Query's args are client calls (functions), which are fine to keep out of the check.
        immutableCheck: { warnAfter: 64 },
      }).concat(api.middleware),
  });
  return store;
}
