/**
 * The one RTK Query API of the panel. Every endpoint wraps a function of @shop/api-client in a
 * `queryFn`; features add their endpoints with `api.injectEndpoints` so tags invalidate across them.
 */
import { createApi, fakeBaseQuery, type QueryReturnValue } from '@reduxjs/toolkit/query/react';
import { ApiError, type ApiClient } from '@shop/api-client';

/** What a failed call leaves in the query cache: the server's message and the HTTP status. */
export interface ApiFailure {
  status: number;
  message: string;
}

/** The thunk extra argument: the api-client bound to this store's token. */
export interface ApiExtra {
  client: ApiClient;
}

export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  return { status: 0, message: error instanceof Error ? error.message : 'Something went wrong' };
}

/** Runs one client call for a `queryFn`, turning a thrown ApiError into RTK Query's `{ error }`. */
export async function run<T>(
  extra: unknown,
  call: (client: ApiClient) => Promise<T>,
): Promise<QueryReturnValue<T, ApiFailure, undefined>> {
  try {
    return { data: await call((extra as ApiExtra).client) };
  } catch (error) {
    return { error: toFailure(error) };
  }
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<ApiFailure>(),
  tagTypes: ['Me', 'Dashboard', 'Sliders', 'Orders', 'Users', 'Products', 'Categories', 'Solutions', 'Blogs'],
  endpoints: () => ({}),
});

/** The message of an RTK Query error, for inline text. */
export function failureMessage(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return undefined;
}
