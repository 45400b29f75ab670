import { combineReducers } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toast } from 'react-toastify';
import { failureMessage, isNotFound } from './api-failure.js';
import { createApiClient } from '@shop/api-client';
import { clientBaseQuery } from './base-query.js';
import { keepSaved } from './saved-state.js';
import { authSlice, readStoredToken, savedToken, signedIn, signedOut } from './session.js';
import { makeStore as makeAppStore } from './store.js';

const BASE = 'http://shop.test/api';
const seenTokens: (string | null)[] = [];
const server = setupServer(
  http.get(`${BASE}/users/get-user`, ({ request }) => {
    const auth = request.headers.get('authorization');
    seenTokens.push(auth);
    return auth === 'Bearer good'
      ? HttpResponse.json({ user: { name: 'Asha' } })
      : HttpResponse.json({ message: 'Please log in again' }, { status: 401 });
  }),
  http.get(`${BASE}/category`, () => HttpResponse.json({ message: 'The shop is busy' }, { status: 503 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seenTokens.length = 0;
  localStorage.clear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  endpoints: (build) => ({
    currentUser: build.query<unknown, void>({ query: () => (c) => c.account.currentUser(), extraOptions: { silent: true } }),
    categories: build.query<unknown, void>({ query: () => (c) => c.store.categories() }),
  }),
});

function makeStore(token: string | null) {
  return makeAppStore({
    reducer: combineReducers({ auth: authSlice.reducer, [api.reducerPath]: api.reducer }),
    api,
    createClient: (getToken) => createApiClient({ baseUrl: BASE, getToken }),
    preloadedState: { auth: { token } },
  });
}

describe('the shared base query', () => {
  it('sends the token the store holds at the time of each call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = makeStore('good');
    await store.dispatch(api.endpoints.currentUser.initiate());
    store.dispatch(signedIn('newer'));
    await store.dispatch(api.endpoints.currentUser.initiate(undefined, { forceRefetch: true }));
    expect(seenTokens).toEqual(['Bearer good', 'Bearer newer']);
  });

  it('leaves the server message and status in the cache and toasts it, unless the call is silent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const shown = vi.spyOn(toast, 'error');
    const store = makeStore(null);
    const result = await store.dispatch(api.endpoints.categories.initiate());
    expect(result.error).toEqual({ status: 503, message: 'The shop is busy', body: { message: 'The shop is busy' } });
    expect(isNotFound(result.error)).toBe(false);
    expect(failureMessage(result.error)).toBe('The shop is busy');
    await vi.waitFor(() => expect(shown).toHaveBeenCalledWith('The shop is busy', expect.anything()));
    shown.mockClear();
    await store.dispatch(api.endpoints.currentUser.initiate());
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).not.toHaveBeenCalled();
  });
});

describe('logging a failed call', () => {
  it('writes one console line in the browser, and nothing in the server render (no window), whose log is JSON', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await makeStore(null).dispatch(api.endpoints.currentUser.initiate());
    expect(logged.mock.calls).toEqual([['API call failed (401): Please log in again']]);

    logged.mockClear();
    vi.stubGlobal('window', undefined);
    try {
      const result = await makeStore(null).dispatch(api.endpoints.currentUser.initiate());
      expect(result.error).toMatchObject({ status: 401 });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('the session', () => {
  it('drops a token the server refuses for the current user', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = makeStore('expired');
    await store.dispatch(api.endpoints.currentUser.initiate());
    expect(store.getState().auth.token).toBeNull();
  });

  it('keeps a token when another call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = makeStore('good');
    await store.dispatch(api.endpoints.categories.initiate());
    expect(store.getState().auth.token).toBe('good');
  });

  it('saves the token under the app key and forgets it on sign-out; another app key is untouched', async () => {
    localStorage.setItem('other-app:token', 'theirs');
    const store = makeStore(readStoredToken('my-app:token'));
    expect(store.getState().auth.token).toBeNull();
    keepSaved(store, [savedToken('my-app:token')]);
    store.dispatch(signedIn('mine'));
    await vi.waitFor(() => expect(readStoredToken('my-app:token')).toBe('mine'));
    expect(makeStore(readStoredToken('my-app:token')).getState().auth.token).toBe('mine');
    store.dispatch(signedOut());
    // Removed, not saved as null (the spec: the admin's refused login removes the token).
    await vi.waitFor(() => expect(localStorage.getItem('my-app:token')).toBeNull());
    expect(localStorage.getItem('other-app:token')).toBe('theirs');
    store.dispatch(signedIn('again'));
    await vi.waitFor(() => expect(readStoredToken('my-app:token')).toBe('again'));
  });

  it('keeps a session saved before redux-persist wrote the token (the bare token under the key)', () => {
    localStorage.setItem('admin:token', 'saved-before');
    expect(readStoredToken('admin:token')).toBe('saved-before');
  });
});
