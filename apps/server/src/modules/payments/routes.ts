/**
 * GET /payments/config; POST /payments/sandbox/checkout (sandbox mode only, else 404);
 * POST /payments/razorpay/webhook (signed with RAZORPAY_WEBHOOK_SECRET over the raw body).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  PaymentConfigResponseSchema,
  SandboxCheckoutBodySchema,
  SandboxCheckoutResponseSchema,
} from '@shop/domain/schemas/payments';
import { MessageResponseSchema } from '@shop/domain/schemas/common';
import { badRequest } from '../../lib/http-errors.js';
import type { SandboxProvider } from '../../lib/payments/sandbox.js';
import { currentUser } from '../../plugins/auth.js';
import { PAYMENT_FAILED, handleWebhookEvent, sandboxFail, sandboxPay, type PaymentsDeps } from './service.js';
import { ERROR_SCHEMA } from '../../lib/route-schemas.js';

/** Razorpay's deliveries are a few KB. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export default async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const deps = (log: FastifyBaseLogger): PaymentsDeps => ({
    db: app.deps.db,
    now: app.deps.now,
    config: app.deps.config,
    mailer: app.deps.mailer,
    log,
  });

  app.get('/payments/config', { schema: { response: { 200: PaymentConfigResponseSchema } } }, async () => ({
    provider: app.payments.name,
    key_id: app.payments.keyId,
  }));

  if (app.payments.name === 'sandbox') {
    const sandbox = app.payments as SandboxProvider;
    app.post(
      '/payments/sandbox/checkout',
      {
        onRequest: [app.authenticate],
        schema: {
          body: SandboxCheckoutBodySchema,
          response: { 200: SandboxCheckoutResponseSchema, 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 402: ERROR_SCHEMA, 403: ERROR_SCHEMA, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (request.body.outcome === 'success') return sandboxPay(deps(request.log), sandbox, user, request.body.order_id);
        await sandboxFail(deps(request.log), user, request.body.order_id);
        return reply.status(402).send({ message: PAYMENT_FAILED });
      },
    );
  }

  // Its own scope: only this route reads JSON as raw bytes, which the signature is computed over.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/payments/razorpay/webhook',
      { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { response: { 200: MessageResponseSchema, 400: ERROR_SCHEMA, 413: ERROR_SCHEMA, 415: ERROR_SCHEMA } } },
      async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw badRequest('Send the webhook as application/json');
        const signature = request.headers['x-razorpay-signature'];
        if (!app.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)) {
          request.log.warn('webhook with a bad or missing signature');
          throw badRequest('Invalid webhook signature');
        }
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('The request body is not valid JSON');
        }
        const eventIdHeader = request.headers['x-razorpay-event-id'];
        const eventId = typeof eventIdHeader === 'string' && eventIdHeader.length <= 100 ? eventIdHeader : undefined;
        const result = await handleWebhookEvent(deps(request.log), body, eventId);
        return { message: result };
      },
    );
  });
}
