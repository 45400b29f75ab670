/**
 * POST /products/{id}/notify ("notify me when it is back"), GET /stock-alerts/unsubscribe/{token} (the link in every
 * back-in-stock mail, an HTML page for browsers). Also runs the stock alerts' sender while the app is up.
 */
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import { NOTIFY_ACCEPTED, NotifyBodySchema, UnsubscribeParamsSchema } from '@shop/domain/schemas/reviews';
import { HttpError } from '../../lib/http-errors.js';
import { ERROR_RESPONSES, ERROR_SCHEMA } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { runEvery } from '../../lib/sweep.js';
import { UNSUBSCRIBE_PAGE_CSP, unsubscribePage } from './mails.js';

/** How often each instance looks for stock events (its own writes wake it sooner). */
const STOCK_SWEEP_MS = 5_000;

export default defineRoutes(async function stockRoutes(app) {
  const stock = app.services.stock;

  app.post(
    '/products/:id/notify',
    {
      preHandler: [app.limit('notify')],
      schema: { summary: 'Ask for one mail when a sold-out size is back in stock', params: IdParamsSchema, body: NotifyBodySchema, response: { 202: MessageResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      await stock.subscribe(request.params.id, request.body);
      return reply.status(202).send({ message: NOTIFY_ACCEPTED });
    },
  );

  // A malformed token is just another unknown link. HEAD (mail scanners, link previews) answers without unsubscribing.
  app.get(
    '/stock-alerts/unsubscribe/:token',
    {
      attachValidation: true,
      schema: {
        summary: 'Unsubscribe from a back-in-stock alert by its mailed link (an HTML page for browsers, { message } otherwise)',
        params: UnsubscribeParamsSchema,
        produces: ['text/html', 'application/json'],
        response: { 200: MessageResponseSchema, 404: ERROR_SCHEMA },
      },
    },
    async (request, reply) => {
      const { brandName, publicUrl } = app.deps.config;
      const outcome = request.validationError
        ? ('not_found' as const)
        : request.method === 'HEAD'
          ? ('unsubscribed' as const)
          : await stock.unsubscribe(request.params.token);
      const page = unsubscribePage(brandName, publicUrl, outcome);
      if (!(request.headers.accept ?? '').includes('text/html')) {
        reply.header('cache-control', 'no-store');
        // A link that no longer works is refused like any other API error (the central handler answers it).
        if (page.status >= 400) throw new HttpError(page.status, page.message);
        return { message: page.message };
      }
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(page.html);
    },
  );

  // The sender: every instance runs one; SKIP LOCKED keeps them from taking the same event.
  runEvery(app, STOCK_SWEEP_MS, 'stock alerts could not be sent', () => stock.sendAlerts());
});
