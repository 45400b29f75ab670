import type { CreateProductBody, UpdateProductBody } from '@shop/domain/schemas/products';
import { fromClient } from '@shop/app-kit/base-query';
import { api } from '../../lib/api';

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    allProducts: build.query({
      ...fromClient((_arg: void, c) => c.admin.products()),
      providesTags: ['Products'],
    }),
    productBySlug: build.query({
      ...fromClient((slug: string, c) => c.store.product(slug)),
      // No tag: after a rename the old slug is gone, and refetching it would only answer 404.
      // The page refetches on each visit instead, and a save writes the new answer into the cache itself.
      keepUnusedDataFor: 5,
    }),
    createProduct: build.mutation({
      ...fromClient((body: CreateProductBody, c) => c.admin.createProduct(body)),
      invalidatesTags: ['Products', 'Dashboard'],
    }),
    updateProduct: build.mutation({
      ...fromClient(({ id, body }: { id: string; body: UpdateProductBody }, c) => c.admin.updateProduct(id, body)),
      invalidatesTags: ['Products', 'Dashboard'],
    }),
    deleteProduct: build.mutation({
      ...fromClient((id: string, c) => c.admin.deleteProduct(id)),
      invalidatesTags: ['Products', 'Dashboard'],
    }),
  }),
});

export const {
  useAllProductsQuery,
  useProductBySlugQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
} = productsApi;
