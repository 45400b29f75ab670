import { config } from '../../../config';
import { useCategoryProductsQuery } from '../../../lib/products-api';
import { useCategoriesQuery } from '../../../lib/catalogue-api';
import { ProductGroupPage } from './product-group-page';

export default function CategoryPage() {
  return (
    <ProductGroupPage
      kind="Category"
      lead="Shop by Category"
      useGroups={useCategoriesQuery}
      useProducts={useCategoryProductsQuery}
      describe={(name) => `Shop ${name} from ${config.brand}: pure, natural and made on our organic farm.`}
    />
  );
}
