import type { Dispatch } from '@reduxjs/toolkit';
import type { LoginBody } from '@shop/domain/schemas/auth';
import { fromClient } from '@shop/app-kit/base-query';
import { signedIn, signedOut } from '@shop/app-kit/session';
import { api, reads } from '../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query(reads((_arg: void, c) => c.account.currentUser(), ['Me'])),
    login: build.mutation(fromClient((body: LoginBody, c) => c.auth.login(body))),
  }),
});

export const { useCurrentUserQuery, useLoginMutation } = authApi;

/** Keeps the token after an admin login (the provider saves it under the admin's own key). */
export function storeSession(dispatch: Dispatch, token: string): void {
  dispatch(signedIn(token));
}

/** Ends the admin session and forgets every cached answer of the signed-in admin. */
export function endSession(dispatch: Dispatch): void {
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
}
