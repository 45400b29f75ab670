import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSavedField } from './local-storage.js';
import { keepSaved } from './saved-state.js';

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

describe('keepSaved', () => {
  it("writes each part in redux-persist's form, now and whenever it changes, until stopped", async () => {
    const store = counterStore();
    const stop = keepSaved(store, [{ key: 'persist:counter', select: (s) => ({ n: s.n }) }]);
    await vi.waitFor(() => expect(readSavedField('persist:counter', 'n')).toBe(0));
    expect(JSON.parse(localStorage.getItem('persist:counter')!)).toEqual({ n: '0', _persist: '{"version":-1,"rehydrated":true}' });
    store.set({ n: 3 });
    await vi.waitFor(() => expect(readSavedField('persist:counter', 'n')).toBe(3));
    stop();
    store.set({ n: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readSavedField('persist:counter', 'n')).toBe(3);
  });

  it('reads a damaged entry or field as missing', () => {
    localStorage.setItem('persist:counter', '{not json');
    expect(readSavedField('persist:counter', 'n')).toBeUndefined();
    localStorage.setItem('persist:counter', JSON.stringify({ n: '{bad' }));
    expect(readSavedField('persist:counter', 'n')).toBeUndefined();
  });

  it('keeps working for the visit when the browser refuses to store (private mode, a full quota)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const errors = vi.spyOn(console, 'error');
    const store = counterStore();
    keepSaved(store, [{ key: 'persist:counter', select: (s) => ({ n: s.n }) }]);
    expect(() => store.set({ n: 1 })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().n).toBe(1);
    expect(errors).not.toHaveBeenCalled();
  });
});
