/** Orders' front door: the service, and the shipping mail order-desk/ sends too. */
export { default as ordersRoutes } from './routes.js';
export { STATUS_UPDATED, createOrdersService, isInvoiced } from './service.js';
export { shippingMail } from './mails.js';
