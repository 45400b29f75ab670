/** Product queries shared by the home page, the lists and the product page. */
import type { Product } from '@shop/domain/schemas/products';
import { api } from './api';

const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    productsPage: build.query<Product[], number>({
      query: (page) => async (c) => (await c.store.products(page)).products,
    }),
    highlightedProducts: build.query<Product[], void>({
      query: () => async (c) => (await c.store.highlightedProducts()).products,
    }),
    categoryProducts: build.query<Product[], { slug: string; page: number }>({
      query: ({ slug, page }) => async (c) => (await c.store.categoryProducts(slug, page)).products,
    }),
    solutionProducts: build.query<Product[], { slug: string; page: number }>({
      query: ({ slug, page }) => async (c) => (await c.store.solutionProducts(slug, page)).products,
    }),
    product: build.query<Product, string>({
      query: (slug) => async (c) => (await c.store.product(slug)).product,
    }),
    relatedProducts: build.query<Product[], { productId: string; categoryId: string }>({
      query: ({ productId, categoryId }) => async (c) => (await c.store.relatedProducts(productId, categoryId)).products,
    }),
  }),
});

export const {
  useProductsPageQuery,
  useHighlightedProductsQuery,
  useCategoryProductsQuery,
  useSolutionProductsQuery,
  useProductQuery,
  useRelatedProductsQuery,
} = productsApi;
