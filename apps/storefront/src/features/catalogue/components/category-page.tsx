import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { usePageParam } from '../../../hooks/use-page-param';
import { useCategoryProductsQuery } from '../../../lib/products-api';
import { useCategoriesQuery } from '../../../lib/catalogue-api';
import { ProductList } from './product-list';
import { useAskServerForOldAddress } from './use-old-address';

export default function CategoryPage() {
  const { slug = '' } = useParams();
  const [page, setPage] = usePageParam();
  const { data: categories } = useCategoriesQuery();
  const current = categories?.find((c) => c.slug === slug);
  useAskServerForOldAddress(categories ? Boolean(current) : undefined);
  const name = current?.name ?? 'Category';
  const { data, isFetching, isError, refetch } = useCategoryProductsQuery({ slug, page });
  usePageMeta(name, `Shop ${name} from ${config.brand}: pure, natural and made on our organic farm.`);
  return (
    <div className="container page">
      <PageHeader title={name}>Shop by Category</PageHeader>
      <ProductList label={`${name} products`} page={page} onPageChange={setPage} products={data} isLoading={isFetching} isError={isError} onRetry={() => void refetch()} />
    </div>
  );
}
