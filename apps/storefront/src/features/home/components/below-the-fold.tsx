import { useHighlightedProductsQuery, useProductsPageQuery } from '../../../lib/products-api';
import { ProductRail } from './product-rail';
import { SolutionsSection } from './solutions-section';
import { WhySection } from './why-section';

/**
 * The home page under its farm clips: Bestsellers, Why, Shop By Solutions and Explore More. The server draws it with
 * the rest; its chunk loads only when it comes near the screen or at the shopper's first tap or key
 * (app/deferred-parts.tsx), and React then takes it over.
 */
export default function BelowTheFold() {
  const highlighted = useHighlightedProductsQuery();
  const explore = useProductsPageQuery(1);
  return (
    <>
      <ProductRail id="bestsellers-heading" title="Bestsellers" products={highlighted.data} isLoading={highlighted.isLoading} />
      <WhySection />
      <SolutionsSection />
      <ProductRail id="explore-heading" title="Explore More Products" products={explore.data} isLoading={explore.isLoading} />
    </>
  );
}
