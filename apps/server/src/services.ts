/**
 * Every module's service, built once from the app's `Deps` (app.ts) and reachable as `app.services`.
 * One line per module: `name: createNameService(deps)`; each factory takes the `Pick` of `Deps` it needs.
 */
import type { Deps } from './plugins/deps.js';
import { createAuthService } from './modules/auth/index.js';
import { createBlogsService } from './modules/blogs/index.js';
import { createCartService } from './modules/cart/index.js';
import { createCatalogueService } from './modules/catalogue/index.js';
import { createContactService } from './modules/contact/index.js';
import { createCurrencyService } from './modules/currency/index.js';
import { createHomeTilesService } from './modules/home-tiles/index.js';
import { createProductsService } from './modules/products/index.js';
import { createSeoService } from './modules/seo/index.js';
import { createSlidersService } from './modules/sliders/index.js';
import { createUsersService } from './modules/users/index.js';

export function buildServices(deps: Deps) {
  return {
    auth: createAuthService(deps),
    blogs: createBlogsService(deps),
    cart: createCartService(deps),
    catalogue: createCatalogueService(deps),
    contact: createContactService(deps),
    currency: createCurrencyService(deps),
    homeTiles: createHomeTilesService(deps),
    products: createProductsService(deps),
    seo: createSeoService(deps),
    sliders: createSlidersService(deps),
    users: createUsersService(deps),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
