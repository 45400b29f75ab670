import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';

// Screens are lazy chunks; the first import of one (chart.js, TipTap) can take a few seconds in jsdom, and well over
// 8 s on a loaded 2-core machine (CI runs every package's suite at once). The wait ends as soon as the screen is there,
// so a long limit costs a passing test nothing; testTimeout (vitest.config.ts) stays above it.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no layout; ProseMirror (the rich-text editor) asks for rectangles when the caret moves.
// Empty answers stand in for them, as they would for an element that is not on screen.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
for (const proto of [Element.prototype, Range.prototype, Text.prototype] as Array<{ getClientRects?: unknown; getBoundingClientRect?: unknown }>) {
  if (typeof proto.getClientRects !== 'function') proto.getClientRects = noRects;
  if (typeof proto.getBoundingClientRect !== 'function') proto.getBoundingClientRect = emptyRect;
}
if (typeof document.elementFromPoint !== 'function') document.elementFromPoint = () => null;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  // Let requests already on their way reach their handlers before the handlers go.
  await new Promise((resolve) => setTimeout(resolve, 50));
  server.resetHandlers();
  window.localStorage.clear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
