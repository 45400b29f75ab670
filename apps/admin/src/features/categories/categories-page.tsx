import { notifySuccess } from '@shop/app-kit/notify';
import { useCategoriesQuery, useSolutionsQuery } from '../../lib/catalogue-api';
import { PageHeader } from '../../components/page-header';
import {
  useCreateCategoryMutation,
  useCreateSolutionMutation,
  useDeleteCategoryMutation,
  useDeleteSolutionMutation,
  useUpdateCategoryMutation,
  useUpdateSolutionMutation,
} from './categories-api';
import { NameTable } from './name-table';
import './categories.css';

/** Wraps a mutation so it shows the fixed success text and reports whether it worked. */
async function attempt(call: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await call();
    notifySuccess(success);
    return true;
  } catch {
    return false; // the server's message is toasted
  }
}

/** Categories and solutions together (SPEC 2), with the messages of SPEC 8. */
export function CategoriesPage() {
  const categories = useCategoriesQuery();
  const solutions = useSolutionsQuery();
  const [createCategory] = useCreateCategoryMutation();
  const [updateCategory] = useUpdateCategoryMutation();
  const [deleteCategory] = useDeleteCategoryMutation();
  const [createSolution] = useCreateSolutionMutation();
  const [updateSolution] = useUpdateSolutionMutation();
  const [deleteSolution] = useDeleteSolutionMutation();

  return (
    <>
      <PageHeader title="Categories" subtitle="How products are grouped on the shop: by kind and by solution." />
      <div className="two-col">
        <NameTable
          noun="Category"
          title="Categories"
          items={categories.data?.categories}
          loading={categories.isLoading}
          viewPath={(slug) => `/category/${slug}`}
          onCreate={(name) => attempt(() => createCategory(name).unwrap(), 'Category created successfully')}
          onRename={(id, name) => attempt(() => updateCategory({ id, name }).unwrap(), 'Category updated successfully')}
          onDelete={(id) => attempt(() => deleteCategory(id).unwrap(), 'Category deleted successfully')}
        />
        <NameTable
          noun="Solution"
          title="Solutions"
          items={solutions.data?.solutions}
          loading={solutions.isLoading}
          viewPath={(slug) => `/solutions/${slug}`}
          // SPEC 8 keeps the original's wording here: a new solution is announced as a category.
          onCreate={(name) => attempt(() => createSolution(name).unwrap(), 'Category created successfully')}
          onRename={(id, name) => attempt(() => updateSolution({ id, name }).unwrap(), 'Solution updated successfully')}
          onDelete={(id) => attempt(() => deleteSolution(id).unwrap(), 'Solution deleted successfully')}
        />
      </div>
    </>
  );
}
