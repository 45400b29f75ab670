import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';

// Pages are lazy chunks; the first import of one in a test run takes a moment to transform.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs the layout and swiper use; these stand in for the browser, not for our code.
// (Skipped in the node environment of the server-render tests, which have no window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
if (typeof window !== 'undefined') window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;

// API failures are logged by the base query (as the spec says); keep test output readable.
const realError = console.error;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('API call failed')) return;
    realError(...args);
  };
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
afterAll(() => {
  server.close();
  console.error = realError;
});
