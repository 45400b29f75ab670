/**
 * The delivery module's front door: what the app and other modules may use. POST /orders prices a cart with
 * `quoteCart(deps, input, sources)`: the rules and PIN corrections the read model keeps (`deliverySources`), over the
 * sizes and prices its own read found, and charges the answer's `paise.total`.
 */
export { default as deliveryRoutes } from './routes.js';
export { createDeliveryService, deliverySources, quoteCart, type QuoteSizes } from './service.js';
