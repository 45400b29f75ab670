import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { usePageParam } from '../../../hooks/use-page-param';
import { useProductsPageQuery } from '../../../lib/products-api';
import { ProductList } from './product-list';

export default function AllProductsPage() {
  const [page, setPage] = usePageParam();
  const { data, isFetching, error, refetch } = useProductsPageQuery(page);
  usePageMeta('All Products', 'Every product of the farm: A2 cow ghee, milk products and Ayurvedic hair oil.');
  return (
    <div className="container page">
      <PageHeader title="All Products">Pure, farm-made goodness, straight from our cows and fields.</PageHeader>
      <ProductList label="All products" page={page} onPageChange={setPage} products={data} isLoading={isFetching} isError={error !== undefined} onRetry={() => void refetch()} />
    </div>
  );
}
