/** The products module's front door: what the app and other modules may use. */
export { default as productsRoutes } from './routes.js';
export { createProductsService, STANDARD_SIZE_LABEL } from './service.js';
