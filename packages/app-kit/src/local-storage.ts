/**
 * State kept in the browser's local storage across visits, for both apps: the admin keeps its session token, the
 * shop its token, cart and currency (written by saved-state.ts). Storage may be missing (a server render) or refuse
 * (private mode, a full quota, a sandboxed frame): then nothing is kept and nothing breaks.
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

/**
 * One field of an entry saved by saved-state.ts (redux-persist's form: a JSON object of JSON-encoded fields),
 * decoded; undefined when the entry or the field is missing or damaged.
 */
export function readSavedField(key: string, field: string): unknown {
  try {
    const text = readStored(key);
    if (!text) return undefined;
    const encoded = (JSON.parse(text) as Record<string, unknown>)[field];
    return typeof encoded === 'string' ? (JSON.parse(encoded) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
