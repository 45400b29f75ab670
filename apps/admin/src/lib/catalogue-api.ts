/** Categories and solutions as lists: read by the categories screen and by the product form. */
import { api, run } from './api';

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.store.categories()),
      providesTags: ['Categories'],
    }),
    solutions: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.store.solutions()),
      providesTags: ['Solutions'],
    }),
  }),
});

export const { useCategoriesQuery, useSolutionsQuery } = catalogueApi;
