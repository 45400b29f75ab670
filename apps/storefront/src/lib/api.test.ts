import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../store/store';
import { catalogueApi } from './catalogue-api';

const categories = [{ _id: 'c1', name: 'Ghee', slug: 'ghee' }];
/** A fetch answering the categories call, counting the calls. */
function answering() {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return new Response(JSON.stringify({ success: true, categories }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the data a page was drawn with', () => {
  it('is kept while nothing reads it, so a part far below the screen hydrates with it minutes later', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = answering();
    const store = makeStore({}, { fetch });
    const first = store.dispatch(catalogueApi.endpoints.categories.initiate());
    await vi.advanceTimersByTimeAsync(10);
    await first;
    first.unsubscribe();
    // RTK Query's default would drop it 60 s after its last reader left; the shopper may take longer to scroll down.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(catalogueApi.endpoints.categories.select()(store.getState()).data).toEqual(categories);
    expect(calls).toHaveLength(1);
  });

  it('is shown at once when read again, and refreshed behind it once older than a minute', async () => {
    const { fetch, calls } = answering();
    const store = makeStore({}, { fetch });
    const first = store.dispatch(catalogueApi.endpoints.categories.initiate());
    await first;
    first.unsubscribe();

    const soon = store.dispatch(catalogueApi.endpoints.categories.initiate());
    expect(catalogueApi.endpoints.categories.select()(store.getState()).isLoading).toBe(false);
    await soon;
    soon.unsubscribe();
    expect(calls).toHaveLength(1);

    vi.useFakeTimers({ now: Date.now() + 2 * 60_000, toFake: ['Date'] });
    const later = store.dispatch(catalogueApi.endpoints.categories.initiate());
    expect(catalogueApi.endpoints.categories.select()(store.getState()).data).toEqual(categories);
    await later;
    later.unsubscribe();
    expect(calls).toHaveLength(2);
  });
});
