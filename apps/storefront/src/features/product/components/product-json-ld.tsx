import { useEffect } from 'react';
import { productJsonLd } from '@shop/domain/product-json-ld';
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
  const data = productJsonLd(product, { origin, brand: config.brand });
  return (
    <script
      type="application/ld+json"
      data-testid="product-json-ld"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
