import { useEffect } from 'react';
import type { Product } from '@shop/domain/schemas/products';
import { config } from '../../../config';
import { useSiteOrigin } from '../../../lib/site-origin';

/** schema.org Product data for search engines. `<` is escaped so the JSON can never close the script tag. */
export function ProductJsonLd({ product }: { product: Product }) {
  const origin = useSiteOrigin();
  // The server put the landing page's JSON-LD in the head for readers that run no JS; from here on this
  // one speaks for the product shown (it follows client-side navigation), so the head's copy goes.
  useEffect(() => {
    document.head.querySelectorAll('script[type="application/ld+json"][data-page-head]').forEach((tag) => tag.remove());
  }, []);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product._id,
    description: product.shortdesc || product.description,
    category: product.category.name,
    ...(product.image ? { image: new URL(product.image, origin).toString() } : {}),
    brand: { '@type': 'Brand', name: config.brand },
    offers: {
      '@type': 'Offer',
      url: `${origin}/products/${product.slug}`,
      priceCurrency: 'INR',
      price: product.price.toFixed(2),
      availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return (
    <script
      type="application/ld+json"
      data-testid="product-json-ld"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
