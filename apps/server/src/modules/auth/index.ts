/** The auth module's front door: what the app and other modules may use. */
export { default as authRoutes } from './routes.js';
export { createAuthService } from './service.js';
