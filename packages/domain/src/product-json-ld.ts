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

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/**
 * The product with an `AggregateOffer`: the lowest and highest size's price and one `Offer` per size (its SKU, price,
 * stock and the page's address with `?variant=` of that size, which opens the page with that size chosen).
 */
export function productJsonLd(product: Product, { origin, brand }: ProductJsonLdOptions) {
  const url = `${origin}/products/${encodeURIComponent(product.slug)}`;
  // A product always has a size; an answer without any (an older server) offers the product itself as one.
  const sizes = product.variants?.length
    ? product.variants
    : [{ _id: '', sku: product._id, price: product.price, quantity: product.quantity, is_default: true }];
  const prices = sizes.map((v) => v.price);
  const defaultSize = sizes.find((v) => v.is_default) ?? sizes[0]!;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: defaultSize.sku,
    description: product.shortdesc || product.description,
    category: product.category.name,
    ...(product.image ? { image: new URL(product.image, origin).href } : {}),
    brand: { '@type': 'Brand', name: brand },
    // Google's rules: a rating only from reviews the page shows, so only once at least one is published.
    ...(product.rating && product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average.toFixed(1),
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'INR',
      lowPrice: Math.min(...prices).toFixed(2),
      highPrice: Math.max(...prices).toFixed(2),
      offerCount: sizes.length,
      availability: sizes.some((v) => v.quantity > 0) ? IN_STOCK : OUT_OF_STOCK,
      offers: sizes.map((v) => ({
        '@type': 'Offer',
        sku: v.sku,
        url: v._id ? `${url}?variant=${encodeURIComponent(v._id)}` : url,
        priceCurrency: 'INR',
        price: v.price.toFixed(2),
        availability: v.quantity > 0 ? IN_STOCK : OUT_OF_STOCK,
      })),
    },
  };
}
