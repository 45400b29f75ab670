/** The order desk's front door. */
export { default as orderDeskRoutes } from './routes.js';
export { createOrderDeskService } from './service.js';
