// Must NOT type-check: a field the API does not have. If the package's types were missing or `any`, this would pass.
import { createApiClient } from '@shop/api-client';

const shop = createApiClient({ baseUrl: 'http://localhost:3000/api' });
const { products } = await shop.store.products(1);
console.log(products[0]?.prise);
