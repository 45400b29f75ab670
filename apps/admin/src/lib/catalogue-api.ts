/** Categories and solutions as lists: read by the categories screen and by the product form. */
import { fromClient } from '@shop/app-kit/base-query';
import { api } from './api';

const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query({
      ...fromClient((_arg: void, c) => c.store.categories()),
      providesTags: ['Categories'],
    }),
    solutions: build.query({
      ...fromClient((_arg: void, c) => c.store.solutions()),
      providesTags: ['Solutions'],
    }),
  }),
});

export const { useCategoriesQuery, useSolutionsQuery } = catalogueApi;
