import { lazy, Suspense } from 'react';
import type { Product } from '@shop/domain/schemas/products';
import { LoadingGrid } from '../../../components/loading-grid';
import '../../../components/section.css';

// The carousel brings swiper; it loads with the first section that shows one, after the page's own chunk.
const ProductCarousel = lazy(() => import('../../../components/product-carousel'));

/** A titled product carousel of the home page (Bestsellers, Explore More Products). */
export function ProductRail({ id, title, products, isLoading }: { id: string; title: string; products: Product[] | undefined; isLoading: boolean }) {
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {isLoading ? (
        <LoadingGrid count={3} />
      ) : products && products.length > 0 ? (
        <Suspense fallback={<LoadingGrid count={3} />}>
          <ProductCarousel products={products} label={title} />
        </Suspense>
      ) : (
        <p className="empty-state">No products</p>
      )}
    </section>
  );
}
