/**
 * POST /orders, POST /orders/paymentverification, GET orders/ (customer); GET orders/all, orders/dashboard,
 * GET/PUT/DELETE orders/{id} (admin). Also runs the reservation sweep while the app is up.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateOrderBodySchema,
  CreateOrderResponseSchema,
  OrderResponseSchema,
  OrdersDashboardResponseSchema,
  OrdersResponseSchema,
  UpdateOrderStatusBodySchema,
} from '@shop/domain/schemas/orders';
import { PaymentResultSchema, PaymentVerificationResponseSchema } from '@shop/domain/schemas/payments';
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import { currentUser } from '../../plugins/auth.js';
import { flushOrderMails } from './mails.js';
import { releaseExpiredReservations } from './payment-state.js';
import {
  ORDER_DELETED,
  PAYMENT_UNAVAILABLE,
  PaymentUnavailableError,
  STATUS_UPDATED,
  createOrder,
  deleteOrder,
  getOrder,
  listAllOrders,
  listOwnOrders,
  ordersDashboard,
  updateOrderStatus,
  verifyPayment,
  type OrdersDeps,
} from './service.js';
import { ERROR_SCHEMA } from '../../lib/route-schemas.js';

/** Verification answers `{ success: false, message }` itself; validation errors come as `{ message }`. */
const VERIFY_ERROR = { anyOf: [PaymentVerificationResponseSchema, ERROR_SCHEMA] };
/** How often lapsed reservations are looked for (they are also released on demand before stock checks). */
const SWEEP_INTERVAL_MS = 60_000;

export default async function ordersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const deps = (log: FastifyBaseLogger): OrdersDeps => ({
    db: app.deps.db,
    now: app.deps.now,
    config: app.deps.config,
    mailer: app.deps.mailer,
    payments: app.payments,
    log,
  });

  app.post(
    '/orders',
    {
      onRequest: [app.authenticate],
      schema: {
        body: CreateOrderBodySchema,
        response: { 200: CreateOrderResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA, 502: ERROR_SCHEMA },
      },
    },
    async (request, reply) => {
      try {
        return await createOrder(deps(request.log), currentUser(request), request.body);
      } catch (err) {
        // The central handler hides the text of every 5xx; this one is meant for the shopper.
        if (err instanceof PaymentUnavailableError) return reply.status(502).send({ message: PAYMENT_UNAVAILABLE });
        throw err;
      }
    },
  );

  app.post(
    '/orders/paymentverification',
    {
      onRequest: [app.authenticate],
      schema: {
        body: PaymentResultSchema,
        response: { 200: PaymentVerificationResponseSchema, 400: VERIFY_ERROR, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA, 409: VERIFY_ERROR },
      },
    },
    async (request, reply) => {
      const answer = await verifyPayment(deps(request.log), currentUser(request), request.body);
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/orders',
    { onRequest: [app.authenticate], schema: { response: { 200: OrdersResponseSchema, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA } } },
    async (request) => ({ orders: await listOwnOrders(app.deps.db, currentUser(request).id) }),
  );

  app.get(
    '/orders/all',
    { onRequest: [app.requireAdmin], schema: { response: { 200: OrdersResponseSchema, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA } } },
    async () => ({ orders: await listAllOrders(app.deps.db) }),
  );

  app.get(
    '/orders/dashboard',
    { onRequest: [app.requireAdmin], schema: { response: { 200: OrdersDashboardResponseSchema, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA } } },
    async (request) => ordersDashboard(deps(request.log)),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: [app.requireAdmin],
      schema: { params: IdParamsSchema, response: { 200: OrderResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA } },
    },
    async (request) => ({ order: await getOrder(app.deps.db, request.params.id) }),
  );

  app.put(
    '/orders/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        params: IdParamsSchema,
        body: UpdateOrderStatusBodySchema,
        response: { 200: MessageResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA },
      },
    },
    async (request) => {
      await updateOrderStatus(deps(request.log), request.params.id, request.body.status);
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
      await deleteOrder(deps(request.log), request.params.id);
      return { message: ORDER_DELETED };
    },
  );

  // The reservation sweep: every instance runs one; the conditional release makes that safe.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = releaseExpiredReservations(app.deps.db, app.deps)
      .then((released) => {
        if (released > 0) app.log.info({ released }, 'lapsed stock reservations released');
      })
      .catch((err: unknown) => app.log.error({ err }, 'reservation sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await flushOrderMails();
  });
}
