import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepStored, readStored } from './local-storage.js';

function counterStore() {
  let state = { n: 0, other: 'x' };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Partial<typeof state>) {
      state = { ...state, ...next };
      listeners.forEach((l) => l());
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('keepStored', () => {
  it('writes a part when it changes, and removes its key when it becomes null', () => {
    const store = counterStore();
    const stop = keepStored(store, [{ key: 'n', select: (s) => s.n, toText: (n) => (n ? String(n) : null) }]);
    store.set({ other: 'y' });
    expect(readStored('n')).toBeNull();
    store.set({ n: 3 });
    expect(readStored('n')).toBe('3');
    store.set({ n: 0 });
    expect(localStorage.getItem('n')).toBeNull();
    stop();
    store.set({ n: 5 });
    expect(readStored('n')).toBeNull();
  });

  it('keeps working for the visit when the browser refuses to store (private mode, a full quota)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = counterStore();
    keepStored(store, [{ key: 'n', select: (s) => s.n, toText: String }]);
    expect(() => store.set({ n: 1 })).not.toThrow();
    expect(store.getState().n).toBe(1);
  });
});
