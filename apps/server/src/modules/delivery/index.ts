/**
 * The delivery module's front door: what the app and other modules may use. POST /orders prices a cart with
 * `quoteCart(deps, input)` (no sources: it reads the settings, the PIN's correction and the cart's sizes with `deps.db`,
 * its transaction) and charges the answer's `paise.total`.
 */
export { default as deliveryRoutes } from './routes.js';
export { createDeliveryService, quoteCart } from './service.js';
