/** The shop's categories and solutions: the menus' lists (nav-lists.tsx) and the category and solution pages. */
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import { api } from './api';

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<Category[], void>({
      query: () => async (c) => (await c.store.categories()).categories,
    }),
    solutions: build.query<Solution[], void>({
      query: () => async (c) => (await c.store.solutions()).solutions,
    }),
  }),
});

export const { useCategoriesQuery, useSolutionsQuery } = catalogueApi;
