/** GET /invoices/{order_id}: the PDF tax invoice of a paid checkout, for its owner and for admins. */
import { InvoiceParamsSchema } from '@shop/domain/schemas/orders';
import { pdfSchema, sendPdf } from '../../lib/pdf-reply.js';
import { ownerOrAdmin } from '../../plugins/auth.js';
import { invoiceFileName } from './service.js';
import { creditNoteFileName } from './credit-note.js';
import { CreditNoteParamsSchema } from '@shop/domain/schemas/refunds';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function invoicesRoutes(app) {
  const { invoices } = app.services;

  app.get(
    '/invoices/:order_id',
    {
      onRequest: [app.authenticate],
      schema: {
        params: InvoiceParamsSchema,
        ...pdfSchema('The tax invoice (application/pdf)'),
      },
    },
    async (request, reply) => {
      const invoice = await ownerOrAdmin(request, reply, (ownerId) => invoices.pdf(request.params.order_id, ownerId));
      return sendPdf(reply, invoiceFileName(invoice.number), invoice.pdf);
    },
  );

  // A processed refund's GST credit note (issue 30): the same owner-or-admin rule as the invoice.
  app.get(
    '/credit-notes/:refund_id',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'The GST credit note of a processed refund, as a PDF',
        params: CreditNoteParamsSchema,
        ...pdfSchema('The GST credit note of a processed refund (application/pdf)'),
      },
    },
    async (request, reply) => {
      const note = await ownerOrAdmin(request, reply, (ownerId) => invoices.creditNotePdf(request.params.refund_id, ownerId));
      return sendPdf(reply, creditNoteFileName(note.number), note.pdf);
    },
  );
});
