/**
 * The one RTK Query API of the panel, on the shared base query of @shop/app-kit (one api-client per store).
 * Features add their endpoints with `api.injectEndpoints` so tags invalidate across them.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { clientBaseQuery } from '@shop/app-kit/base-query';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes: ['Me', 'Dashboard', 'Sliders', 'HomeTiles', 'Orders', 'Users', 'Products', 'Categories', 'Solutions', 'Blogs'],
  endpoints: () => ({}),
});
