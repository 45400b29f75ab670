// A developer's script against the installed tarball: strict TypeScript, no workspace around it.
import { ApiError, createApiClient, type ApiClient } from '@shop/api-client';

const baseUrl = process.env.SHOP_API_URL ?? 'http://localhost:3000/api';
const shop: ApiClient = createApiClient({ baseUrl });

const { products } = await shop.store.products(1);
const first = products[0];
if (!first) throw new Error('page 1 has no products');
// Typed fields: a price is a number, a category has a name.
const total: number = products.reduce((sum, p) => sum + p.price, 0);
const category: string = first.category.name;
console.log(`page 1: ${products.length} products, first "${first.name}" in ${category}, prices add up to ${total}`);

try {
  await shop.store.product('no-such-product-anywhere');
  throw new Error('an unknown slug should be a 404');
} catch (err) {
  if (!(err instanceof ApiError) || err.status !== 404) throw err;
  console.log(`unknown slug: ${err.status} ${err.message}`);
}
