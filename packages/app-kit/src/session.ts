/**
 * The session: the bearer token is the one piece of auth state a client owns; who is signed in lives in the query
 * cache (each app's `currentUser` query). Both apps use this slice; each keeps its token under its own storage key,
 * because an admin session (from the admin login with the secret key) and a shop session are different sessions.
 */
import { createSlice, isRejectedWithValue, type PayloadAction } from '@reduxjs/toolkit';
import { readSavedField, readStored } from './local-storage.js';
import type { SavedPart } from './saved-state.js';
import type { ApiFailure } from './api-failure.js';

export interface AuthState {
  token: string | null;
}

const initialState: AuthState = { token: null };

/** The endpoint both apps name the "who am I" query; its 401/403 means the token is no longer good. */
export const CURRENT_USER_ENDPOINT = 'currentUser';

function endpointOf(action: { meta?: unknown }): string | undefined {
  const meta = action.meta as { arg?: { endpointName?: unknown } } | undefined;
  return typeof meta?.arg?.endpointName === 'string' ? meta.arg.endpointName : undefined;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    signedOut(state) {
      state.token = null;
    },
  },
  extraReducers: (builder) => {
    // A token the server no longer accepts (expired, password changed, account disabled) is dropped.
    builder.addMatcher(isRejectedWithValue, (state, action) => {
      const status = (action.payload as ApiFailure | undefined)?.status;
      if (endpointOf(action) === CURRENT_USER_ENDPOINT && (status === 401 || status === 403)) state.token = null;
    });
  },
  selectors: {
    selectToken: (state) => state.token,
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const { selectToken } = authSlice.selectors;

/** The token saved under `key` (by `savedToken`), or null (also on a server render, where there is no storage). */
export function readStoredToken(key: string): string | null {
  const token = readSavedField(key, 'token');
  if (token !== undefined) return typeof token === 'string' && token ? token : null;
  // Until redux-persist wrote it, the admin saved the bare token under its key: that session is kept.
  const text = readStored(key);
  return text && !text.startsWith('{') ? text : null;
}

/** The store's token as a saved part (saved-state.ts's keepSaved) under `key`; a sign-out removes it. */
export function savedToken(key: string): SavedPart<{ auth: AuthState }> {
  return { key, select: (state) => ({ token: state.auth.token }), removedWhenNull: 'token' };
}
