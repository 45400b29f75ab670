/** Invoices' front door: the service (the PDF, the confirmation mail that carries it) and the Indic text writer packing/ uses. */
export { default as invoicesRoutes } from './routes.js';
export { createInvoicesService } from './service.js';
export { hasIndianScript, openPdf, tableRow, type Write } from './indic-text.js';
