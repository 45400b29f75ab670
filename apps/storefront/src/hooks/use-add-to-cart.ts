import { notifyError } from '@shop/app-kit/notify';
import { findLineIndex, itemAdded, lineLimit, quantityIncreased } from '../store/cart-slice';
import { selectCartItems } from '../store/cart-lines';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { rememberCartName } from '../lib/cart-names';

/** A product size as Add to cart, Buy Now and plus see it: which line, its name and the units in stock. */
export interface AddableProduct {
  _id: string;
  name: string;
  /** Units in stock (of the size). */
  quantity: number;
  /** The size's `_id`; absent means the product's default size. */
  variant?: string;
  /** The size is the product's default (a cart line saved without a size is this one). */
  isDefault?: boolean;
}

/** What the shopper is told when a line is at its size's stock. */
export const stockLimitMessage = (stock: number) => `Only ${stock} left`;

/**
 * Adds one unit of a product's size to the cart, unless the line already holds every unit in stock: then the
 * shopper gets a toast naming the limit ("Only 18 left") instead of a refusal at PAY. Returns whether a
 * unit was added.
 */
export function useAddToCart(): (product: AddableProduct, how?: 'add' | 'plus') => boolean {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  return (product, how = 'add') => {
    const ref = { _id: product._id, variant: product.variant, isDefault: product.isDefault };
    const inCart = items[findLineIndex(items, ref)]?.cart_quantity ?? 0;
    const stock = Math.max(0, product.quantity);
    if (inCart >= lineLimit(stock)) {
      if (stock > 0 && inCart >= stock) notifyError(stockLimitMessage(stock), { toastId: `stock:${product._id}:${product.variant ?? ''}` });
      return false;
    }
    const payload = { ...ref, stock };
    dispatch(how === 'plus' ? quantityIncreased(payload) : itemAdded(payload));
    rememberCartName(product);
    return true;
  };
}
