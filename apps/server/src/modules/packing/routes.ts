/** GET /orders/slips.pdf (admin): packing slips (A4) or shipping labels (100 x 150 mm) for the checkouts chosen. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SlipsQuerySchema } from '@shop/domain/schemas/checkouts';
import { ERROR_SCHEMA } from '../../lib/route-schemas.js';

export default async function packingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { packing } = app.services;

  // A static path: the router prefers it to GET /orders/:id whatever the order they are registered in.
  app.get(
    '/orders/slips.pdf',
    {
      onRequest: [app.requireAdmin],
      schema: {
        summary: 'Packing slips (layout=a4) or 100 x 150 mm shipping labels (layout=label) for the chosen checkouts, as one PDF (admin)',
        querystring: SlipsQuerySchema,
        produces: ['application/pdf'],
        response: {
          200: { description: 'One page per checkout (application/pdf)', type: 'string', format: 'binary' },
          400: ERROR_SCHEMA,
          401: ERROR_SCHEMA,
          403: ERROR_SCHEMA,
          404: ERROR_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const layout = request.query.layout ?? 'a4';
      const pdf = await packing.slipsPdf(request.query.ids, layout);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${layout === 'label' ? 'labels' : 'packing-slips'}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
