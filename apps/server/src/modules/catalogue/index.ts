/** The catalogue module's front door: what the app and other modules may use. */
export { default as catalogueRoutes } from './routes.js';
export { createCatalogueService } from './service.js';
export { cleanLine, cleanText, isSlugShaped } from './text.js';
