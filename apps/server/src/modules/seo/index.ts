/** The seo module's front door: what the app and other modules may use. */
export { default as seoRoutes } from './routes.js';
export { createSeoService } from './service.js';
export { registerStorefrontPages } from './page-routes.js';
export { AFTER_PAINT_LOADER_CSP } from './after-paint.js';
