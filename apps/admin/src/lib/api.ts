/**
 * The one RTK Query API of the panel, on the shared base query of @shop/app-kit (one api-client per store).
 * Features add their endpoints with `api.injectEndpoints` so tags invalidate across them.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import type { ApiClient } from '@shop/api-client';
import { clientBaseQuery, fromClient } from '@shop/app-kit/base-query';

const tagTypes = ['Me', 'Dashboard', 'Sliders', 'HomeTiles', 'Orders', 'Users', 'Products', 'Categories', 'Solutions', 'Blogs', 'DeliverySettings', 'PincodeOverrides', 'Reviews', 'Coupons'] as const;
type Tag = (typeof tagTypes)[number];
type Call<Arg, Result> = (arg: Arg, client: ApiClient) => Promise<Result>;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes,
  endpoints: () => ({}),
});

/** A query on one client call whose answer is cached under `tags`: `build.query(reads((_: void, c) => c.admin.orders(), ['Orders']))`. */
export function reads<Arg, Result>(call: Call<Arg, Result>, tags: Tag[]) {
  return { ...fromClient(call), providesTags: tags };
}

/** A mutation on one client call that refetches what is cached under `tags`. */
export function writes<Arg, Result>(call: Call<Arg, Result>, tags: Tag[]) {
  return { ...fromClient(call), invalidatesTags: tags };
}
