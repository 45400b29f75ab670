import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { usePageParam } from '../../../hooks/use-page-param';
import { useSolutionProductsQuery } from '../../../lib/products-api';
import { useSolutionsQuery } from '../../../lib/catalogue-api';
import { ProductList } from './product-list';
import { useAskServerForOldAddress } from './use-old-address';

export default function SolutionPage() {
  const { slug = '' } = useParams();
  const [page, setPage] = usePageParam();
  const { data: solutions } = useSolutionsQuery();
  const current = solutions?.find((s) => s.slug === slug);
  useAskServerForOldAddress(solutions ? Boolean(current) : undefined);
  const name = current?.name ?? 'Solution';
  const { data, isFetching, isError, refetch } = useSolutionProductsQuery({ slug, page });
  usePageMeta(name, `Farm products for ${name.toLowerCase()}, from ${config.brand}.`);
  return (
    <div className="container page">
      <PageHeader title={name}>Shop by Solution</PageHeader>
      <ProductList label={`${name} products`} page={page} onPageChange={setPage} products={data} isLoading={isFetching} isError={isError} onRetry={() => void refetch()} />
    </div>
  );
}
