/** The order desk's front door. */
export { createOrderDeskService, type OrderDeskService } from './service.js';
