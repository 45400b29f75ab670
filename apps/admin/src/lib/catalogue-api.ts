/** Categories and solutions as lists: read by the categories screen and by the product form. */
import { api, reads } from './api';

const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query(reads((_arg: void, c) => c.store.categories(), ['Categories'])),
    solutions: build.query(reads((_arg: void, c) => c.store.solutions(), ['Solutions'])),
  }),
});

export const { useCategoriesQuery, useSolutionsQuery } = catalogueApi;
