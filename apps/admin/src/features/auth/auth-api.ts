import type { Dispatch } from '@reduxjs/toolkit';
import type { LoginBody } from '@shop/domain/schemas/auth';
import { api, run } from '../../lib/api';
import { TOKEN_KEY } from '../../config';
import { signedOut, tokenReceived } from './auth-slice';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.account.currentUser()),
      providesTags: ['Me'],
    }),
    login: build.mutation({
      queryFn: (body: LoginBody, { extra }) => run(extra, (c) => c.auth.login(body)),
    }),
  }),
});

export const { useCurrentUserQuery, useLoginMutation } = authApi;

/** Keeps the token (state and localStorage) after an admin login. */
export function storeSession(dispatch: Dispatch, token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  dispatch(tokenReceived(token));
}

/** Removes the token everywhere and forgets every cached answer of the signed-in admin. */
export function endSession(dispatch: Dispatch): void {
  window.localStorage.removeItem(TOKEN_KEY);
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
}
