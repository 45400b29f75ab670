/**
 * Writes the cart, the currency and the session token to local storage on every change, with redux-persist (through
 * app-kit's keepSaved, as the admin keeps its token). A chunk of its own: main.tsx loads it after hydration; its first
 * save writes whatever changed before it arrived.
 */
import { keepSaved } from '@shop/app-kit/saved-state';
import { savedToken } from '@shop/app-kit/session';
import type { CurrencyCode } from '@shop/domain/money';
import type { CartLine } from './cart-slice';
import { AUTH_KEY } from './saved-state';

interface SavedSlices {
  auth: { token: string | null };
  cart: { items: CartLine[]; pin?: string };
  currency: { code: CurrencyCode };
}

/** Saves now and after every change; returns the unsubscribe. In the browser only. */
export function keepShopSaved(store: { getState: () => SavedSlices; subscribe: (listener: () => void) => () => void }): () => void {
  return keepSaved(store, [
    savedToken(AUTH_KEY),
    { key: 'persist:cart', select: (state) => ({ items: state.cart.items, pin: state.cart.pin }) },
    { key: 'persist:currency', select: (state) => ({ code: state.currency.code }) },
  ]);
}
