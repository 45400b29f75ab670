/**
 * The OpenAPI document at GET /api/docs and its readable page at /api/docs/ui (Swagger UI, served from the
 * package's own files, no CDN).
 *
 * Routes declare their request and success schemas; what every route shares is derived here in one place, so
 * route files stay as they are: the tag (from the URL and the auth hook), the bearer security requirement (from
 * the auth hook), the error answers that apply (from the route's shape and the tables below) and a one-line
 * summary (the route's own `schema.summary` wins over the table).
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ERROR_SCHEMA } from '../lib/route-schemas.js';

export const DOCS_UI_PREFIX = '/api/docs/ui';

type Tag = 'store' | 'account' | 'admin' | 'payments';

/** One line per operation, keyed by the route as Fastify knows it. A new route must add its line (the test says which). */
const SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Check that the API and its database answer',
  'GET /api/health/ready': 'Whether this instance can take traffic (its database answers)',
  'POST /api/auth/login': 'Sign in (an admin adds the secret key) and get a bearer token',
  'POST /api/auth/register': 'Create a customer account and mail its verification link',
  'GET /api/auth/verify-email/:token': 'Verify an email address from the mailed link',
  'POST /api/auth/forget-password': 'Mail a new password to an account',
  'POST /api/auth/change-password': 'Change a password with the current one',
  'POST /api/auth/sendmail': 'Send a message to the shop from the contact form',
  'GET /api/users/get-user': 'The signed-in user',
  'GET /api/users/profile': "The signed-in user's profile",
  'PUT /api/users/profile': "Update the signed-in user's name, phone and address",
  'GET /api/users/all-users': 'List all users',
  'GET /api/users/dashboard': 'User counts for the dashboard',
  'GET /api/users/admin-get-user/:email': 'Find a user by email',
  'PUT /api/users/status/:id': "Activate or deactivate a user's account",
  'DELETE /api/users/:id': 'Delete a user',
  'GET /api/category': 'List the categories',
  'POST /api/category': 'Create a category',
  'PUT /api/category/:id': 'Rename a category',
  'DELETE /api/category/:id': 'Delete a category no product uses',
  'GET /api/solutions': 'List the solutions (what a product helps with)',
  'POST /api/solutions': 'Create a solution',
  'PUT /api/solutions/:id': 'Rename a solution',
  'DELETE /api/solutions/:id': 'Delete a solution no product uses',
  'GET /api/products/list/:page': 'One page of the catalogue (8 products a page, from 1)',
  'GET /api/products/highlighted': 'The products shown on the home page',
  'GET /api/products/related-products/:productId/:categoryId': 'Other products of the same category',
  'GET /api/products/category/:slug/count': 'How many products a category has',
  'GET /api/products/category/:slug/:page': "One page of a category's products",
  'GET /api/products/solutions/:slug/:page': "One page of a solution's products",
  'GET /api/products/search': 'Search with an empty query (answers no products)',
  'GET /api/products/search/:query': 'Search products by name, typos forgiven',
  'GET /api/products/:slug': 'One product by its slug',
  'GET /api/products': 'List every product, for the admin',
  'POST /api/products': 'Create a product',
  'GET /api/products/dashboard': 'Product and stock counts for the dashboard',
  'PUT /api/products/:id': 'Update a product',
  'DELETE /api/products/:id': 'Delete a product',
  'POST /api/products/getcart': 'Price a cart from product ids and quantities',
  'GET /api/products/currencyExchangeRates': 'Exchange rates from INR for the price display',
  'POST /api/orders': 'Check out the cart: reserve stock and open a payment',
  'GET /api/orders': "The signed-in customer's orders",
  'POST /api/orders/paymentverification': "Verify a payment's signature and mark the order paid",
  'POST /api/orders/release': "The payment window was closed without paying: give the checkout's units back, keep the cart",
  'GET /api/orders/all': 'List all orders',
  'GET /api/orders/dashboard': 'Order counts and revenue for the dashboard',
  'GET /api/orders/:id': 'One order line',
  'PUT /api/orders/:id': "Change an order's shipping status",
  'DELETE /api/orders/:id': 'Delete an order line',
  'GET /api/payments/config': 'Which payment provider to open, and its public key',
  'POST /api/payments/sandbox/checkout': 'Pay or fail a checkout in the offline sandbox',
  'POST /api/payments/razorpay/webhook': "Razorpay's payment notifications (signed)",
  'GET /api/blogs': 'List the blog posts',
  'POST /api/blogs': 'Create a blog post',
  'GET /api/blogs/:slug': 'One blog post by its slug',
  'PUT /api/blogs/:id': 'Update a blog post',
  'DELETE /api/blogs/:id': 'Delete a blog post',
  'GET /api/slider': 'The home page slides',
  'GET /api/shop-info': "The shop's legal details for the footer (FSSAI licence)",
  'GET /api/invoices/:order_id': 'The tax invoice of a paid order, as a PDF (its owner and admins)',
  'POST /api/slider': 'Add a home page slide (at most 3)',
  'DELETE /api/slider/:id': 'Delete a home page slide',
  'GET /api/home-tiles': "The home page's three video tiles, each with its product's live price",
  'PUT /api/home-tiles/:position': 'Change a home page video tile: title, clip and product',
  'GET /api/delivery/pincode/:pin': "A PIN code's state and district, and whether the shop delivers there (and with cash on delivery)",
  'POST /api/delivery/quote': 'What a cart costs delivered to a PIN, paid online or by cash on delivery, and when it arrives',
  'GET /api/delivery/settings': "The shop's delivery settings: zones and fees, free delivery, dispatch calendar, local PINs, cash on delivery",
  'PUT /api/delivery/settings': 'Change some delivery settings (the rest stay as they are)',
  'GET /api/delivery/pincodes': "The shop's corrections of the PIN code directory",
  'PUT /api/delivery/pincodes/:pin': 'Add or change the correction of one PIN: block it, turn cash on delivery off, correct its state',
  'DELETE /api/delivery/pincodes/:pin': "Remove the correction of one PIN (the directory's entry applies again)",
  'GET /api/coupons': 'Every coupon code with its uses (paid and held) and the revenue it brought',
  'POST /api/coupons': 'Add a coupon code: percent, fixed or free delivery, with its dates (IST) and limits',
  'PUT /api/coupons/:id': "Change some of a coupon's fields (the rest stay)",
  'DELETE /api/coupons/:id': 'Delete a coupon that was never used (one that was is turned off instead)',
};

/** Routes that answer 409 (a conflict with the current state: stock, a name or email taken, still in use, a fourth slide). */
const CONFLICTS = new Set([
  'POST /api/auth/register',
  'PUT /api/users/status/:id',
  'DELETE /api/users/:id',
  'POST /api/category',
  'PUT /api/category/:id',
  'DELETE /api/category/:id',
  'POST /api/solutions',
  'PUT /api/solutions/:id',
  'DELETE /api/solutions/:id',
  'POST /api/products',
  'PUT /api/products/:id',
  'POST /api/orders',
  'POST /api/orders/paymentverification',
  'POST /api/orders/release',
  'PUT /api/orders/:id',
  'POST /api/payments/sandbox/checkout',
  'POST /api/slider',
  'POST /api/coupons',
  'PUT /api/coupons/:id',
  'DELETE /api/coupons/:id',
]);

/** Routes with a per-IP or per-email limit (429 with Retry-After), besides any route configured with `config.rateLimit`. */
const RATE_LIMITED = new Set([
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/forget-password',
  'POST /api/auth/change-password',
  'POST /api/auth/sendmail',
  'POST /api/delivery/quote',
  'POST /api/orders',
]);

/** Routes that belong to paying, whatever their URL prefix says. */
const PAYMENT_ROUTES = new Set(['POST /api/orders', 'POST /api/orders/paymentverification', 'POST /api/orders/release']);

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Bad input: the message says which field and why',
  '401': 'No token, or a bad or expired one',
  '402': 'The sandbox payment was declined',
  '403': 'Not allowed: not an admin, or the account is inactive',
  '404': 'Nothing with that id or slug',
  '409': 'Conflicts with the current state (stock, a name or email taken, still in use, a limit reached)',
  '413': 'The body is too large',
  '415': 'The body is not JSON',
  '429': 'Too many attempts: wait for the Retry-After seconds',
  '502': 'The payment provider could not be reached',
  '503': 'The database is unavailable for a moment: retry after Retry-After seconds',
};

const TAGS: Array<{ name: Tag; description: string }> = [
  { name: 'store', description: 'The public shop: catalogue, search, cart prices, blog, slides. No token.' },
  { name: 'account', description: 'Signing in and up, and what a signed-in customer sees of their own account.' },
  { name: 'payments', description: 'Checkout and payment: reserving stock, opening and verifying a payment, the webhook.' },
  { name: 'admin', description: "The farm's administrator: catalogue, orders, users, blog and slides. Admin token." },
];

const hooksOf = (route: RouteOptions): unknown[] =>
  [route.onRequest, route.preValidation, route.preHandler].flatMap((h) => (h === undefined ? [] : Array.isArray(h) ? h : [h]));

export default fp(
  async (app: FastifyInstance) => {
    const routeKey = (method: string, url: string) => `${method} ${url.replace(/\/+$/, '') || '/'}`;

    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${app.deps.config.brandName} API`,
          version: '1.0.0',
          description:
            'The JSON API of the shop. Every error answer is `{ "message": string }`. Send the token from ' +
            '`POST /api/auth/login` as `Authorization: Bearer <token>`. Prices are rupees (INR).',
        },
        servers: [{ url: '/' }],
        tags: TAGS,
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      // Shared schemas appear under their own names (Product, ErrorResponse) instead of def-0, def-1.
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
      transform: ({ schema, url, route }) => {
        if (!schema || schema.hide || !url.startsWith('/api/')) return { schema, url };
        const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
        const key = routeKey(method, url);
        const hooks = hooksOf(route);
        const admin = hooks.includes(app.requireAdmin);
        const signedIn = admin || hooks.includes(app.authenticate) || hooks.includes(app.authenticateToken);
        const tag: Tag = admin
          ? 'admin'
          : PAYMENT_ROUTES.has(key) || url.startsWith('/api/payments/')
            ? 'payments'
            : signedIn || (url.startsWith('/api/auth/') && !url.startsWith('/api/auth/sendmail')) || url.startsWith('/api/users/')
              ? 'account'
              : 'store';

        const s = schema as Record<string, unknown> & { params?: { properties?: Record<string, unknown> } };
        const declared = { ...((s.response as Record<string, unknown> | undefined) ?? {}) };
        delete declared['4xx'];
        const errors = new Set<string>();
        if (s.params || s.body || s.querystring) errors.add('400');
        if (signedIn) errors.add('401').add('403');
        const paramNames = Object.keys(s.params?.properties ?? {});
        if (paramNames.some((p) => p !== 'page' && p !== 'query')) errors.add('404');
        if (CONFLICTS.has(key)) errors.add('409');
        if (s.body) errors.add('413');
        if (RATE_LIMITED.has(key) || (route.config as { rateLimit?: unknown } | undefined)?.rateLimit) errors.add('429');
        const response = { ...declared };
        for (const code of errors) response[code] ??= ERROR_SCHEMA;

        return {
          url,
          schema: {
            ...schema,
            summary: (schema.summary as string | undefined) ?? SUMMARIES[key],
            tags: (schema.tags as string[] | undefined) ?? [tag],
            // An empty list says plainly that the route takes no token.
            security: signedIn ? [{ bearerAuth: [] }] : [],
            response,
          },
        };
      },
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
        const doc = documentObject.openapiObject;
        fixExclusiveBounds(doc);
        doc.paths = mergeIdenticalPaths((doc.paths ?? {}) as Record<string, Record<string, Operation>>) as typeof doc.paths;
        for (const item of Object.values(doc.paths ?? {})) {
          for (const op of Object.values(item as Record<string, Operation>)) {
            for (const [code, res] of Object.entries(op.responses ?? {})) {
              if (ERROR_DESCRIPTIONS[code] && res.description === 'Default Response') res.description = ERROR_DESCRIPTIONS[code];
            }
          }
        }
        return doc;
      },
    });

    await app.register(swaggerUi, {
      routePrefix: DOCS_UI_PREFIX,
      uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
      // The page's own scripts only; Swagger UI sets a few inline styles. The document comes from the same origin.
      staticCSP:
        "default-src 'self'; base-uri 'self'; frame-ancestors 'self'; object-src 'none'; script-src 'self'; " +
        "script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'",
    });
  },
  { name: 'openapi', dependencies: ['deps'] },
);

interface Operation {
  parameters?: Array<{ in: string; name: string; description?: string }>;
  responses?: Record<string, { description?: string }>;
}

/**
 * JSON Schema 2019 writes `exclusiveMinimum: 0`; OpenAPI 3.0 wants `minimum: 0, exclusiveMinimum: true`.
 * TypeBox emits the former, so it is rewritten in the document (validation keeps the schema as written).
 */
function fixExclusiveBounds(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(fixExclusiveBounds);
  if (typeof node !== 'object' || node === null) return;
  const obj = node as Record<string, unknown>;
  for (const [bound, flag] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof obj[flag] === 'number') {
      obj[bound] = obj[flag];
      obj[flag] = true;
    }
  }
  Object.values(obj).forEach(fixExclusiveBounds);
}

/**
 * `/api/blogs/{slug}` (GET) and `/api/blogs/{id}` (PUT, DELETE) are one URL template to OpenAPI, so two path items
 * for it are invalid. They become one item whose parameter is named for both (`{slugOrId}`); each operation keeps
 * its own parameter schema and says which of the two it takes. The URLs themselves are unchanged.
 */
export function mergeIdenticalPaths(paths: Record<string, Record<string, Operation>>): Record<string, Record<string, Operation>> {
  const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
  const names = (p: string) => [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const groups = new Map<string, string[]>();
  for (const p of Object.keys(paths)) groups.set(shape(p), [...(groups.get(shape(p)) ?? []), p]);
  const out: Record<string, Record<string, Operation>> = {};
  for (const p of Object.keys(paths)) {
    const group = groups.get(shape(p))!;
    if (group.length === 1) {
      out[p] = paths[p]!;
      continue;
    }
    if (group[0] !== p) continue;
    const perPath = group.map(names);
    const merged = perPath[0]!.map((_, i) => {
      const distinct = [...new Set(perPath.map((n) => n[i]!))];
      return distinct.map((n, j) => (j === 0 ? n : n[0]!.toUpperCase() + n.slice(1))).join('Or');
    });
    let k = 0;
    const template = p.replace(/\{[^}]+\}/g, () => `{${merged[k++]}}`);
    const item: Record<string, Operation> = {};
    group.forEach((member, gi) => {
      const old = perPath[gi]!;
      for (const [method, op] of Object.entries(paths[member]!)) {
        item[method] = {
          ...op,
          parameters: op.parameters?.map((param) => {
            const i = param.in === 'path' ? old.indexOf(param.name) : -1;
            if (i < 0 || merged[i] === param.name) return param;
            return { ...param, name: merged[i]!, description: param.description ?? `The ${old[i]}` };
          }),
        };
      }
    });
    out[template] = item;
  }
  return out;
}
