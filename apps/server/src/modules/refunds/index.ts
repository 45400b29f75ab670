/**
 * Money back's front door (issue 30): the routes, the service, and what the admin's cancel paths (orders/,
 * order-desk/), the dashboard and the credit note (invoices/) use of the refund ledger.
 */
export { default as refundsRoutes } from './routes.js';
export { createRefundSubmitter, createRefundsService, openProblemReports, refundedPaiseSince } from './service.js';
export { REFUND_MAIL, startCancelRefund } from './engine.js';
export { refundProcessedMail } from './mails.js';
