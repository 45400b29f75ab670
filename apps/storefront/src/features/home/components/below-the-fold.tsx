import { useHighlightedProductsQuery, useProductsPageQuery } from '../../../lib/products-api';
import { ProductRail } from './product-rail';
import { SolutionsSection } from './solutions-section';
import { VideoShowcase } from './video-showcase';
import { WhySection } from './why-section';

/**
 * The home page under its hero: the farm clips, Bestsellers, Why, Shop By Solutions and Explore More. Its own chunk,
 * loaded right after the page's: the server draws it with the rest, and the browser takes it over when it arrives.
 */
export default function BelowTheFold() {
  const highlighted = useHighlightedProductsQuery();
  const explore = useProductsPageQuery(1);
  return (
    <>
      <VideoShowcase />
      <ProductRail id="bestsellers-heading" title="Bestsellers" products={highlighted.data} isLoading={highlighted.isLoading} />
      <WhySection />
      <SolutionsSection />
      <ProductRail id="explore-heading" title="Explore More Products" products={explore.data} isLoading={explore.isLoading} />
    </>
  );
}
