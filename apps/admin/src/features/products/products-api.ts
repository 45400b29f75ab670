import type { CreateProductBody, UpdateProductBody } from '@shop/domain/schemas/products';
import { fromClient } from '@shop/app-kit/base-query';
import { api, reads, writes } from '../../lib/api';

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    allProducts: build.query(reads((_arg: void, c) => c.admin.products(), ['Products'])),
    productBySlug: build.query({
      ...fromClient((slug: string, c) => c.store.product(slug)),
      // No tag: after a rename the old slug is gone, and refetching it would only answer 404.
      // The page refetches on each visit instead, and a save writes the new answer into the cache itself.
      keepUnusedDataFor: 5,
    }),
    createProduct: build.mutation(writes((body: CreateProductBody, c) => c.admin.createProduct(body), ['Products', 'Dashboard'])),
    updateProduct: build.mutation(writes(({ id, body }: { id: string; body: UpdateProductBody }, c) => c.admin.updateProduct(id, body), ['Products', 'Dashboard'])),
    deleteProduct: build.mutation(writes((id: string, c) => c.admin.deleteProduct(id), ['Products', 'Dashboard'])),
  }),
});

export const {
  useAllProductsQuery,
  useProductBySlugQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
} = productsApi;
