import { useParams } from 'react-router';
import type { Product } from '@shop/domain/schemas/products';
import { isNotFound } from '@shop/app-kit/api-failure';
import { NotFoundState } from '../../../components/not-found-state';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { usePageParam } from '../../../hooks/use-page-param';
import { ProductList } from './product-list';
import { useAskServerForOldAddress } from './use-old-address';

interface ProductGroupPageProps {
  /** 'Category' or 'Solution': the heading until the group's name is known, and what a missing one says. */
  kind: 'Category' | 'Solution';
  /** The line under the heading: 'Shop by Category'. */
  lead: string;
  /** The shop's groups of this kind (the menus' list), to name the page. */
  useGroups: () => { data?: { slug: string; name: string }[] | undefined };
  /** One page of the group's products. */
  useProducts: (arg: { slug: string; page: number }) => { data?: Product[] | undefined; isFetching: boolean; error?: unknown; refetch: () => unknown };
  /** The meta description for the group called `name`. */
  describe: (name: string) => string;
}

/**
 * /category/{slug} and /solutions/{slug}: the group's products, paged. A group the shop does not have (its products
 * answer 404) says so, as a missing product does; other failures say the products could not be loaded.
 */
export function ProductGroupPage({ kind, lead, useGroups, useProducts, describe }: ProductGroupPageProps) {
  const { slug = '' } = useParams();
  const [page, setPage] = usePageParam();
  const { data: groups } = useGroups();
  const current = groups?.find((g) => g.slug === slug);
  useAskServerForOldAddress(groups ? Boolean(current) : undefined);
  const name = current?.name ?? kind;
  // `error` stays while a failed load is asked again, so the server's drawing of a failure and the browser's draws
  // of it (before and during its own retry) agree.
  const { data, isFetching, error, refetch } = useProducts({ slug, page });
  const missing = isNotFound(error);
  usePageMeta(missing ? `${kind} not found` : name, describe(name));
  if (missing) return <NotFoundState title={`${kind} not found`} to="/allproducts" linkText="See all products" />;
  return (
    <div className="container page">
      <PageHeader title={name}>{lead}</PageHeader>
      <ProductList
        label={`${name} products`}
        page={page}
        onPageChange={setPage}
        products={data}
        isLoading={isFetching}
        isError={error !== undefined}
        onRetry={() => void refetch()}
      />
    </div>
  );
}
