/** Packing's front door. */
export { default as packingRoutes } from './routes.js';
export { createPackingService } from './service.js';
