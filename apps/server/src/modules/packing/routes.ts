/** GET /orders/slips.pdf (admin): packing slips (A4) or shipping labels (100 x 150 mm) for the checkouts chosen. */
import { SlipsQuerySchema } from '@shop/domain/schemas/checkouts';
import { pdfSchema, sendPdf } from '../../lib/pdf-reply.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function packingRoutes(app) {
  const { packing } = app.services;

  // A static path: the router prefers it to GET /orders/:id whatever the order they are registered in.
  app.get(
    '/orders/slips.pdf',
    {
      onRequest: [app.requireAdmin],
      schema: {
        summary: 'Packing slips (layout=a4) or 100 x 150 mm shipping labels (layout=label) for the chosen checkouts, as one PDF (admin)',
        querystring: SlipsQuerySchema,
        ...pdfSchema('One page per checkout (application/pdf)'),
      },
    },
    async (request, reply) => {
      const layout = request.query.layout ?? 'a4';
      const pdf = await packing.slipsPdf(request.query.ids, layout);
      return sendPdf(reply, `${layout === 'label' ? 'labels' : 'packing-slips'}.pdf`, pdf);
    },
  );
});
