/** The cart module's front door: what the app and other modules may use. */
export { default as cartRoutes } from './routes.js';
export { createCartService } from './service.js';
