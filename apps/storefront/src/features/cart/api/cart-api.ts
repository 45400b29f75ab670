import type { CartDetail, CartItem } from '@shop/domain/schemas/products';
import { api } from '../../../lib/api';
import { notifyError } from '@shop/app-kit/notify';
import { lineLimit, linesClampedToStock, unknownItemsDropped } from '../../../store/cart-slice';
import { cartNameOf, keepCartNames } from '../../../lib/cart-names';

/** What the shopper is told about a line the stock re-read brought down (or took out). */
function clampMessage(name: string, stock: number): string {
  return stock > 0 ? `Only ${stock} left of ${name}: your cart now holds ${stock}.` : `${name} is sold out and was taken out of your cart.`;
}

/** What the shopper is told about a line whose product was deleted from the catalogue. */
function removedMessage(name: string | undefined): string {
  return `${name ?? 'A product'} is no longer sold and was taken out of your cart.`;
}

const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Resolves the cart's ids to current names, prices, images and stock. Lines now above their product's
     * stock are clamped to it and the shopper is told, so PAY never meets a refusal the cart could foresee; lines of
     * products deleted from the catalogue are taken out, and the shopper is told that too.
     */
    cartDetails: build.query<CartDetail[], CartItem[]>({
      query: (cart) => async (c) => (await c.store.cart(cart)).cartDetails,
      async onQueryStarted(cart, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const known = new Set(data.map((d) => d._id));
          const gone = cart.filter((i) => !known.has(i._id)).map((i) => i._id);
          if (gone.length > 0) {
            dispatch(unknownItemsDropped(gone));
            for (const id of gone) notifyError(removedMessage(cartNameOf(id)), { toastId: `removed:${id}` });
          }
          keepCartNames(data);
          const over = data.filter((d) => (cart.find((i) => i._id === d._id)?.cart_quantity ?? 0) > lineLimit(d.quantity));
          if (over.length > 0) {
            dispatch(linesClampedToStock(over.map((d) => ({ _id: d._id, stock: d.quantity }))));
            for (const d of over) notifyError(clampMessage(d.name, lineLimit(d.quantity)), { toastId: `clamp:${d._id}` });
          }
        } catch {
          // The failure is already shown as a toast.
        }
      },
    }),
  }),
});

export const { useCartDetailsQuery } = cartApi;
