/**
 * Typed client for the farm shop's API: one function per call, grouped as `auth`, `store`, `account`,
 * `payments` and `admin`, one file per group. Types only come from `@shop/domain`, so a browser bundle carries
 * no TypeBox.
 */
import type { HealthResponse } from '@shop/domain/schemas/health';
import { accountCalls } from './account.js';
import { adminCalls } from './admin.js';
import { authCalls } from './auth.js';
import { createRequester, type ApiClientOptions } from './http.js';
import { paymentCalls } from './payments.js';
import { storeCalls } from './store.js';

export { ApiError, NETWORK_ERROR_MESSAGE } from './errors.js';
export type { ApiClientOptions } from './http.js';

/**
 * Creates a client for one shop.
 *
 * @example const shop = createApiClient({ baseUrl: '/api', getToken: () => localStorage.getItem('token') });
 */
export function createApiClient(options: ApiClientOptions) {
  const api = createRequester(options);
  return {
    auth: authCalls(api),
    store: storeCalls(api),
    account: accountCalls(api),
    payments: paymentCalls(api),
    admin: adminCalls(api),
    /**
     * Liveness check.
     * @example const { status } = await shop.health();
     */
    health: async (): Promise<HealthResponse> => api.request('GET', 'health'),
  };
}

/** The object `createApiClient` returns. */
export type ApiClient = ReturnType<typeof createApiClient>;
