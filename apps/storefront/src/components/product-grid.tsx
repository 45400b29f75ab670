import type { Product } from '@shop/domain/schemas/products';
import { ProductCard } from './product-card';
import './product-grid.css';

export function ProductGrid({ products, label }: { products: readonly Product[]; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} eager={i < 2} />
        </li>
      ))}
    </ul>
  );
}
