/**
 * Checkout: POST /orders, POST /orders/paymentverification, POST /orders/release (customer); GET /payments/config;
 * POST /payments/sandbox/checkout (sandbox mode only, else 404); POST /payments/razorpay/webhook (signed with
 * RAZORPAY_WEBHOOK_SECRET over the raw body); GET /checkouts/cod/confirm/{token} (the COD confirm link, an HTML page).
 * Also runs the reservation sweep while the app is up.
 */
import { CreateOrderBodySchema, CreateOrderResponseSchema } from '@shop/domain/schemas/orders';
import {
  PaymentConfigResponseSchema,
  PaymentResultSchema,
  PaymentVerificationResponseSchema,
  ReleaseCheckoutBodySchema,
  SandboxCheckoutBodySchema,
} from '@shop/domain/schemas/payments';
import { MessageResponseSchema } from '@shop/domain/schemas/common';
import { CodConfirmParamsSchema } from '@shop/domain/schemas/checkouts';
import { CONFIRM_PAGE_CSP, codConfirmPage } from './cod.js';
import { HttpError, badRequest, paymentRequired } from '../../lib/http-errors.js';
import type { SandboxProvider } from '../../lib/payments/sandbox.js';
import { ERROR_SCHEMA } from '../../lib/route-schemas.js';
import { currentUser, tokenClaims } from '../../plugins/auth.js';
import { CHECKOUT_RELEASED, PAYMENT_FAILED } from './service.js';
import { defineRoutes } from '../../lib/routes.js';
import { runEvery } from '../../lib/sweep.js';

/** Verification answers `{ success: false, message }` itself; validation errors come as `{ message }`. */
const VERIFY_ERROR = { anyOf: [PaymentVerificationResponseSchema, ERROR_SCHEMA] };
/** How often lapsed reservations are looked for (they are also released on demand before stock checks). */
const SWEEP_INTERVAL_MS = 60_000;
/** Razorpay's deliveries are a few KB. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export default defineRoutes(async function checkoutRoutes(app) {
  const { checkout } = app.services;
  const signedIn = { onRequest: [app.authenticate] };
  // A checkout's three calls check the session in their own first statement (plugins/auth.ts, authenticateToken).
  const tokenSignedIn = { onRequest: [app.authenticateToken] };
  // Errors every route here answers as { message }; each adds its own (or overrides one after the spread).
  const errors = { 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA };

  // The walk of POST /orders, route to database (4 files, 3 returns): routes.ts -> service.ts createOrder ->
  // drizzle/functions/checkout.sql shop_checkout_pre_read and shop_checkout_verdict (the two reads createOrder makes one
  // after the other, next to each other in the file) -> service.ts -> lib/payments/sandbox.ts createOrder (the
  // provider's order; none for cash on delivery) -> service.ts -> checkout.sql shop_reserve_checkout (locks, stock,
  // coupon, rows). On the way service.ts asks two modules' front doors, which answer from memory: delivery/ the quote
  // (domain's quoteCart over the rules and PIN corrections it keeps, read again only after the admin changes them)
  // and, with a code, coupons/ the guessing guard (the rate-limit counters: memory, or Redis when instances share them).
  // Only a refusal or a lapsed hold leaves that walk (state.ts: the sweep, PAY again after a closed window).
  app.post(
    '/orders',
    { ...tokenSignedIn, schema: { body: CreateOrderBodySchema, response: { 200: CreateOrderResponseSchema, ...errors, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA, 502: ERROR_SCHEMA } } },
    async (request) => checkout.createOrder(tokenClaims(request), request.body, request.ip),
  );

  app.post(
    '/orders/paymentverification',
    { ...tokenSignedIn, schema: { body: PaymentResultSchema, response: { 200: PaymentVerificationResponseSchema, ...errors, 400: VERIFY_ERROR, 404: ERROR_SCHEMA, 409: VERIFY_ERROR } } },
    async (request) => checkout.verifyPayment(tokenClaims(request), request.body, () => app.sessionUser(request)),
  );

  app.post(
    '/orders/release',
    { ...signedIn, schema: { body: ReleaseCheckoutBodySchema, response: { 200: MessageResponseSchema, ...errors, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA } } },
    async (request) => {
      await checkout.closeCheckout(currentUser(request), request.body.order_id);
      return { message: CHECKOUT_RELEASED };
    },
  );

  // The link in a COD order's mail: confirms the order (once) and answers a page saying what happened. A malformed
  // token is just another unknown link. HEAD (mail scanners, link previews) answers the page without confirming.
  app.get(
    '/checkouts/cod/confirm/:token',
    {
      attachValidation: true,
      schema: {
        summary: 'Confirm a cash-on-delivery order by its mailed link (an HTML page for browsers, { message } otherwise)',
        params: CodConfirmParamsSchema,
        produces: ['text/html', 'application/json'],
        response: { 200: MessageResponseSchema, 404: ERROR_SCHEMA, 410: ERROR_SCHEMA },
      },
    },
    async (request, reply) => {
      const { brandName, publicUrl } = app.deps.config;
      const answer =
        request.validationError || request.method === 'HEAD'
          ? { outcome: 'not_found' as const }
          : await checkout.confirmCodByToken(request.params.token);
      const page = codConfirmPage(brandName, publicUrl, answer.outcome, 'order' in answer ? answer.order : undefined);
      // A browser (the mail's link) asks for HTML and gets the page; any other client gets the API's { message }.
      if (!(request.headers.accept ?? '').includes('text/html')) {
        reply.header('cache-control', 'no-store');
        // A link that no longer works is refused like any other API error (the central handler answers it).
        if (page.status >= 400) throw new HttpError(page.status, page.message);
        return { message: page.message };
      }
      return reply
        .code(request.method === 'HEAD' ? 200 : page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', CONFIRM_PAGE_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(page.html);
    },
  );

  app.get('/payments/config', { schema: { response: { 200: PaymentConfigResponseSchema } } }, async () => ({
    provider: app.payments.name,
    key_id: app.payments.keyId,
  }));

  if (app.payments.name === 'sandbox') {
    const sandbox = app.payments as SandboxProvider;
    app.post(
      '/payments/sandbox/checkout',
      { ...tokenSignedIn, schema: { body: SandboxCheckoutBodySchema, response: { 200: PaymentResultSchema, ...errors, 402: ERROR_SCHEMA, 404: ERROR_SCHEMA, 409: ERROR_SCHEMA } } },
      async (request) => {
        const claims = tokenClaims(request);
        if (request.body.outcome === 'success') return checkout.sandboxPay(sandbox, claims, request.body.order_id);
        await checkout.sandboxFail(claims, request.body.order_id);
        throw paymentRequired(PAYMENT_FAILED);
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
        // Refund events (refund.processed, refund.failed, refund.speed_changed) are money back's (refunds/).
        const event = (body as { event?: unknown } | null)?.event;
        if (typeof event === 'string' && event.startsWith('refund.')) return { message: await app.services.refunds.handleWebhookEvent(body, eventId) };
        return { message: await checkout.handleWebhookEvent(body, eventId) };
      },
    );
  });

  // The reservation sweep: every instance runs one; the conditional release makes that safe.
  runEvery(app, SWEEP_INTERVAL_MS, 'reservation sweep failed', () =>
    checkout.releaseExpired().then((released) => {
      if (released > 0) app.log.info({ released }, 'lapsed stock reservations released');
    }),
  );
});
