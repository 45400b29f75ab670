/**
 * State both apps keep in local storage across visits, written by redux-persist (the design card's choice): the
 * shop keeps its token, cart and currency, the admin its token. Each part is one redux-persist entry, a JSON object
 * of JSON-encoded fields (`persist:cart` holds `{"items":"[…]","_persist":"…"}`), so what was saved before this
 * module existed still loads. Reading stays in local-storage.ts (`readSavedField`), light enough for an entry chunk;
 * this module is loaded by the code that restores the saved state (the shop loads it after hydration).
 */
import { createPersistoid } from 'redux-persist';
import { localStore } from './local-storage.js';

/** One saved entry: its storage key and the fields it holds, picked from the state. */
export interface SavedPart<S> {
  key: string;
  /** The fields to save; a field is written again when its value changes (by reference). */
  select: (state: S) => Record<string, unknown>;
  /** A field whose null removes the whole entry instead of saving it (a sign-out removes the saved session). */
  removedWhenNull?: string;
}

/** redux-persist's bookkeeping field, the same object every time (so it is written once). */
const PERSIST_MARK = { version: -1, rehydrated: true };

/** Local storage as redux-persist wants it; a missing or refusing storage (private mode, a full quota) keeps the visit working. */
const browserStorage = {
  getItem: async (key: string) => localStore()?.getItem(key) ?? null,
  async setItem(key: string, value: string) {
    try {
      localStore()?.setItem(key, value);
    } catch {
      // Kept for this visit only.
    }
  },
  async removeItem(key: string) {
    try {
      localStore()?.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};

/**
 * The storage one part writes through: when its `removedWhenNull` field is saved as null, the entry is removed. It
 * is decided on the text redux-persist writes, in the order it writes, so a later write can never bring back an
 * entry a sign-out removed, nor a removal undo a later sign-in.
 */
function storageFor(part: SavedPart<unknown>) {
  const field = part.removedWhenNull;
  if (!field) return browserStorage;
  return {
    ...browserStorage,
    setItem(key: string, value: string) {
      const saved = JSON.parse(value) as Record<string, string | undefined>;
      return saved[field] === 'null' ? browserStorage.removeItem(key) : browserStorage.setItem(key, value);
    },
  };
}

/** Saves each part now and whenever it changes. Returns the unsubscribe function. */
export function keepSaved<S>(store: { getState: () => S; subscribe: (listener: () => void) => () => void }, parts: SavedPart<S>[]): () => void {
  const savers = parts.map((part) => ({
    part,
    // keyPrefix '' because the keys are given whole: `persist:cart` (redux-persist's own prefix) or `admin:token`.
    persistoid: createPersistoid({ key: part.key, keyPrefix: '', storage: storageFor(part as SavedPart<unknown>) }),
  }));
  const save = () => {
    const state = store.getState();
    for (const { part, persistoid } of savers) persistoid.update({ ...part.select(state), _persist: PERSIST_MARK });
  };
  save();
  return store.subscribe(save);
}
