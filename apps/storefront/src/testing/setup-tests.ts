import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';

// Pages are lazy chunks: the first findBy/waitFor of a file waits for Vite to transform the page's modules, which on
// CI's loaded 2-core machine (turbo running the server's suite beside this one) took over 10 s and failed the test.
// The wait ends as soon as the page is there, so a long limit costs a passing test nothing; testTimeout (vite.config.ts)
// stays above it so a failing wait reports what it waited for.
configure({ asyncUtilTimeout: 30_000 });

// jsdom lacks a few browser APIs the layout uses; these stand in for the browser, not for our code.
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
// No IntersectionObserver: the parts that wait to come near the screen load at once (components/deferred-part.tsx).
// Scrolling an element moves it at once (jsdom lays nothing out; the carousel tests give their rows a size).
if (typeof Element !== 'undefined') {
  Element.prototype.scrollTo ??= function scrollTo(this: Element, options?: ScrollToOptions | number, y?: number) {
    const to = typeof options === 'number' ? { left: options, top: y } : (options ?? {});
    if (to.left !== undefined) this.scrollLeft = to.left;
    if (to.top !== undefined) this.scrollTop = to.top;
    this.dispatchEvent(new Event('scroll'));
  } as Element['scrollTo'];
}

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
