/**
 * One RTK Query api for the shop's backend, on the shared base query of @shop/app-kit (one api-client per store,
 * failures toasted and left in the cache as ApiFailure). Endpoints are injected by features (`injectEndpoints`);
 * each one is a call on `@shop/api-client`, so components never touch fetch.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { clientBaseQuery } from '@shop/app-kit/base-query';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes: ['CurrentUser', 'Profile', 'Orders'],
  endpoints: () => ({}),
});
