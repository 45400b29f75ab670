import { notifySuccess } from '@shop/app-kit/notify';
import { numberOrUndefined, taxFieldsOf, type ProductFormValues } from './product-form';
import { useCreateProductMutation } from './products-api';

/** Sends a new product; the server's message is shown either way (SPEC 8). */
export function useCreateProduct() {
  const [createProduct, { isLoading }] = useCreateProductMutation();
  const create = async (v: ProductFormValues) => {
    try {
      const answer = await createProduct({
        name: v.name.trim(),
        price: numberOrUndefined(v.price),
        quantity: numberOrUndefined(v.quantity),
        category: v.category,
        solutions: v.solutions,
        shortdesc: v.shortdesc,
        description: v.description,
        contents: v.contents,
        highlighted: v.highlighted,
      ...taxFieldsOf(v),
        ...taxFieldsOf(v),
        ...(v.image ? { image: v.image } : {}),
      }).unwrap();
      notifySuccess(answer.message);
      return answer.product;
    } catch {
      return null; // toasted
    }
  };
  return { create, isLoading };
}
