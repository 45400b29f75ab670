/**
 * Every module's service, built once from the app's `Deps` (app.ts) and reachable as `app.services`.
 * One line per module: `name: createNameService(deps)`; each factory takes the `Pick` of `Deps` it needs.
 */
import type { Deps } from './plugins/deps.js';
import { createAuthService } from './modules/auth/index.js';
import { createBlogsService } from './modules/blogs/index.js';
import { createCartService } from './modules/cart/index.js';
import { createCatalogueService } from './modules/catalogue/index.js';
import { createCheckoutService } from './modules/checkout/index.js';
import { createContactService } from './modules/contact/index.js';
import { createCouponsService } from './modules/coupons/index.js';
import { createCurrencyService } from './modules/currency/index.js';
import { createDeliveryService } from './modules/delivery/index.js';
import { createHomeTilesService } from './modules/home-tiles/index.js';
import { createInvoicesService } from './modules/invoices/index.js';
import { createOrderDeskService } from './modules/order-desk/index.js';
import { createOrdersService } from './modules/orders/index.js';
import { createPackingService } from './modules/packing/index.js';
import { createProductsService } from './modules/products/index.js';
import { createReviewsService } from './modules/reviews/index.js';
import { createRefundsService } from './modules/refunds/index.js';
import { createSeoService } from './modules/seo/index.js';
import { createSlidersService } from './modules/sliders/index.js';
import { createStockService } from './modules/stock/index.js';
import { createUsersService } from './modules/users/index.js';

export function buildServices(deps: Deps) {
  return {
    auth: createAuthService(deps),
    blogs: createBlogsService(deps),
    cart: createCartService(deps),
    catalogue: createCatalogueService(deps),
    checkout: createCheckoutService(deps),
    contact: createContactService(deps),
    coupons: createCouponsService(deps),
    currency: createCurrencyService(deps),
    delivery: createDeliveryService(deps),
    homeTiles: createHomeTilesService(deps),
    invoices: createInvoicesService(deps),
    orderDesk: createOrderDeskService(deps),
    orders: createOrdersService(deps),
    packing: createPackingService(deps),
    products: createProductsService(deps),
    reviews: createReviewsService(deps),
    refunds: createRefundsService(deps),
    seo: createSeoService(deps),
    sliders: createSlidersService(deps),
    stock: createStockService(deps),
    users: createUsersService(deps),
  };
}

type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
