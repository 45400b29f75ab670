import type { Product } from '@shop/domain/schemas/products';
import { Carousel } from './carousel';
import { ProductCard } from './product-card';

/** A carousel of product cards; default export so a section can load it (and swiper) on demand. */
export default function ProductCarousel({ products, label }: { products: readonly Product[]; label: string }) {
  return <Carousel items={products} label={label} getKey={(p) => p._id} renderItem={(p) => <ProductCard product={p} />} />;
}
