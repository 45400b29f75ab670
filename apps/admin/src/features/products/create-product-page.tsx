import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CreateProductForm } from './create-product-form';

/** {admin_prefix}/admin/create-product: the product form as a page of its own. */
export function CreateProductPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Create product" back={{ to: '/admin/products', label: 'Products' }} />
      <div className="panel">
        <CreateProductForm onCreated={(product) => navigate(`/admin/products/${product.slug}`)} />
      </div>
    </>
  );
}
