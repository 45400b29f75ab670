/**
 * The cart, the chosen currency and the session token, kept in local storage across visits: read here, written by
 * redux-persist through app-kit's keepSaved (as the admin keeps its token). This module, and redux-persist with it,
 * is loaded by main.tsx after the page is hydrated, so neither weighs on the first load. The stored form is
 * redux-persist's, under the keys it always had (`persist:cart` holds `{"items":"[…]"}`), so a saved cart and
 * session survive upgrades.
 *
 * What is read is checked: a damaged or hand-edited entry is ignored, field by field, and never breaks the shop.
 */
import { readSavedField } from '@shop/app-kit/local-storage';
import { keepSaved } from '@shop/app-kit/saved-state';
import { readStoredToken, savedToken } from '@shop/app-kit/session';
import { savedStateRestored } from '@shop/app-kit/store';
import { CURRENCIES, type CurrencyCode } from '@shop/domain/money';
import type { CartLine } from './cart-slice';

export interface SavedState {
  auth?: { token: string | null };
  cart?: { items: CartLine[] };
  currency?: { code: CurrencyCode };
}

const isCartLine = (line: unknown): line is CartLine =>
  typeof line === 'object' &&
  line !== null &&
  typeof (line as CartLine)._id === 'string' &&
  Number.isInteger((line as CartLine).cart_quantity) &&
  (line as CartLine).cart_quantity > 0;

/** What this browser saved on earlier visits. */
export function readSavedState(): SavedState {
  const saved: SavedState = { auth: { token: readStoredToken(AUTH_KEY) } };
  const items = readSavedField('persist:cart', 'items');
  if (Array.isArray(items)) saved.cart = { items: items.filter(isCartLine) };
  const code = readSavedField('persist:currency', 'code');
  // One of the shop's currencies, not just any key of an object (`'toString' in {}` is true).
  if (CURRENCIES.some((c) => c === code)) saved.currency = { code: code as CurrencyCode };
  return saved;
}

/** The shop's session; the admin panel keeps its own under another key (see the README, "Sessions"). */
const AUTH_KEY = 'persist:auth';

interface SavedSlices {
  auth: { token: string | null };
  cart: { items: CartLine[] };
  currency: { code: CurrencyCode };
}

/** Takes in what this browser saved, then saves every later change. In the browser only; returns the unsubscribe. */
export function restoreAndKeepSaved(store: {
  dispatch: (action: ReturnType<typeof savedStateRestored>) => unknown;
  getState: () => SavedSlices;
  subscribe: (listener: () => void) => () => void;
}): () => void {
  store.dispatch(savedStateRestored({ ...readSavedState() }));
  return keepSaved(store, [
    savedToken(AUTH_KEY),
    { key: 'persist:cart', select: (state) => ({ items: state.cart.items }) },
    { key: 'persist:currency', select: (state) => ({ code: state.currency.code }) },
  ]);
}
