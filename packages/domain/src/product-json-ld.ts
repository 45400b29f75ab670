/**
 * A product's schema.org data (JSON-LD) for search engines: one builder for the page the server sends (its head,
 * when the page is not drawn there) and for the app (which draws it beside the product it shows).
 */
import type { Product } from './schemas/products.js';

interface ProductJsonLdOptions {
  /** The shop's public origin (`https://shop.example`): the product's address and image are absolute. */
  origin: string;
  /** The shop's name, the brand of what it sells. */
  brand: string;
}

export function productJsonLd(product: Product, { origin, brand }: ProductJsonLdOptions) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product._id,
    description: product.shortdesc || product.description,
    category: product.category.name,
    ...(product.image ? { image: new URL(product.image, origin).href } : {}),
    brand: { '@type': 'Brand', name: brand },
    offers: {
      '@type': 'Offer',
      url: `${origin}/products/${encodeURIComponent(product.slug)}`,
      priceCurrency: 'INR',
      price: product.price.toFixed(2),
      availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
}
