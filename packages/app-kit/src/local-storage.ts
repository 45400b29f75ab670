/**
 * State kept in the browser's local storage across visits, for both apps: the admin keeps its session token, the
 * shop its token, cart and currency. Storage may be missing (a server render) or refuse (private mode, a full
 * quota, a sandboxed frame): then nothing is kept and nothing breaks.
 */

/** The browser's local storage, or undefined where there is none or it may not be used. */
export function localStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The text saved under `key`, or null. */
export function readStored(key: string): string | null {
  try {
    return localStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** One piece of state saved under its own key. */
export interface StoredPart<S> {
  key: string;
  /** The part of the state that is saved; a new value (by reference) is written. */
  select: (state: S) => unknown;
  /** The text saved for a value, or null to remove the key. */
  toText: (value: unknown) => string | null;
}

/** Writes each part whenever it changes in the store, from now on. Returns the unsubscribe function. */
export function keepStored<S>(store: { getState: () => S; subscribe: (listener: () => void) => () => void }, parts: StoredPart<S>[]): () => void {
  const last = parts.map((part) => part.select(store.getState()));
  return store.subscribe(() => {
    const state = store.getState();
    parts.forEach((part, i) => {
      const value = part.select(state);
      if (value === last[i]) return;
      last[i] = value;
      const text = part.toText(value);
      try {
        if (text === null) localStore()?.removeItem(part.key);
        else localStore()?.setItem(part.key, text);
      } catch {
        // A full or refused storage keeps the value for this visit only.
      }
    });
  });
}
