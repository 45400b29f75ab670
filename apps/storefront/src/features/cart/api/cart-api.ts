import type { CartDetail, CartItem } from '@shop/domain/schemas/products';
import { api } from '../../../lib/api';
import { notifyError } from '@shop/app-kit/notify';
import { lineLimit, linesReplaced } from '../../../store/cart-slice';
import type { RootState } from '../../../store/store';
import { clampedToStock, pairLines, selectCartItems, withoutLines } from '../../../store/cart-lines';
import { cartNameOf, keepCartNames } from '../../../lib/cart-names';

/** A line's name with its size ("A2 Ghee (250 ml)"), as the shopper's messages say it. */
const lineName = (d: CartDetail) => (d.variant_label ? `${d.name} (${d.variant_label})` : d.name);

/** What the shopper is told about a line the stock re-read brought down (or took out). */
function clampMessage(name: string, stock: number): string {
  return stock > 0 ? `Only ${stock} left of ${name}: your cart now holds ${stock}.` : `${name} is sold out and was taken out of your cart.`;
}

/** What the shopper is told about a line whose product (or size) was deleted from the catalogue. */
function removedMessage(name: string | undefined): string {
  return `${name ?? 'A product'} is no longer sold and was taken out of your cart.`;
}

const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Resolves the cart's lines (product and size) to current names, prices, images and stock. Lines now above their
     * size's stock are clamped to it and the shopper is told, so PAY never meets a refusal the cart could foresee;
     * lines of products or sizes deleted from the catalogue are taken out, and the shopper is told that too. Lines
     * saved without a size are the default size, as the server resolves them.
     */
    cartDetails: build.query<CartDetail[], CartItem[]>({
      query: (cart) => async (c) => (await c.store.cart(cart)).cartDetails,
      async onQueryStarted(cart, { dispatch, getState, queryFulfilled }) {
        // Worked out on the cart as it is when the answer comes (the shopper may have changed it meanwhile).
        const items = () => selectCartItems(getState() as RootState);
        try {
          const { data } = await queryFulfilled;
          const paired = pairLines(cart, data);
          const gone = cart.filter((_, n) => paired[n] === undefined);
          if (gone.length > 0) {
            dispatch(linesReplaced(withoutLines(items(), gone.map((i) => ({ _id: i._id, variant: i.variant })))));
            for (const i of gone) notifyError(removedMessage(cartNameOf(i._id)), { toastId: `removed:${i._id}:${i.variant ?? ''}` });
          }
          keepCartNames(data);
          const over = cart.flatMap((i, n) => {
            const d = paired[n];
            return d && i.cart_quantity > lineLimit(d.quantity) ? [{ line: i, d }] : [];
          });
          if (over.length > 0) {
            dispatch(linesReplaced(clampedToStock(items(), over.map(({ line, d }) => ({ _id: line._id, variant: line.variant, stock: d.quantity })))));
            for (const { d } of over) notifyError(clampMessage(lineName(d), lineLimit(d.quantity)), { toastId: `clamp:${d._id}:${d.variant}` });
          }
        } catch {
          // The failure is already shown as a toast.
        }
      },
    }),
  }),
});

export const { useCartDetailsQuery } = cartApi;
