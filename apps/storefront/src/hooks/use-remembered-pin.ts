/**
 * The PIN code the shopper last checked delivery to, shared by the product page and the cart and kept with the cart
 * in local storage. saved-state.ts restores it unchecked (the entry chunk has no room to spare), so it is checked here.
 */
import { PIN_CODE_PATTERN } from '@shop/domain/delivery';
import { pinRemembered } from '../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

const pinPattern = new RegExp(PIN_CODE_PATTERN);

/** The remembered PIN ('' when none, or when what was saved is not a PIN) and how to remember another. */
export function useRememberedPin(): [string, (pin: string) => void] {
  const dispatch = useAppDispatch();
  const saved: unknown = useAppSelector((s) => s.cart.pin);
  const pin = typeof saved === 'string' && pinPattern.test(saved) ? saved : '';
  return [pin, (next: string) => dispatch(pinRemembered(next))];
}
