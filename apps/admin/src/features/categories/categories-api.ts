import { api, run } from '../../lib/api';

type Rename = { id: string; name: string };

export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCategory: build.mutation({
      queryFn: (name: string, { extra }) => run(extra, (c) => c.admin.createCategory({ name })),
      invalidatesTags: ['Categories'],
    }),
    updateCategory: build.mutation({
      queryFn: ({ id, name }: Rename, { extra }) => run(extra, (c) => c.admin.updateCategory(id, { name })),
      invalidatesTags: ['Categories', 'Products'],
    }),
    deleteCategory: build.mutation({
      queryFn: (id: string, { extra }) => run(extra, (c) => c.admin.deleteCategory(id)),
      invalidatesTags: ['Categories', 'Dashboard'],
    }),
    createSolution: build.mutation({
      queryFn: (name: string, { extra }) => run(extra, (c) => c.admin.createSolution({ name })),
      invalidatesTags: ['Solutions'],
    }),
    updateSolution: build.mutation({
      queryFn: ({ id, name }: Rename, { extra }) => run(extra, (c) => c.admin.updateSolution(id, { name })),
      invalidatesTags: ['Solutions', 'Products'],
    }),
    deleteSolution: build.mutation({
      queryFn: (id: string, { extra }) => run(extra, (c) => c.admin.deleteSolution(id)),
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
