/** Who is signed in. The token is persisted (redux-persist); the user is fetched again on start. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@shop/domain/schemas/users';
import { sessionApi } from './session-api';

export interface AuthState {
  user: User | null;
  token: string | null;
}

const initialState: AuthState = { user: null, token: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ user: User; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
    },
    loggedOut(state) {
      state.user = null;
      state.token = null;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(sessionApi.endpoints.currentUser.matchFulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addMatcher(sessionApi.endpoints.currentUser.matchRejected, (state, action) => {
        // A token the server no longer accepts (expired, password changed, account disabled) is dropped.
        const status = action.payload?.status;
        if (status === 401 || status === 403) {
          state.user = null;
          state.token = null;
        }
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectToken: (state) => state.token,
  },
});

export const { loggedIn, loggedOut, userUpdated } = authSlice.actions;
export const { selectUser, selectToken } = authSlice.selectors;
