/**
 * Writes the cart, the currency and the session token to local storage on every change, with redux-persist (through
 * app-kit's keepSaved, as the admin keeps its token). A chunk of its own: main.tsx loads it after hydration; its first
 * save writes whatever changed before it arrived.
 */
import { keepSaved } from '@shop/app-kit/saved-state';
import { savedToken } from '@shop/app-kit/session';
import type { CurrencyCode } from '@shop/domain/money';
import { readSavedField } from '@shop/app-kit/local-storage';
import { couponApplied, pinRemembered, type CartLine } from './cart-slice';
import { AUTH_KEY } from './saved-state';

interface SavedSlices {
  auth: { token: string | null };
  cart: { items: CartLine[]; pin?: string; coupon?: string };
  currency: { code: CurrencyCode };
}

interface ShopStore {
  getState: () => SavedSlices;
  subscribe: (listener: () => void) => () => void;
  dispatch: (action: ReturnType<typeof pinRemembered> | ReturnType<typeof couponApplied>) => unknown;
}

/**
 * The remembered delivery PIN (saved with the cart), taken in here rather than with the cart in saved-state.ts: only
 * the product and cart pages use it, and the entry chunk has no room to spare (the home page's JS budget). A PIN
 * checked before this chunk arrived is kept.
 */
export function restoreRememberedPin(store: Pick<ShopStore, 'getState' | 'dispatch'>) {
  const pin = readSavedField('persist:cart', 'pin');
  if (!store.getState().cart.pin && typeof pin === 'string' && /^[1-9]\d{5}$/.test(pin)) store.dispatch(pinRemembered(pin));
}

/**
 * A code as the shop makes them (3 to 30 letters, digits, - or _: COUPON_CODE_PATTERN, written out here so this chunk
 * does not take in the schemas' TypeBox).
 */
const COUPON_CODE = /^[A-Za-z0-9_-]{3,30}$/;

/**
 * The coupon applied in the cart on an earlier visit (saved with the cart, as the PIN is), taken in here for the same
 * reason. The cart's quote checks it again: a code that lapsed meanwhile is refused there in words.
 */
export function restoreRememberedCoupon(store: Pick<ShopStore, 'getState' | 'dispatch'>) {
  const coupon = readSavedField('persist:cart', 'coupon');
  if (!store.getState().cart.coupon && typeof coupon === 'string' && COUPON_CODE.test(coupon)) store.dispatch(couponApplied(coupon));
}

/** Restores the remembered PIN and coupon, then saves now and after every change; returns the unsubscribe. In the browser only. */
export function keepShopSaved(store: ShopStore): () => void {
  restoreRememberedPin(store);
  restoreRememberedCoupon(store);
  return keepSaved(store, [
    savedToken(AUTH_KEY),
    { key: 'persist:cart', select: (state) => ({ items: state.cart.items, pin: state.cart.pin, coupon: state.cart.coupon }) },
    { key: 'persist:currency', select: (state) => ({ code: state.currency.code }) },
  ]);
}
