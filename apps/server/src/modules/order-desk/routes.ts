/** The order desk (admin): GET /checkouts, PUT /checkouts/{order_id}, GET /orders/export.csv. */
import {
  CheckoutParamsSchema,
  ConfirmCodResponseSchema,
  CheckoutsQuerySchema,
  CheckoutsResponseSchema,
  OrdersExportQuerySchema,
  ShipCheckoutBodySchema,
  ShipCheckoutResponseSchema,
} from '@shop/domain/schemas/checkouts';
import { shopDay } from '@shop/domain/date';
import { ERROR_SCHEMA } from '../../lib/route-schemas.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { ordersCsv } from './csv.js';
import { checkoutConditions } from './service.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function orderDeskRoutes(app) {
  const desk = app.services.orderDesk;
  const errors = { 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA };

  app.get(
    '/checkouts',
    {
      onRequest: [app.requireAdmin],
      schema: {
        summary: 'List checkouts (whole orders), newest first, with search and filters',
        querystring: CheckoutsQuerySchema,
        response: { 200: CheckoutsResponseSchema, ...errors },
      },
    },
    async (request) => desk.listCheckouts(request.query),
  );

  app.put(
    '/checkouts/:order_id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        summary: 'Move every line of a checkout to a shipping status (Shipped with courier and tracking)',
        params: CheckoutParamsSchema,
        body: ShipCheckoutBodySchema,
        response: { 200: ShipCheckoutResponseSchema, ...errors, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA },
      },
    },
    async (request) => desk.shipCheckout(request.params.order_id, request.body),
  );

  app.post(
    '/checkouts/:order_id/confirm-cod',
    {
      onRequest: [app.requireAdmin],
      schema: {
        summary: 'Confirm a cash-on-delivery order for the shopper (as their mailed link does)',
        params: CheckoutParamsSchema,
        response: { 200: ConfirmCodResponseSchema, ...errors, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA },
      },
    },
    async (request) => {
      const outcome = await app.services.checkout.confirmCod(request.params.order_id);
      switch (outcome) {
        case 'not_found':
          throw notFound('Order not found');
        case 'not_cod':
          throw conflict('This order is not cash on delivery; it is confirmed by its payment');
        case 'expired':
          throw conflict('This cash-on-delivery order was not confirmed in time and has expired; its stock went back');
        default:
          return {
            message: outcome === 'confirmed' ? 'Cash-on-delivery order confirmed' : 'This order was already confirmed',
            checkout: await desk.getCheckout(request.params.order_id),
          };
      }
    },
  );

  // A static segment: Fastify's router prefers it to orders/:id, so this never reaches GET orders/{id}.
  app.get(
    '/orders/export.csv',
    {
      onRequest: [app.requireAdmin],
      schema: {
        summary: 'Export orders as CSV, one row per line or per checkout',
        querystring: OrdersExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: { description: 'Orders as CSV (UTF-8 with BOM)', type: 'string' }, ...errors },
      },
    },
    async (request, reply) => {
      const { format = 'lines', ...filters } = request.query;
      // Bad filters are answered (400) before the first byte of the file is sent.
      checkoutConditions(filters);
      const name = `orders-${filters.from ?? 'start'}-to-${filters.to ?? shopDay(app.deps.now())}-${format}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(ordersCsv(desk.exportBatches(filters), { format, orderPrefix: app.deps.config.orderPrefix, shopState: app.deps.config.shop.state }));
    },
  );
});
