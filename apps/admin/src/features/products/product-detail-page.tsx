import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { UpdateProductBody } from '@shop/domain/schemas/products';
import { useAppDispatch } from '../../lib/hooks';
import { notifySuccess } from '@shop/app-kit/notify';
import { PageHeader } from '../../components/page-header';
import { DeleteProductDialog } from './delete-product-dialog';
import { DetailActions } from '../../components/detail-actions';
import { Loading } from '../../components/loading';
import { productFieldsOf, ProductForm, changedFieldsOf, valuesOf, type ProductFormValues } from './product-form';
import { productsApi, useDeleteProductMutation, useProductBySlugQuery, useUpdateProductMutation } from './products-api';

/** One product, every field editable; Update only after a change, then on to the (new) slug. */
export function ProductDetailPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useProductBySlugQuery(slug, { refetchOnMountOrArgChange: true });
  const [updateProduct, { isLoading: saving }] = useUpdateProductMutation();
  const [deleteProduct, { isLoading: deleting }] = useDeleteProductMutation();
  const [confirming, setConfirming] = useState(false);
  const product = data?.product;

  const save = async (v: ProductFormValues, before: ProductFormValues): Promise<false | ProductFormValues> => {
    if (!product) return false;
    const body: UpdateProductBody = {
      ...productFieldsOf(v),
      // Sizes go only when they changed, each saved one with the stock the editor showed (409 when it moved since).
      ...changedFieldsOf(v, before),
      // An update leaves the category as it is when none is chosen.
      ...(v.category ? { category: v.category } : {}),
      ...(v.image ? { image: v.image, ...(product.image ? { old_image: product.image } : {}) } : {}),
    };
    try {
      const answer = await updateProduct({ id: product._id, body }).unwrap();
      notifySuccess(answer.message);
      // The new slug's page opens with the saved product at once, no second load.
      dispatch(productsApi.util.upsertQueryData('productBySlug', answer.product.slug, { product: answer.product }));
      if (answer.product.slug !== slug) navigate(`/admin/products/${answer.product.slug}`, { replace: true });
      // The form starts again from the saved product: new sizes now have their ids, stock is as saved.
      return valuesOf(answer.product);
    } catch {
      return false;
    }
  };

  const remove = async () => {
    if (!product) return;
    try {
      const answer = await deleteProduct(product._id).unwrap();
      if (answer?.message) notifySuccess(answer.message);
      navigate('/admin/products', { replace: true });
    } catch {
      setConfirming(false);
    }
  };

  return (
    <>
      <PageHeader
        title={product?.name ?? 'Product'}
        subtitle={product ? <span className="mono small">{product._id}</span> : undefined}
        back={{ to: '/admin/products', label: 'Products' }}
        actions={
product && <DetailActions shopPath={`/products/${product.slug}`} onDelete={() => setConfirming(true)} />
        }
      />
      {isLoading ? (
        <Loading />
      ) : product ? (
        <div className="panel">
          <ProductForm
            key={product._id}
            initial={valuesOf(product)}
            currentImage={product.image}
            submitLabel="Update"
            busyLabel="Updating…"
            busy={saving}
            requireChange
            onSubmit={save}
          />
        </div>
      ) : isError ? (
        <p className="empty-state">No product found</p>
      ) : null}
      <DeleteProductDialog
        open={confirming}
        name={product?.name ?? ''}
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
