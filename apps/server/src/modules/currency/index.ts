/** The currency module's front door: what the app and other modules may use. */
export { default as currencyRoutes } from './routes.js';
export { createCurrencyService } from './service.js';
