import { notifyError } from '@shop/app-kit/notify';
import { itemAdded, lineLimit, quantityIncreased, selectCartItems } from '../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { rememberCartName } from '../lib/cart-names';

/** A product as Add to cart, Buy Now and plus see it: its id, name and the units in stock. */
export interface AddableProduct {
  _id: string;
  name: string;
  /** Units in stock. */
  quantity: number;
}

/** What the shopper is told when a line is at its product's stock. */
export const stockLimitMessage = (stock: number) => `Only ${stock} left`;

/**
 * Adds one unit of a product to the cart, unless the line already holds every unit in stock: then the
 * shopper gets a toast naming the limit ("Only 18 left") instead of a refusal at PAY. Returns whether a
 * unit was added.
 */
export function useAddToCart(): (product: AddableProduct, how?: 'add' | 'plus') => boolean {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  return (product, how = 'add') => {
    const inCart = items.find((i) => i._id === product._id)?.cart_quantity ?? 0;
    const stock = Math.max(0, product.quantity);
    if (inCart >= lineLimit(stock)) {
      if (stock > 0 && inCart >= stock) notifyError(stockLimitMessage(stock), { toastId: `stock:${product._id}` });
      return false;
    }
    const payload = { _id: product._id, stock };
    dispatch(how === 'plus' ? quantityIncreased(payload) : itemAdded(payload));
    rememberCartName(product);
    return true;
  };
}
