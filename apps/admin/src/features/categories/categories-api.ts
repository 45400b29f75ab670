import { fromClient } from '@shop/app-kit/base-query';
import { api } from '../../lib/api';

type Rename = { id: string; name: string };

const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCategory: build.mutation({
      ...fromClient((name: string, c) => c.admin.createCategory({ name })),
      invalidatesTags: ['Categories'],
    }),
    updateCategory: build.mutation({
      ...fromClient(({ id, name }: Rename, c) => c.admin.updateCategory(id, { name })),
      invalidatesTags: ['Categories', 'Products'],
    }),
    deleteCategory: build.mutation({
      ...fromClient((id: string, c) => c.admin.deleteCategory(id)),
      invalidatesTags: ['Categories', 'Dashboard'],
    }),
    createSolution: build.mutation({
      ...fromClient((name: string, c) => c.admin.createSolution({ name })),
      invalidatesTags: ['Solutions'],
    }),
    updateSolution: build.mutation({
      ...fromClient(({ id, name }: Rename, c) => c.admin.updateSolution(id, { name })),
      invalidatesTags: ['Solutions', 'Products'],
    }),
    deleteSolution: build.mutation({
      ...fromClient((id: string, c) => c.admin.deleteSolution(id)),
      invalidatesTags: ['Solutions'],
    }),
  }),
});

export const {
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useCreateSolutionMutation,
  useUpdateSolutionMutation,
  useDeleteSolutionMutation,
} = categoriesApi;
