import { api } from '../../../lib/api';

const backInStockApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Asks for one mail when a sold-out size is back. The answer is the same whether or not the address was already on
     * the list (it says nothing about who has asked); a refusal is shown beside the field, never as a toast.
     */
    notifyWhenBack: build.mutation<null, { productId: string; email: string; variant?: string }>({
      query: ({ productId, email, variant }) => async (c) => {
        await c.store.notifyWhenBack(productId, { email, ...(variant ? { variant } : {}) });
        return null;
      },
      extraOptions: { silent: true },
    }),
  }),
});

export const { useNotifyWhenBackMutation } = backInStockApi;
