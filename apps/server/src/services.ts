/** Every module's service, built once per app from the one `Deps` (plugins/deps.ts); routes use `app.services.x`. */
import type { Deps } from './plugins/deps.js';
import { createCheckoutService } from './modules/checkout/index.js';
import { createInvoicesService } from './modules/invoices/index.js';
import { createOrderDeskService } from './modules/order-desk/index.js';
import { createOrdersService } from './modules/orders/index.js';
import { createPackingService } from './modules/packing/index.js';

export function buildServices(deps: Deps) {
  return {
    checkout: createCheckoutService(deps),
    invoices: createInvoicesService(deps),
    orderDesk: createOrderDeskService(deps),
    orders: createOrdersService(deps),
    packing: createPackingService(deps),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
