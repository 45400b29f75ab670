/** GET /invoices/{order_id}: the PDF tax invoice of a paid checkout, for its owner and for admins. */
import { InvoiceParamsSchema } from '@shop/domain/schemas/orders';
import { pdfSchema, sendPdf } from '../../lib/pdf-reply.js';
import { currentUser } from '../../plugins/auth.js';
import { invoiceFileName } from './service.js';
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
      const user = currentUser(request);
      let invoice: { number: string; pdf: Buffer };
      try {
        invoice = await invoices.pdf(request.params.order_id, user.id);
      } catch (err) {
        // Not the owner's: an admin signed in with the admin login may read any; everyone else gets the same 404.
        const isAdminSession = await app.requireAdmin(request, reply).then(
          () => true,
          () => false,
        );
        if (!isAdminSession) throw err;
        invoice = await invoices.pdf(request.params.order_id);
      }
      return sendPdf(reply, invoiceFileName(invoice.number), invoice.pdf);
    },
  );
});
