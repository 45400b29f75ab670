import type { CartDetail, CartItem } from '@shop/domain/schemas/products';
import { api } from '../../../lib/api';
import { unknownItemsDropped } from '../../../store/cart-slice';

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Resolves the cart's ids to current names, prices, images and stock. */
    cartDetails: build.query<CartDetail[], CartItem[]>({
      query: (cart) => async (c) => (await c.store.cart(cart)).cartDetails,
      async onQueryStarted(cart, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const known = new Set(data.map((d) => d._id));
          const gone = cart.filter((i) => !known.has(i._id)).map((i) => i._id);
          if (gone.length > 0) dispatch(unknownItemsDropped(gone));
        } catch {
          // The failure is already shown as a toast.
        }
      },
    }),
  }),
});

export const { useCartDetailsQuery } = cartApi;
