/**
 * One RTK Query api for the shop's backend, on the shared base query of @shop/app-kit (one api-client per store,
 * failures toasted and left in the cache as ApiFailure). Endpoints are injected by features (`injectEndpoints`);
 * each one is a call on `@shop/api-client`, so components never touch fetch.
 *
 * Server rendering (entry-server.tsx): in the server build the hooks start their queries while rendering (effects
 * never run there), so one render pass names every query a page needs; the server awaits them, renders again and
 * embeds the cache, which the browser's store takes in with `hydrateFromServer` before hydrating.
 */
import { createAction } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { clientBaseQuery } from '@shop/app-kit/base-query';

/** The server-rendered page's store state (only its `api` part is taken). */
export const hydrateFromServer = createAction<Record<string, unknown>>('shop/hydrateFromServer');

const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: import.meta.env.SSR }));

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes: ['CurrentUser', 'Profile', 'Orders', 'MyReview'],
  endpoints: () => ({}),
  // The data a server-drawn page came with has no subscriber until its part's code loads, which for a part far below
  // the first screen waits until the shopper scrolls near it (components/deferred-part.tsx): kept 30 minutes, that
  // part hydrates with what the server drew instead of loading cards. A page seen again shows what it showed at once
  // and refreshes what is older than a minute in the background.
  keepUnusedDataFor: 1800,
  refetchOnMountOrArgChange: 60,
  extractRehydrationInfo(action, { reducerPath }) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK Query's own rehydration type is internal.
    if (hydrateFromServer.match(action)) return action.payload[reducerPath] as any;
  },
});
