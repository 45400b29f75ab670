import { notifySuccess } from '@shop/app-kit/notify';
import { productFieldsOf, type ProductFormValues } from './product-form';
import { useCreateProductMutation } from './products-api';

/** Sends a new product; the server's message is shown either way (SPEC 8). */
export function useCreateProduct() {
  const [createProduct, { isLoading }] = useCreateProductMutation();
  const create = async (v: ProductFormValues) => {
    try {
      const answer = await createProduct({
        ...productFieldsOf(v),
        category: v.category,
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
