import type { Product } from '@shop/domain/schemas/products';
import { notifySuccess } from '@shop/app-kit/notify';
import { EMPTY_PRODUCT, productFieldsOf, ProductForm, changedFieldsOf, type ProductFormValues } from './product-form';
import { useCreateProductMutation } from './products-api';

/**
 * The empty product form that sends a new product, on its own page and in the products list's overlay; the server's
 * message is shown either way (SPEC 8), and `onCreated` gets the product once it is saved.
 */
export function CreateProductForm({ onCreated }: { onCreated: (product: Product) => void }) {
  const [createProduct, { isLoading }] = useCreateProductMutation();
  const create = async (v: ProductFormValues, before: ProductFormValues) => {
    try {
      const answer = await createProduct({
        ...productFieldsOf(v),
        ...changedFieldsOf(v, before),
        category: v.category,
        ...(v.image ? { image: v.image } : {}),
      }).unwrap();
      notifySuccess(answer.message);
      onCreated(answer.product);
      return true;
    } catch {
      return false; // toasted
    }
  };
  return <ProductForm initial={EMPTY_PRODUCT} submitLabel="Create product" busyLabel="Creating…" busy={isLoading} onSubmit={create} />;
}
