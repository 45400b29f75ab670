/** The stock alerts module's front door (issue 33): low-stock mails to the shop, back-in-stock mails to shoppers. */
export { default as stockRoutes } from './routes.js';
export { createStockService, lowStockSizes } from './service.js';
