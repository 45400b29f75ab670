/** Packing's front door. */
export { createPackingService, type PackingService } from './service.js';
