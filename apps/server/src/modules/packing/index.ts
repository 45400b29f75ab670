/** Packing's front door. */
export { default as packingRoutes } from './routes.js';
export { createPackingService, type PackingService } from './service.js';
