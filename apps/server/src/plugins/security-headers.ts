/**
 * Security headers by helmet, each policy compiled once at start-up (@fastify/helmet rebuilds helmet's middleware on
 * every request, which cost two thirds of a cached read's throughput here).
 *
 * Two policies, chosen by path:
 * - documents (the apps' HTML and files, uploads, the API's own docs page): the full set, with a CSP that lets the
 *   shop load Razorpay's checkout and call the API;
 * - API answers (JSON): what OWASP's REST cheat sheet asks of an API. A JSON answer runs no script and should never
 *   be framed, so its CSP is `default-src 'none'; frame-ancestors 'none'`, and the document-only headers
 *   (cross-origin opener, referrer, DNS prefetch...) are left off every answer a shopper's phone downloads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { DOCS_UI_PREFIX } from './openapi.js';
import { AFTER_PAINT_LOADER_CSP } from '../modules/seo/after-paint.js';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => void;

export function documentPolicy(adminOrigin: string | undefined): Middleware {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script, by its hash: the loader of a drawn page's JS (modules/seo/after-paint.ts).
        scriptSrc: ["'self'", AFTER_PAINT_LOADER_CSP, 'https://checkout.razorpay.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://*.razorpay.com', ...(adminOrigin ? [adminOrigin] : [])],
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
  }) as Middleware;
}

export function apiPolicy(): Middleware {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    // The admin may live on its own origin and reads the API with CORS; CORP must not stand in its way.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  }) as Middleware;
}

/** True for the JSON API; the docs page under it is a document. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(DOCS_UI_PREFIX);
}

/**
 * The headers a policy sets, read once by running it against a recording response: helmet's headers depend only
 * on its options (no nonces here). Setting them on the raw response per request cost about 3 µs of a 25 µs
 * cached read, and sent Node down its slower header path for every header Fastify added after them.
 */
export function headersOf(policy: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  policy({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

export default fp(
  async (app) => {
    const forDocuments = headersOf(documentPolicy(app.deps.config.adminOrigin));
    const forApi = headersOf(apiPolicy());
    // A callback hook: it runs on every request, and a promise each time is measurable on a cached read.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiPath(request.url) ? forApi : forDocuments);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['deps'] },
);
