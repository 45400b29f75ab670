/** The home tiles module's front door: what the app and other modules may use. */
export { default as homeTilesRoutes } from './routes.js';
export { createHomeTilesService } from './service.js';
