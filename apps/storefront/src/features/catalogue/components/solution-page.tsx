import { config } from '../../../config';
import { useSolutionProductsQuery } from '../../../lib/products-api';
import { useSolutionsQuery } from '../../../lib/catalogue-api';
import { ProductGroupPage } from './product-group-page';

export default function SolutionPage() {
  return (
    <ProductGroupPage
      kind="Solution"
      lead="Shop by Solution"
      useGroups={useSolutionsQuery}
      useProducts={useSolutionProductsQuery}
      describe={(name) => `Farm products for ${name.toLowerCase()}, from ${config.brand}.`}
    />
  );
}
