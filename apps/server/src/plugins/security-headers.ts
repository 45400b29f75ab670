/**
 * Security headers by helmet, each policy compiled once at start-up (@fastify/helmet rebuilds helmet's middleware on
 * every request, which cost two thirds of a cached read's throughput here).
 *
 * Three policies, chosen by path:
 * - documents (the apps' HTML and files, uploads, the API's own docs page): the full set, with a CSP that lets the
 *   shop load Razorpay's checkout and call the API;
 * - the apps' built scripts, styles and fonts (`/assets/*.js|css|woff|woff2`, either app): a script or a style sheet
 *   is never a document, so a CSP, frame and opener policies on it do nothing; it keeps `nosniff` (the browser runs
 *   it only as what its type says), HSTS and its cross-origin resource policy. That is 0.9 kB less on each of the
 *   files a phone fetches (a first visit to the home page fetches three scripts);
 * - API answers (JSON): what OWASP's REST cheat sheet asks of an API. A JSON answer runs no script and should never
 *   be framed, so its CSP is `default-src 'none'; frame-ancestors 'none'`, and the document-only headers
 *   (cross-origin opener, referrer, DNS prefetch...) are left off every answer a shopper's phone downloads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { DOCS_UI_PREFIX } from './openapi.js';
import { AFTER_PAINT_LOADER_CSP } from '../modules/seo/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer at `url` carries (read model answers sent before Fastify add them too). */
    securityHeadersFor(url: string): Readonly<Record<string, string>>;
  }
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => void;

function documentPolicy(adminOrigin: string | undefined): Middleware {
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

/** The headers that act on documents only, left off the answers that are never one (API answers, scripts, styles). */
const NO_DOCUMENT_HEADERS = {
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

function apiPolicy(): Middleware {
  return helmet({
    ...NO_DOCUMENT_HEADERS,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    // The admin may live on its own origin and reads the API with CORS; CORP must not stand in its way.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  }) as Middleware;
}

/** A script, style sheet or font is never a document: no CSP or frame policy either. */
function subresourcePolicy(): Middleware {
  return helmet({
    ...NO_DOCUMENT_HEADERS,
    contentSecurityPolicy: false,
    xFrameOptions: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  }) as Middleware;
}

/**
 * Whether a URL is a built script, style sheet or font of the storefront (`/assets/`) or of the admin under its
 * prefix (`/<prefix>/assets/`). An SVG or an HTML file is a document and is not one, nor is any other path.
 */
export function subresourcePaths(adminPrefix: string): (url: string) => boolean {
  // The prefix is letters, digits and dashes (config.ts).
  const pattern = new RegExp(`^(?:/${adminPrefix})?/assets/[^?]+\\.(?:js|css|woff2?)(?:\\?|$)`);
  return (url) => pattern.test(url);
}

/** True for the JSON API; the docs page under it is a document. */
function isApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(DOCS_UI_PREFIX);
}

/**
 * The headers a policy sets, read once by running it against a recording response: helmet's headers depend only
 * on its options (no nonces here). Setting them on the raw response per request cost about 3 µs of a 25 µs
 * cached read, and sent Node down its slower header path for every header Fastify added after them.
 */
function headersOf(policy: Middleware): Record<string, string> {
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
    const forSubresources = headersOf(subresourcePolicy());
    const isSubresourcePath = subresourcePaths(app.deps.config.adminPrefix);
    // A callback hook: it runs on every request, and a promise each time is measurable on a cached read.
    const headersFor = (url: string) => (isApiPath(url) ? forApi : isSubresourcePath(url) ? forSubresources : forDocuments);
    app.decorate('securityHeadersFor', headersFor);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headersFor(request.url));
      done();
    });
  },
  { name: 'security-headers', dependencies: ['deps'] },
);
