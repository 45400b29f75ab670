import type { CreateProductBody, UpdateProductBody } from '@shop/domain/schemas/products';
import { api, run } from '../../lib/api';

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    allProducts: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.admin.products()),
      providesTags: ['Products'],
    }),
    productBySlug: build.query({
      queryFn: (slug: string, { extra }) => run(extra, (c) => c.store.product(slug)),
      // No tag: after a rename the old slug is gone, and refetching it would only answer 404.
      // The page refetches on each visit instead, and a save writes the new answer into the cache itself.
      keepUnusedDataFor: 5,
    }),
    createProduct: build.mutation({
      queryFn: (body: CreateProductBody, { extra }) => run(extra, (c) => c.admin.createProduct(body)),
      invalidatesTags: ['Products', 'Dashboard'],
    }),
    updateProduct: build.mutation({
      queryFn: ({ id, body }: { id: string; body: UpdateProductBody }, { extra }) =>
        run(extra, (c) => c.admin.updateProduct(id, body)),
      invalidatesTags: ['Products', 'Dashboard'],
    }),
    deleteProduct: build.mutation({
      queryFn: (id: string, { extra }) => run(extra, (c) => c.admin.deleteProduct(id)),
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
