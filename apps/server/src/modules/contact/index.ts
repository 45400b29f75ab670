/** The contact module's front door: what the app and other modules may use. */
export { default as contactRoutes } from './routes.js';
export { createContactService } from './service.js';
