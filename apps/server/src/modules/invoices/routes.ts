/** GET /invoices/{order_id}: the PDF tax invoice of a paid checkout, for its owner and for admins. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { InvoiceParamsSchema } from '@shop/domain/schemas/orders';
import { ERROR_SCHEMA } from '../../lib/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import { invoiceFileName } from './service.js';

export default async function invoicesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { invoices } = app.services;

  app.get(
    '/invoices/:order_id',
    {
      onRequest: [app.authenticate],
      schema: {
        params: InvoiceParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: { description: 'The tax invoice (application/pdf)', type: 'string', format: 'binary' },
          400: ERROR_SCHEMA,
          401: ERROR_SCHEMA,
          403: ERROR_SCHEMA,
          404: ERROR_SCHEMA,
        },
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
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoiceFileName(invoice.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(invoice.pdf);
    },
  );
}
