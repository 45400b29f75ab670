/**
 * The cart, the chosen currency and the session token, kept in local storage across visits: read here, in the entry,
 * right after hydration (so a cart change made in the first instant is never overwritten by a late restore), and
 * written by redux-persist through keep-saved.ts, a chunk main.tsx loads after hydration, so redux-persist does not
 * weigh on the first load. The stored form is redux-persist's, under the keys it always had (`persist:cart` holds
 * `{"items":"[…]"}`), so a saved cart and session survive upgrades.
 *
 * What is read is checked: a damaged or hand-edited entry is ignored, field by field, and never breaks the shop.
 */
import { readSavedField } from '@shop/app-kit/local-storage';
import { readStoredToken } from '@shop/app-kit/session';
import { savedStateRestored } from '@shop/app-kit/store';
import { CURRENCIES, type CurrencyCode } from '@shop/domain/money';
import type { CartLine } from './cart-slice';

/** The shop's session; the admin panel keeps its own under another key (see the README, "Sessions"). */
export const AUTH_KEY = 'persist:auth';

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

/**
 * A saved line as the cart keeps it. A line saved before sizes has no `variant` and stays as it is (the default size);
 * a damaged `variant` (not a string) is dropped, so the line falls back to the default size rather than being lost.
 */
const savedLine = ({ _id, variant, cart_quantity }: CartLine): CartLine =>
  typeof variant === 'string' && variant ? { _id, variant, cart_quantity } : { _id, cart_quantity };

/** What this browser saved on earlier visits. */
function readSavedState(): SavedState {
  const saved: SavedState = { auth: { token: readStoredToken(AUTH_KEY) } };
  const items = readSavedField('persist:cart', 'items');
  if (Array.isArray(items)) saved.cart = { items: items.filter(isCartLine).map(savedLine) };
  const code = readSavedField('persist:currency', 'code');
  // One of the shop's currencies, not just any key of an object (`'toString' in {}` is true).
  if (CURRENCIES.some((c) => c === code)) saved.currency = { code: code as CurrencyCode };
  return saved;
}


/** Takes in what this browser saved (before any later change can be made, so none is overwritten). */
export function restoreSavedState(store: { dispatch: (action: ReturnType<typeof savedStateRestored>) => unknown }) {
  store.dispatch(savedStateRestored({ ...readSavedState() }));
}
