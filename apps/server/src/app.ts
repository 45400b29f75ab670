/** buildApp(deps): the Fastify instance, used by main.ts and by the tests (inject). */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import { HealthResponseSchema } from '@shop/domain/schemas/health';
import { ErrorResponseSchema } from '@shop/domain/schemas/common';
import { fastifyTrustProxy, type Config } from './config.js';
import { ERROR_RESPONSES } from './lib/route-schemas.js';
import type { Database } from './db/client.js';
import openapiPlugin from './plugins/openapi.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { RequestLog } from './lib/request-log.js';
import { createStorage, type Storage } from './lib/storage.js';
import type { SandboxProvider } from './lib/payments/sandbox.js';
import depsPlugin from './plugins/deps.js';
import errorsPlugin from './plugins/errors.js';
import requestTimeoutsPlugin from './plugins/request-timeouts.js';
import validationPlugin, { takesImage } from './plugins/validation.js';
import { loggerOptions, type LogStream } from './lib/log.js';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './plugins/errors.js';
import { notFound, serviceUnavailable } from './lib/http-errors.js';
import authPlugin from './plugins/auth.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import readModelPlugin from './plugins/read-model.js';
import mailOutboxPlugin from './plugins/mail-outbox.js';
import { authRoutes } from './modules/auth/index.js';
import { usersRoutes } from './modules/users/index.js';
import { catalogueRoutes } from './modules/catalogue/index.js';
import { productsRoutes } from './modules/products/index.js';
import { cartRoutes } from './modules/cart/index.js';
import { currencyRoutes } from './modules/currency/index.js';
import { couponsRoutes } from './modules/coupons/index.js';
import { deliveryRoutes } from './modules/delivery/index.js';
import { checkoutRoutes, paymentsPlugin } from './modules/checkout/index.js';
import { ordersRoutes } from './modules/orders/index.js';
import { invoicesRoutes } from './modules/invoices/index.js';
import { packingRoutes } from './modules/packing/index.js';
import { orderDeskRoutes } from './modules/order-desk/index.js';
import { refundsRoutes } from './modules/refunds/index.js';
import { shopRoutes } from './modules/shop/index.js';
import { blogsRoutes } from './modules/blogs/index.js';
import { slidersRoutes } from './modules/sliders/index.js';
import { homeTilesRoutes } from './modules/home-tiles/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { reviewsRoutes } from './modules/reviews/index.js';
import { stockRoutes } from './modules/stock/index.js';
import { registerStorefrontPages, seoRoutes } from './modules/seo/index.js';
import { buildServices } from './services.js';
import { loadStaticDir, sendStaticFile } from './plugins/static-files.js';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  storage?: Storage;
  now?: () => Date;
  /** Log lines go here instead of stdout (tests read them). */
  logStream?: LogStream;
}

/** Largest JSON body of a call without an image: plenty for a 50-line cart or a long blog post. */
const BODY_LIMIT = 64 * 1024;
/** Routes that take an image: a data URL of 5 MB grows to about 6.7 MB in base64. */
const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // Its answer is set once the read model is registered: a request it can answer from memory never reaches Fastify.
  const front: { answer?: (req: IncomingMessage, res: ServerResponse, next: () => void) => boolean } = {};
  const app = Fastify({
    // Fastify's own HTTP server, with the read model's front before its handler (plugins/read-model.ts).
    // It sets what Fastify sets on a server it makes itself, from the options it hands over (defaults filled in).
    serverFactory: (handler, options) => {
      // Node looks for requests past their timeouts every connectionsCheckingInterval (30 s by default, which
      // would let a dripping request run half a minute over); every second costs a walk over the open sockets.
      const serverOptions: ServerOptions = { ...(options.http as ServerOptions | undefined), connectionsCheckingInterval: 1000 };
      const server = createServer(serverOptions, (req, res) => {
        // `next`: a POST the front took to read its body, then handed on (plugins/read-model.ts).
        if (!front.answer?.(req, res, () => handler(req, res))) handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout as number;
      server.headersTimeout = config.requestTimeouts.headersMs;
      server.requestTimeout = options.requestTimeout as number;
      server.setTimeout(options.connectionTimeout as number);
      if ((options.maxRequestsPerSocket as number) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
      return server;
    },
    logger: loggerOptions(config.logLevel, deps.logStream),
    // Every request at debug, slow ones at warn, failures at error (lib/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT,
    // The whole of any request, upload included (Node answers 408 past it); JSON routes get less (request-timeouts.ts).
    requestTimeout: config.requestTimeouts.uploadMs,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Errors raised before routing (a bad %-escape in the URL, say) get the same `{ message }` body.
    frameworkErrors: (err, _request, reply) => {
      const status: number = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as FastifyReply).status(status).send({ message: err.message });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(depsPlugin, {
    config,
    db: database.db,
    mailer: deps.mailer ?? createMailer({ ...config.mail, log: app.log }),
    storage: deps.storage ?? createStorage(config),
    now: deps.now ?? (() => new Date()),
  });
  // Declared once here rather than per route: a route whose body takes an image gets the larger limit.
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && takesImage(route.schema?.body)) route.bodyLimit = IMAGE_BODY_LIMIT;
  });
  await app.register(requestTimeoutsPlugin, { jsonMs: config.requestTimeouts.jsonMs, uploadBodyLimit: IMAGE_BODY_LIMIT });
  await app.register(errorsPlugin);
  await app.register(validationPlugin);
  await app.register(securityHeadersPlugin);
  // The admin may be deployed on its own host: it updates and deletes with a bearer token, so its preflights must
  // allow PUT/DELETE and the authorization header; a short maxAge lets a changed ADMIN_ORIGIN take effect quickly.
  // Without ADMIN_ORIGIN no other origin is granted anything, so no per-request CORS hook is installed at all.
  if (config.adminOrigin) {
    await app.register(cors, {
      origin: [config.adminOrigin],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type'],
      maxAge: 600,
    });
  }
  await app.register(openapiPlugin);
  await registerCompression(app);
  await app.register(authPlugin, { database });
  await app.register(rateLimitPlugin);
  await app.register(paymentsPlugin);
  await app.register(mailOutboxPlugin);
  await app.register(readModelPlugin, { database });
  front.answer = app.answerFromMemory;
  // Every service, built once with everything it may need (plugins/deps.ts); routes and pages use app.services.
  app.decorate(
    'services',
    buildServices({ ...app.deps, log: app.log, counters: app.counters, outbox: app.mailOutbox, payments: app.payments, readModel: app.readModel }),
  );
  app.addSchema(ErrorResponseSchema);

  await app.register(
    async (api) => {
      // Liveness: the process answers. It does not touch the database, so a database outage never restarts the API.
      api.get('/health', { schema: { response: { 200: HealthResponseSchema } } }, async () => ({ status: 'ok' as const }));
      // Readiness: the database answers within READY_TIMEOUT_MS; a load balancer sends traffic elsewhere meanwhile.
      api.get('/health/ready', { schema: { response: { 200: HealthResponseSchema, ...ERROR_RESPONSES } } }, async () => {
        if (await databaseAnswers(database)) return { status: 'ok' as const };
        throw serviceUnavailable(UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS);
      });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(catalogueRoutes);
      await api.register(productsRoutes);
      await api.register(cartRoutes);
      await api.register(currencyRoutes);
      await api.register(deliveryRoutes);
      await api.register(couponsRoutes);
      await api.register(checkoutRoutes);
      await api.register(ordersRoutes);
      await api.register(invoicesRoutes);
      await api.register(packingRoutes);
      await api.register(orderDeskRoutes);
      await api.register(refundsRoutes);
      await api.register(shopRoutes);
      await api.register(blogsRoutes);
      await api.register(slidersRoutes);
      await api.register(homeTilesRoutes);
      await api.register(contactRoutes);
      await api.register(reviewsRoutes);
      await api.register(stockRoutes);
    },
    { prefix: '/api' },
  );

  // The sandbox settles refunds as Razorpay does: it signs the refund's webhook and delivers it to this app's own route.
  if (app.payments.name === 'sandbox') {
    (app.payments as SandboxProvider).deliverWebhooksTo(async (raw, { signature, eventId }) => {
      await app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
        payload: raw,
      });
    });
    app.addHook('onClose', async () => {
      (app.payments as SandboxProvider).deliverWebhooksTo(undefined);
      await (app.payments as SandboxProvider).settled();
    });
  }

  // Crawlers look for these at the site's root, outside /api.
  await app.register(seoRoutes);
  await registerStaticFiles(app, config);
  return app;
}

const READY_TIMEOUT_MS = 2000;

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const ping = database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}


/**
 * API answers and HTML pages above 1 kB are compressed per request (the built apps' files are compressed at
 * build time, see plugins/static-files.ts). Brotli at quality 5: most of the gain of 11 for a fraction of the CPU.
 */
async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // A compressed body is another representation of the same resource: its ETag turns weak (W/"..."), which
  // If-None-Match still matches (weak comparison), so a 304 works whichever encoding the browser holds.
  // Added after compress's own onSend in every route, so it sees the Content-Encoding compress chose.
  app.addHook('onRoute', (route) => {
    // A route that leaves compression to the read model (READ_MODEL_ROUTE) sends strong tags of its own.
    if (route.compress === false) return;
    const weaken = (_request: unknown, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      const encoding = reply.getHeader('content-encoding');
      if (encoding && encoding !== 'identity') {
        const etag = reply.getHeader('etag');
        if (typeof etag === 'string' && !etag.startsWith('W/') && !/-(br|gz)"$/.test(etag)) void reply.header('etag', `W/${etag}`);
      }
      done(null, payload);
    };
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), weaken];
  });
  // If-None-Match is compared weakly (RFC 9110 13.1.2): a route comparing strong tags still matches W/"...".
  app.addHook('onRequest', (request, _reply, done) => {
    const inm = request.headers['if-none-match'];
    if (inm?.includes('W/')) request.headers['if-none-match'] = inm.replace(/W\//g, '');
    done();
  });
}

function readJsonIfExists<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

/**
 * All-in-one mode: uploaded images (@fastify/static: they change at run time), and the built storefront and
 * admin apps when they exist, from memory. Hashed assets are immutable for a year; every HTML document is
 * `no-cache` with an ETag, so a deploy reaches a returning visitor on the next visit.
 */
async function registerStaticFiles(app: FastifyInstance, config: Config): Promise<void> {
  const adminBase = `/${config.adminPrefix}/`;
  const hasStorefront = existsSync(join(config.storefrontDist, 'index.html'));
  const hasAdmin = existsSync(join(config.adminDist, 'index.html'));
  if (config.storage.kind === 'local') {
    await app.register(fastifyStatic, {
      root: config.storage.uploadsDir,
      prefix: '/uploads/',
      wildcard: true,
      index: false,
      // Uploaded images are stored under new names, never overwritten.
      maxAge: '365d',
      immutable: true,
    });
  }

  const files = new Map([
    ...(hasStorefront ? loadStaticDir(config.storefrontDist, '/') : []),
    ...(hasAdmin ? loadStaticDir(config.adminDist, adminBase) : []),
  ]);
  const schema = { hide: true } as const;
  for (const [path, file] of files) {
    if (path.endsWith('/index.html')) continue;
    app.get(path, { schema }, (request, reply) => sendStaticFile(request, reply, file));
  }
  const adminIndex = files.get(`${adminBase}index.html`);
  if (adminIndex) {
    const page = (request: FastifyRequest, reply: FastifyReply) => sendStaticFile(request, reply, adminIndex);
    app.get(`/${config.adminPrefix}`, { schema }, page);
    app.get(`${adminBase}*`, { schema }, page);
  }
  const storefrontPage = hasStorefront
    ? registerStorefrontPages(
        app,
        readFileSync(join(config.storefrontDist, 'index.html'), 'utf8'),
        readJsonIfExists(join(config.storefrontDist, '.vite', 'manifest.json')),
      )
    : undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/uploads/');
    // Any other address of the shop is a page: a client-side route, or the friendly 404 page.
    if (wantsPage && storefrontPage && !/\.[a-z0-9]+$/i.test(path)) return storefrontPage(request, reply);
    throw notFound();
  });
}
