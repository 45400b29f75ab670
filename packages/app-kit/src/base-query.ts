/**
 * The RTK Query base both apps build their one `createApi` on. An endpoint's `query` returns a call on the typed
 * api-client (`query: (slug) => (c) => c.store.product(slug)`); the base query runs it on the store's one client
 * (the thunk extra argument, bound to the store's token) and turns a thrown ApiError into an ApiFailure.
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { ApiClient } from '@shop/api-client';
import { toFailure, type ApiFailure } from './api-failure.js';
import { notifyError } from './notify.js';

/** What an endpoint's `query` hands the base query: a call on the typed client. */
export type ClientCall<T = unknown> = (client: ApiClient) => Promise<T>;

export interface ApiExtraOptions {
  /** No toast when this call fails (the spec lists a few: the home slider, a single blog, payment steps). */
  silent?: boolean;
}

/**
 * The store's thunk extra argument: its one api-client, or the promise of it (the storefront loads the api-client
 * beside its entry chunk rather than in it; the first call waits for it).
 */
export interface ApiExtra {
  client: ApiClient | Promise<ApiClient>;
}

/**
 * Runs the endpoint's client call. Every failure is logged (in the browser) and shown as a toast with the server's message
 * (unless the endpoint is `silent`), and left in the cache as an ApiFailure.
 */
export const clientBaseQuery: BaseQueryFn<ClientCall, unknown, ApiFailure, ApiExtraOptions> = async (
  call,
  { extra },
  extraOptions,
) => {
  try {
    return { data: await call(await (extra as ApiExtra).client) };
  } catch (error) {
    const failure = toFailure(error);
    // In the browser, a failed call goes to the console for whoever debugs the page. The server render (no window)
    // makes these calls in-process and the API logs each request in its JSON log; a plain line there would break
    // that log, and a page about a missing product answers 404 by design.
    if (typeof window !== 'undefined') console.error(`API call failed (${failure.status}): ${failure.message}`);
    if (!extraOptions?.silent) notifyError(failure.message);
    return { error: failure };
  }
};

/**
 * An endpoint definition from one typed client call, so the result type comes from the api-client:
 * `orders: build.query({ ...fromClient((_: void, c) => c.admin.orders()), providesTags: ['Orders'] })`.
 */
export function fromClient<Arg, Result>(call: (arg: Arg, client: ApiClient) => Promise<Result>) {
  return {
    query: (arg: Arg): ClientCall<Result> => (client) => call(arg, client),
    // The base query returns exactly what the call resolved to; this only carries its type to the hooks.
    transformResponse: (response: unknown) => response as Result,
  };
}
