/** buildApp(deps): the Fastify instance, used by main.ts and by the tests (inject). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import { HealthResponseSchema } from '@shop/domain/schemas/health';
import { ErrorResponseSchema } from '@shop/domain/schemas/common';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createStorage, type Storage } from './lib/storage.js';
import { createMemoryRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import depsPlugin from './plugins/deps.js';
import errorsPlugin from './plugins/errors.js';
import validationPlugin from './plugins/validation.js';
import authPlugin from './plugins/auth.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import paymentsPlugin from './modules/checkout/payments-plugin.js';
import authRoutes from './modules/auth/routes.js';
import usersRoutes from './modules/users/routes.js';
import catalogueRoutes from './modules/catalogue/routes.js';
import productsRoutes from './modules/products/routes.js';
import cartRoutes from './modules/cart/routes.js';
import currencyRoutes from './modules/currency/routes.js';
import checkoutRoutes from './modules/checkout/routes.js';
import ordersRoutes from './modules/orders/routes.js';
import invoicesRoutes from './modules/invoices/routes.js';
import shopRoutes from './modules/shop/routes.js';
import blogsRoutes from './modules/blogs/routes.js';
import slidersRoutes from './modules/sliders/routes.js';
import contactRoutes from './modules/contact/routes.js';
import seoRoutes from './modules/seo/routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  storage?: Storage;
  rateLimiter?: RateLimiter;
  now?: () => Date;
}

/** Largest JSON body: an image data URL of 5 MB grows to about 6.7 MB in base64. */
const BODY_LIMIT = 8 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
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
    rateLimiter: deps.rateLimiter ?? createMemoryRateLimiter(),
    now: deps.now ?? (() => new Date()),
  });
  await app.register(errorsPlugin);
  await app.register(validationPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://*.razorpay.com', ...(config.adminOrigin ? [config.adminOrigin] : [])],
        frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, { origin: config.adminOrigin ? [config.adminOrigin] : false });
  await app.register(swagger, {
    openapi: { info: { title: `${config.brandName} API`, version: '1.0.0' }, servers: [{ url: '/' }] },
  });
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(paymentsPlugin);
  app.addSchema(ErrorResponseSchema);

  await app.register(
    async (api) => {
      api.get('/health', { schema: { response: { 200: HealthResponseSchema } } }, async () => {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(catalogueRoutes);
      await api.register(productsRoutes);
      await api.register(cartRoutes);
      await api.register(currencyRoutes);
      await api.register(checkoutRoutes);
      await api.register(ordersRoutes);
      await api.register(invoicesRoutes);
      await api.register(shopRoutes);
      await api.register(blogsRoutes);
      await api.register(slidersRoutes);
      await api.register(contactRoutes);
    },
    { prefix: '/api' },
  );

  // Crawlers look for these at the site's root, outside /api.
  await app.register(seoRoutes);
  await registerStaticFiles(app, config);
  return app;
}

/** All-in-one mode: uploaded images, and the built storefront and admin apps when they exist. */
async function registerStaticFiles(app: FastifyInstance, config: Config): Promise<void> {
  const adminBase = `/${config.adminPrefix}/`;
  const hasStorefront = existsSync(join(config.storefrontDist, 'index.html'));
  const hasAdmin = existsSync(join(config.adminDist, 'index.html'));
  let decorated = false;
  const serve = async (root: string, prefix: string, immutable: boolean) => {
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      wildcard: true,
      index: false,
      // Hashed build assets and uploaded images never change under the same name.
      maxAge: immutable ? '365d' : 0,
      immutable,
    });
    decorated = true;
  };
  if (config.storage.kind === 'local') await serve(config.storage.uploadsDir, '/uploads/', true);
  if (hasAdmin) await serve(join(config.adminDist, 'assets'), `${adminBase}assets/`, true);
  if (hasStorefront) await serve(join(config.storefrontDist, 'assets'), '/assets/', true);
  if (hasStorefront) await serve(config.storefrontDist, '/', false);
  // The wildcard above answers a bare directory (/) with 403 since `index` is off; the home page is the app.
  if (hasStorefront) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', config.storefrontDist),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/uploads/');
    // Client-side routes get the app's index.html; anything else is a JSON 404.
    if (wantsPage && hasAdmin && (path === `/${config.adminPrefix}` || path.startsWith(adminBase))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.adminDist);
    }
    if (wantsPage && hasStorefront && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.storefrontDist);
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}
