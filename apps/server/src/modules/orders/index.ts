/** Orders' front door: the service, and the shipping mail order-desk/ sends too. */
export { STATUS_UPDATED, createOrdersService, type OrdersService } from './service.js';
export { shippingMail, type ShippingMailLine } from './mails.js';
