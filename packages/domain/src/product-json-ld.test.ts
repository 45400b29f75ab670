import { describe, expect, it } from 'vitest';
import type { Product, Variant } from './schemas/products.js';
import { productJsonLd } from './product-json-ld.js';

const size = (v: Partial<Variant> & Pick<Variant, '_id' | 'label' | 'sku' | 'price'>): Variant => ({
  quantity: 3,
  weight_grams: 500,
  position: 0,
  is_default: false,
  ...v,
});
const ghee: Product = {
  _id: 'p-1',
  name: 'A2 Cow Ghee',
  slug: 'a2-cow-ghee',
  price: 595,
  quantity: 3,
  variants: [
    size({ _id: 'v-250', label: '250 ml', sku: 'GHEE-250', price: 595, quantity: 0, position: 0 }),
    size({ _id: 'v-500', label: '500 ml', sku: 'GHEE-500', price: 995, mrp: 1100, position: 1, is_default: true }),
    size({ _id: 'v-1l', label: '1 L', sku: 'GHEE-1L', price: 1890, quantity: 7, position: 2 }),
  ],
  price_from: 595,
  price_to: 1890,
  label_details: { packer: 'Shuddh Farm, Pune', country_of_origin: 'India', best_before: '9 months', consumer_care: 'care@shop.test' },
  category: { _id: 'c-1', name: 'Ghee', slug: 'ghee' },
  solutions: [],
  shortdesc: 'Bilona ghee',
  description: 'Slow-churned ghee from our cows.',
  contents: '',
  image: '/uploads/products/ghee.webp',
  highlighted: false,
};
const shop = { origin: 'https://shop.test', brand: 'Shuddh Farm' };

describe('a product as schema.org data', () => {
  it('names the product, its brand, category and absolute image, and offers every size in rupees', () => {
    expect(productJsonLd(ghee, shop)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'A2 Cow Ghee',
      sku: 'GHEE-500',
      description: 'Bilona ghee',
      category: 'Ghee',
      image: 'https://shop.test/uploads/products/ghee.webp',
      brand: { '@type': 'Brand', name: 'Shuddh Farm' },
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'INR',
        lowPrice: '595.00',
        highPrice: '1890.00',
        offerCount: 3,
        availability: 'https://schema.org/InStock',
        offers: [
          {
            '@type': 'Offer',
            sku: 'GHEE-250',
            url: 'https://shop.test/products/a2-cow-ghee?variant=v-250',
            priceCurrency: 'INR',
            price: '595.00',
            availability: 'https://schema.org/OutOfStock',
          },
          {
            '@type': 'Offer',
            sku: 'GHEE-500',
            url: 'https://shop.test/products/a2-cow-ghee?variant=v-500',
            priceCurrency: 'INR',
            price: '995.00',
            availability: 'https://schema.org/InStock',
          },
          {
            '@type': 'Offer',
            sku: 'GHEE-1L',
            url: 'https://shop.test/products/a2-cow-ghee?variant=v-1l',
            priceCurrency: 'INR',
            price: '1890.00',
            availability: 'https://schema.org/InStock',
          },
        ],
      },
    });
  });

  it('says out of stock when every size is sold out, one offer for one size, and falls back to the description', () => {
    const one = { ...ghee, shortdesc: '', image: 'https://cdn.test/g.webp', variants: [{ ...ghee.variants[1]!, quantity: 0 }] };
    const ld = productJsonLd(one, shop);
    expect(ld.offers).toMatchObject({ lowPrice: '995.00', highPrice: '995.00', offerCount: 1, availability: 'https://schema.org/OutOfStock' });
    expect(ld.offers.offers).toHaveLength(1);
    expect(ld.image).toBe('https://cdn.test/g.webp');
    expect(ld.description).toBe('Slow-churned ghee from our cows.');
    expect('image' in productJsonLd({ ...ghee, image: undefined }, shop)).toBe(false);
  });

  it('carries aggregateRating only when a review is published (Google asks for reviews the page shows)', () => {
    expect('aggregateRating' in productJsonLd(ghee, shop)).toBe(false);
    expect('aggregateRating' in productJsonLd({ ...ghee, rating: { average: 0, count: 0 } }, shop)).toBe(false);
    expect(productJsonLd({ ...ghee, rating: { average: 4.5, count: 2 } }, shop).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.5',
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
  });
});
