/** Data the whole shop shares: the signed-in user and the exchange rates (the menus' lists: nav-lists.tsx). */
import type { User } from '@shop/domain/schemas/users';
import type { ExchangeRates } from '@shop/domain/money';
import { CURRENT_USER_ENDPOINT } from '@shop/app-kit/session';
import { api } from '../lib/api';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    [CURRENT_USER_ENDPOINT]: build.query<User, void>({
      query: () => async (c) => (await c.account.currentUser()).user,
      providesTags: ['CurrentUser'],
      // A stale token on start is dropped quietly (app-kit's session slice); the shopper simply appears signed out.
      extraOptions: { silent: true },
    }),
    exchangeRates: build.query<ExchangeRates, void>({
      query: () => async (c) => (await c.store.exchangeRates()).rates,
    }),
  }),
});

export const { useCurrentUserQuery, useExchangeRatesQuery } = sessionApi;
