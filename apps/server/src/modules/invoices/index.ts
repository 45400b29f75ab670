/** Invoices' front door: the service (the PDF, the confirmation mail that carries it) and the Indic text writer packing/ uses. */
export { createInvoicesService, type InvoicesService } from './service.js';
export { hasIndianScript, writeText, type WriteOptions } from './indic-text.js';
