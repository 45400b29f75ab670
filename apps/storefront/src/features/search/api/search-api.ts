import type { Product } from '@shop/domain/schemas/products';
import { api } from '../../../lib/api';

const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.query<Product[], string>({
      query: (q) => async (c) => (await c.store.search(q)).products,
    }),
  }),
});

export const { useSearchProductsQuery } = searchApi;
