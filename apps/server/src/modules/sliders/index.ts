/** The sliders module's front door: what the app and other modules may use. */
export { default as slidersRoutes } from './routes.js';
export { createSlidersService } from './service.js';
