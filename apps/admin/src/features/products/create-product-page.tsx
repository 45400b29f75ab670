import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { EMPTY_PRODUCT, ProductForm } from './product-form';
import { useCreateProduct } from './use-create-product';

/** {admin_prefix}/admin/create-product: the product form as a page of its own. */
export function CreateProductPage() {
  const navigate = useNavigate();
  const { create, isLoading } = useCreateProduct();
  return (
    <>
      <PageHeader title="Create product" back={{ to: '/admin/products', label: 'Products' }} />
      <div className="panel">
        <ProductForm
          initial={EMPTY_PRODUCT}
          submitLabel="Create product"
          busyLabel="Creating…"
          busy={isLoading}
          onSubmit={async (values) => {
            const product = await create(values);
            if (product) navigate(`/admin/products/${product.slug}`);
            return product !== null;
          }}
        />
      </div>
    </>
  );
}
