import { PAGE_SIZE } from '@shop/domain/constants';
import type { Product } from '@shop/domain/schemas/products';
import { Pager } from '@shop/ui/pager';
import '@shop/ui/pager.css';
import { LoadFailed } from '@shop/ui/load-failed';
import { LoadingGrid } from '../../../components/loading-grid';
import { ProductGrid } from '../../../components/product-grid';

export interface ProductListProps {
  label: string;
  page: number;
  onPageChange: (page: number) => void;
  products: Product[] | undefined;
  isLoading: boolean;
  /** The last load failed (true still while it is asked again: the failure stays on screen until the answer). */
  isError: boolean;
  /** Loads the page again after a failure. */
  onRetry: () => void;
}

/** A page of product cards with Prev / page / Next (Next only for a full page, Prev only above 1). */
export function ProductList({ label, page, onPageChange, products, isLoading, isError, onRetry }: ProductListProps) {
  if (isError) return <LoadFailed what="the products" onRetry={onRetry} retrying={isLoading} />;
  if (isLoading) return <LoadingGrid />;
  const list = products ?? [];
  return (
    <>
      {/* The cards' names are h3: this keeps the outline h1 > h2 > h3 for screen readers (axe heading-order). */}
      <h2 className="visually-hidden">{label}</h2>
      {list.length === 0 ? (
        <p className="empty-state">No products</p>
      ) : (
        <ProductGrid products={list} label={label} />
      )}
      <Pager page={page} itemCount={list.length} pageSize={PAGE_SIZE} onPageChange={onPageChange} label={`${label} pages`} />
    </>
  );
}
