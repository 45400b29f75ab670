/**
 * One RTK Query api for the shop's backend. Endpoints are injected by features (`injectEndpoints`);
 * each one calls a function of `@shop/api-client`, so components never touch fetch.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, createApiClient, type ApiClient } from '@shop/api-client';
import { config } from '../config';
import { notifyError } from './notify';

/** What a query hands the base query: a call on the typed client. */
export type ClientCall<T = unknown> = (client: ApiClient) => Promise<T>;

/** The error shape every endpoint rejects with. */
export interface ApiFailure {
  status: number;
  message: string;
  body?: unknown;
}

export interface ApiExtraOptions {
  /** The spec lists calls whose failure shows no toast (the home slider, a single blog, payment steps). */
  silent?: boolean;
}

interface TokenState {
  auth: { token: string | null };
}

export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) return { status: error.status, message: error.message, body: error.body };
  const message = error instanceof Error ? error.message : 'Something went wrong';
  return { status: 0, message };
}

export const clientBaseQuery: BaseQueryFn<ClientCall, unknown, ApiFailure, ApiExtraOptions> = async (
  call,
  { getState },
  extraOptions,
) => {
  const client = createApiClient({
    baseUrl: config.apiBaseUrl,
    getToken: () => (getState() as TokenState).auth.token,
  });
  try {
    return { data: await call(client) };
  } catch (error) {
    const failure = toFailure(error);
    // The spec: every failed call is logged and shows the server's message (no retry).
    console.error(`API call failed (${failure.status}): ${failure.message}`);
    if (!extraOptions?.silent) notifyError(failure.message);
    return { error: failure };
  }
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes: ['CurrentUser', 'Profile', 'Orders'],
  endpoints: () => ({}),
});

/** The message of an error a mutation's `unwrap()` threw. */
export function failureMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return 'Something went wrong';
}
