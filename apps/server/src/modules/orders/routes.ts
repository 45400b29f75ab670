/** GET orders/ (customer); GET orders/all, orders/dashboard, GET/PUT/DELETE orders/{id} (admin). Checkout is in checkout/. */
import {
  OrderResponseSchema,
  OrdersDashboardResponseSchema,
  OrdersQuerySchema,
  OrdersResponseSchema,
  UpdateOrderStatusBodySchema,
} from '@shop/domain/schemas/orders';
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import { currentUser } from '../../plugins/auth.js';
import { ORDER_DELETED, STATUS_UPDATED } from './service.js';
import { ERROR_SCHEMA } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function ordersRoutes(app) {
  const { orders } = app.services;

  app.get(
    '/orders',
    {
      onRequest: [app.authenticate],
      schema: { querystring: OrdersQuerySchema, response: { 200: OrdersResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA } },
    },
    async (request) => ({ orders: await orders.listOwnOrders(currentUser(request).id, request.query) }),
  );

  app.get(
    '/orders/all',
    {
      onRequest: [app.requireAdmin],
      schema: { querystring: OrdersQuerySchema, response: { 200: OrdersResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA } },
    },
    async (request) => ({ orders: await orders.listAllOrders(request.query) }),
  );

  app.get(
    '/orders/dashboard',
    { onRequest: [app.requireAdmin], schema: { response: { 200: OrdersDashboardResponseSchema, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA } } },
    async () => orders.dashboard(),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: [app.requireAdmin],
      schema: { params: IdParamsSchema, response: { 200: OrderResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA } },
    },
    async (request) => ({ order: await orders.getOrder(request.params.id) }),
  );

  app.put(
    '/orders/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        params: IdParamsSchema,
        body: UpdateOrderStatusBodySchema,
        response: { 200: MessageResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA },
      },
    },
    async (request) => {
      await orders.updateOrderStatus(request.params.id, request.body);
      return { message: STATUS_UPDATED };
    },
  );

  app.delete(
    '/orders/:id',
    {
      onRequest: [app.requireAdmin],
      schema: { params: IdParamsSchema, response: { 200: MessageResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA } },
    },
    async (request) => {
      await orders.deleteOrder(request.params.id);
      return { message: ORDER_DELETED };
    },
  );
});
