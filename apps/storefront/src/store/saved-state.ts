/**
 * The cart, the chosen currency and the session token, kept in local storage across visits (with app-kit's
 * keepStored, which the admin uses for its token; redux-persist did this before and weighed 2.9 kB of the home
 * page's first JS). The stored form stays redux-persist's, so what a shopper saved before still loads:
 * `persist:cart` holds `{"items":"[…]"}`, each field JSON-encoded inside a JSON object.
 *
 * What is read is checked: a damaged or hand-edited entry is ignored, field by field, and never breaks the shop.
 */
import { createAction } from '@reduxjs/toolkit';
import { keepStored, readStored, type StoredPart } from '@shop/app-kit/local-storage';
import { CURRENCIES, type CurrencyCode } from '@shop/domain/money';
import type { CartLine } from './cart-slice';

export interface SavedState {
  auth?: { token: string | null };
  cart?: { items: CartLine[] };
  currency?: { code: CurrencyCode };
}

/** The saved parts, taken into the store once at start (laid over the slices by `rootReducer` in store.ts). */
export const savedStateRestored = createAction<SavedState>('shop/savedStateRestored');

/** redux-persist's bookkeeping field, written as it did. */
const PERSIST_MARK = JSON.stringify({ version: -1, rehydrated: true });

/** One saved field, `persist:<slice>` → `<field>`, decoded; undefined when missing or damaged. */
function readField(slice: string, field: string): unknown {
  try {
    const text = readStored(`persist:${slice}`);
    if (!text) return undefined;
    const encoded = (JSON.parse(text) as Record<string, unknown>)[field];
    return typeof encoded === 'string' ? (JSON.parse(encoded) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

const isCartLine = (line: unknown): line is CartLine =>
  typeof line === 'object' &&
  line !== null &&
  typeof (line as CartLine)._id === 'string' &&
  Number.isInteger((line as CartLine).cart_quantity) &&
  (line as CartLine).cart_quantity > 0;

/** What this browser saved on earlier visits. */
export function readSavedState(): SavedState {
  const saved: SavedState = {};
  const token = readField('auth', 'token');
  if (typeof token === 'string' || token === null) saved.auth = { token };
  const items = readField('cart', 'items');
  if (Array.isArray(items)) saved.cart = { items: items.filter(isCartLine) };
  const code = readField('currency', 'code');
  // One of the shop's currencies, not just any key of an object (`'toString' in {}` is true).
  if (CURRENCIES.some((c) => c === code)) saved.currency = { code: code as CurrencyCode };
  return saved;
}

interface StoredSlices {
  auth: { token: string | null };
  cart: { items: CartLine[] };
  currency: { code: CurrencyCode };
}

const savedField = (slice: keyof StoredSlices, field: string, select: (state: StoredSlices) => unknown): StoredPart<StoredSlices> => ({
  key: `persist:${slice}`,
  select,
  toText: (value) => JSON.stringify({ [field]: JSON.stringify(value), _persist: PERSIST_MARK }),
});

/** Takes in what this browser saved, then saves every later change. In the browser only; returns the unsubscribe. */
export function restoreAndKeepSaved(store: {
  dispatch: (action: ReturnType<typeof savedStateRestored>) => unknown;
  getState: () => StoredSlices;
  subscribe: (listener: () => void) => () => void;
}): () => void {
  store.dispatch(savedStateRestored(readSavedState()));
  return keepStored(store, [
    savedField('auth', 'token', (state) => state.auth.token),
    savedField('cart', 'items', (state) => state.cart.items),
    savedField('currency', 'code', (state) => state.currency.code),
  ]);
}
