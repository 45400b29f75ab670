import { describe, expect, it } from 'vitest';
import type { Product } from './schemas/products.js';
import { productJsonLd } from './product-json-ld.js';

const ghee: Product = {
  _id: 'p-1',
  name: 'A2 Cow Ghee',
  slug: 'a2-cow-ghee',
  price: 595,
  quantity: 3,
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
  it('names the product, its brand, category and absolute image, and offers it in rupees at its address', () => {
    expect(productJsonLd(ghee, shop)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'A2 Cow Ghee',
      sku: 'p-1',
      description: 'Bilona ghee',
      category: 'Ghee',
      image: 'https://shop.test/uploads/products/ghee.webp',
      brand: { '@type': 'Brand', name: 'Shuddh Farm' },
      offers: {
        '@type': 'Offer',
        url: 'https://shop.test/products/a2-cow-ghee',
        priceCurrency: 'INR',
        price: '595.00',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('says out of stock at 0, keeps an image elsewhere as it is, and falls back to the description', () => {
    const ld = productJsonLd({ ...ghee, quantity: 0, shortdesc: '', image: 'https://cdn.test/g.webp' }, shop);
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(ld.image).toBe('https://cdn.test/g.webp');
    expect(ld.description).toBe('Slow-churned ghee from our cows.');
    expect('image' in productJsonLd({ ...ghee, image: undefined }, shop)).toBe(false);
  });
});
