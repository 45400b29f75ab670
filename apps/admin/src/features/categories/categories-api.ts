import { api, writes } from '../../lib/api';

type Rename = { id: string; name: string };

const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCategory: build.mutation(writes((name: string, c) => c.admin.createCategory({ name }), ['Categories'])),
    updateCategory: build.mutation(writes(({ id, name }: Rename, c) => c.admin.updateCategory(id, { name }), ['Categories', 'Products'])),
    deleteCategory: build.mutation(writes((id: string, c) => c.admin.deleteCategory(id), ['Categories', 'Dashboard'])),
    createSolution: build.mutation(writes((name: string, c) => c.admin.createSolution({ name }), ['Solutions'])),
    updateSolution: build.mutation(writes(({ id, name }: Rename, c) => c.admin.updateSolution(id, { name }), ['Solutions', 'Products'])),
    deleteSolution: build.mutation(writes((id: string, c) => c.admin.deleteSolution(id), ['Solutions'])),
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
