/**
 * Money back (issue 30): POST/GET /checkouts/{order_id}/refunds, POST /checkouts/{order_id}/cancel and
 * /cancellation-request, GET /checkouts/after-sales and /checkouts/{order_id}/after-sales, GET
 * /checkouts/{order_id}/timeline, POST /checkouts/{order_id}/problem-reports, GET /problem-reports and POST
 * /problem-reports/{id}/answer. The credit note PDF is invoices/'. Also asks the provider again, every minute, about
 * refunds it never answered.
 */
import { formatPaise, rupeesToPaise } from '@shop/domain/money';
import {
  AfterSalesListResponseSchema,
  AnswerProblemReportBodySchema,
  AnswerProblemReportResponseSchema,
  CancelCheckoutResponseSchema,
  CancellationRequestBodySchema,
  CheckoutAfterSalesSchema,
  CreateProblemReportBodySchema,
  CreateRefundBodySchema,
  CreateRefundResponseSchema,
  IdempotencyHeadersSchema,
  ProblemReportParamsSchema,
  ProblemReportResponseSchema,
  ProblemReportsQuerySchema,
  ProblemReportsResponseSchema,
  RefundCheckoutParamsSchema,
  RefundsResponseSchema,
  TimelineResponseSchema,
} from '@shop/domain/schemas/refunds';
import { MessageResponseSchema } from '@shop/domain/schemas/common';
import { HttpError } from '../../lib/http-errors.js';
import { ERROR_SCHEMA } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { runEvery } from '../../lib/sweep.js';
import { currentUser, ownerOrAdmin } from '../../plugins/auth.js';

/** Three photos of up to 5 MB each, as base64 in JSON. */
const PROBLEM_BODY_LIMIT = 22 * 1024 * 1024;
const RETRY_INTERVAL_MS = 60_000;
const errors = { 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA };

export default defineRoutes(async function refundsRoutes(app) {
  const { refunds } = app.services;

  /** An admin may read a checkout that is not theirs (ownerOrAdmin) only after the customer's 404. */
  const notFound = (err: unknown) => err instanceof HttpError && err.statusCode === 404;

  app.post(
    '/checkouts/:order_id/refunds',
    {
      onRequest: [app.requireAdmin],
      schema: {
        summary: 'Refund a checkout through the payment provider: whole, chosen lines with quantities, or an amount (Idempotency-Key header)',
        params: RefundCheckoutParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: CreateRefundBodySchema,
        response: { 200: CreateRefundResponseSchema, 201: CreateRefundResponseSchema, ...errors, 409: ERROR_SCHEMA, 422: ERROR_SCHEMA },
      },
    },
    async (request, reply) => {
      const { refund, created } = await refunds.createRefund(request.params.order_id, request.body, request.headers['idempotency-key'], currentUser(request).id);
      const message =
        refund.status === 'failed'
          ? `The refund failed: ${refund.failure_reason ?? 'the payment provider refused it'}`
          : created
            ? `Refund of ₹${formatPaise(rupeesToPaise(refund.amount))} started`
            : 'This refund was already asked for with this key';
      return reply.status(created ? 201 : 200).send({ message, refund });
    },
  );

  app.get(
    '/checkouts/:order_id/refunds',
    {
      onRequest: [app.authenticate],
      schema: { summary: "A checkout's refunds (its owner and admins)", params: RefundCheckoutParamsSchema, response: { 200: RefundsResponseSchema, ...errors } },
    },
    async (request, reply) => ownerOrAdmin(request, reply, (ownerId) => refunds.listRefunds(request.params.order_id, ownerId), notFound),
  );

  app.post(
    '/checkouts/:order_id/cancel',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Cancel your order on the day it was placed, before anything shipped (a paid one is refunded in full)',
        params: RefundCheckoutParamsSchema,
        response: { 200: CancelCheckoutResponseSchema, ...errors, 409: ERROR_SCHEMA },
      },
    },
    async (request) => refunds.cancel(currentUser(request).id, request.params.order_id),
  );

  app.post(
    '/checkouts/:order_id/cancellation-request',
    {
      onRequest: [app.authenticate],
      preHandler: [app.limit('cancellationRequest')],
      schema: {
        summary: 'Ask the shop to cancel an order that can no longer be cancelled here (mails the shop)',
        params: RefundCheckoutParamsSchema,
        body: CancellationRequestBodySchema,
        response: { 200: MessageResponseSchema, ...errors, 409: ERROR_SCHEMA, 429: ERROR_SCHEMA },
      },
    },
    async (request) => refunds.requestCancellation(currentUser(request).id, request.params.order_id, request.body ?? {}),
  );

  app.get(
    '/checkouts/after-sales',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'For each of your orders: whether it can be cancelled now and why not, its refunds and problem reports',
        response: { 200: AfterSalesListResponseSchema, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA },
      },
    },
    async (request) => ({ checkouts: await refunds.afterSalesOfUser(currentUser(request).id) }),
  );

  app.get(
    '/checkouts/:order_id/after-sales',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'One checkout: cancel allowed or why not, refunds, problem reports, refunded units per line (owner and admins)',
        params: RefundCheckoutParamsSchema,
        response: { 200: CheckoutAfterSalesSchema, ...errors },
      },
    },
    async (request, reply) => ownerOrAdmin(request, reply, (ownerId) => refunds.afterSales(request.params.order_id, ownerId), notFound),
  );

  app.get(
    '/checkouts/:order_id/timeline',
    {
      onRequest: [app.authenticate],
      schema: { summary: "A checkout's history (owner and admins)", params: RefundCheckoutParamsSchema, response: { 200: TimelineResponseSchema, ...errors } },
    },
    async (request, reply) => ({ events: await ownerOrAdmin(request, reply, (ownerId) => refunds.timeline(request.params.order_id, ownerId), notFound) }),
  );

  app.post(
    '/checkouts/:order_id/problem-reports',
    {
      onRequest: [app.authenticate],
      preHandler: [app.limit('problemReport')],
      bodyLimit: PROBLEM_BODY_LIMIT,
      schema: {
        summary: 'Report a problem with a delivered line (within 48 hours of delivery), with up to 3 photos',
        params: RefundCheckoutParamsSchema,
        body: CreateProblemReportBodySchema,
        response: { 200: ProblemReportResponseSchema, ...errors, 409: ERROR_SCHEMA, 413: ERROR_SCHEMA, 429: ERROR_SCHEMA },
      },
    },
    async (request) => ({
      message: 'Thank you; the shop has your report and will answer by mail',
      problem: await refunds.reportProblem(currentUser(request).id, request.params.order_id, request.body),
    }),
  );

  app.get(
    '/problem-reports',
    {
      onRequest: [app.requireAdmin],
      schema: { summary: 'Problem reports, open ones by default', querystring: ProblemReportsQuerySchema, response: { 200: ProblemReportsResponseSchema, ...errors } },
    },
    async (request) => ({ problems: await refunds.listProblems(request.query) }),
  );

  app.post(
    '/problem-reports/:id/answer',
    {
      onRequest: [app.requireAdmin],
      schema: {
        summary: 'Answer a problem report with a reply and/or a refund of chosen lines (never restocked; Idempotency-Key with a refund)',
        params: ProblemReportParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: AnswerProblemReportBodySchema,
        response: { 200: AnswerProblemReportResponseSchema, ...errors, 409: ERROR_SCHEMA, 422: ERROR_SCHEMA },
      },
    },
    async (request) => {
      const answer = await refunds.answerProblem(request.params.id, request.body, request.headers['idempotency-key'], currentUser(request).id);
      return { message: answer.refund ? 'Answered, and the refund started' : 'Answered', ...answer };
    },
  );

  // Refunds the provider never answered are asked again (same key): every instance runs one; a row is settled once.
  runEvery(app, RETRY_INTERVAL_MS, 'refund retry failed', () =>
    refunds.retryPending().then((n) => {
      if (n > 0) app.log.info({ refunds: n }, 'pending refunds asked of the payment provider again');
    }),
  );
});
