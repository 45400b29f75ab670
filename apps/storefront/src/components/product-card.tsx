import { Link } from 'react-router';
import { Badge } from '@shop/ui/badge';
import type { Product } from '@shop/domain/schemas/products';
import { Price } from './price';
import { ProductImage } from './product-image';
import { Stars } from './stars';
import './product-card.css';

/**
 * A product in a grid or rail. A product whose sizes differ in price shows "from" its cheapest size; it is sold out only
 * when every size is.
 */
export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  const sizes = product.variants ?? [];
  const soldOut = sizes.length > 0 ? sizes.every((v) => v.quantity <= 0) : product.quantity <= 0;
  const ranged = product.price_from < product.price_to;
  return (
    <article className="product-card card card--lift">
      <Link to={`/products/${product.slug}`} className="product-card__link">
        <div className="product-card__media">
          <ProductImage src={product.image} alt={product.name} eager={eager} sizes="(max-width: 767px) 90vw, (max-width: 1023px) 45vw, 300px" />
          {soldOut && (
            <Badge tone="sold-out" className="product-card__badge">
              Out of Stocks
            </Badge>
          )}
        </div>
        <div className="product-card__body">
          <span className="product-card__category">{product.category.name}</span>
          <h3 className="product-card__name">{product.name}</h3>
          <Stars rating={product.rating} />
          {ranged ? (
            <span className="product-card__from">
              from <Price value={product.price_from} className="price product-card__price" />
            </span>
          ) : (
            <Price value={product.price} className="price product-card__price" />
          )}
        </div>
      </Link>
    </article>
  );
}
