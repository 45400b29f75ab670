import type { Product } from '@shop/domain/schemas/products';
import { Carousel } from '../../../components/carousel';
import { LoadingGrid } from '../../../components/loading-grid';
import { ProductCard } from '../../../components/product-card';
import '../../../components/section.css';

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
        <Carousel items={products} label={title} getKey={(p) => p._id} renderItem={(p) => <ProductCard product={p} />} />
      ) : (
        <p className="empty-state">No products</p>
      )}
    </section>
  );
}
