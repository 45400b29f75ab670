/** The bearer token is the one piece of auth state the client owns; the user lives in the query cache. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TOKEN_KEY } from '../../config';

export interface AuthState {
  token: string | null;
}

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ token: readStoredToken() }),
  reducers: {
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    signedOut(state) {
      state.token = null;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
  },
});

export const { tokenReceived, signedOut } = authSlice.actions;
export const { selectToken } = authSlice.selectors;
