/**
 * `app.readModel` and `app.answerFromReadModel(request, reply, load)`: the public catalogue reads answer from memory
 * (lib/read-model.ts) with a strong ETag, 304 for a matching If-None-Match, and a Cache-Control a CDN may hold
 * briefly. Every other /api answer that sets no Cache-Control of its own gets `private, no-store`: nothing
 * user-specific is ever stored by a browser or proxy.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { listenForCatalogueChanges } from '../lib/catalogue-notices.js';
import { COMPRESS_THRESHOLD, compressedBody, ReadModel } from '../lib/read-model.js';
import { etagMatches, pickEncoding } from './static-files.js';

/**
 * Browsers revalidate every time (max-age=0; the ETag makes that a 304); a CDN or proxy may hold an answer 5 s.
 * stale-while-revalidate goes only in CDN-Cache-Control (RFC 9213): in Cache-Control, browsers apply it too,
 * showing answers up to 30 s old and leaving background revalidations pending (Chrome's never settle a page).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';
export const CDN_CACHE_CONTROL = 'max-age=5, stale-while-revalidate=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const BOTH_ENCODINGS = { br: true, gzip: true };

/**
 * Route options of a read answered by `answerFromReadModel`: its answer is already compressed (made once per
 * change), so @fastify/compress's per-request hooks are left off the route.
 */
export const READ_MODEL_ROUTE = { compress: false, decompress: false } as const;

/** Notices closer together than this are one drop of the model (stock shown may trail a checkout by this much). */
export const NOTICE_COALESCE_MS = 200;

/** Admin writes to the catalogue, by route: this instance drops its model before answering, so the admin sees the edit at once. */
const CATALOGUE_WRITE_ROUTES = /^\/api\/(products|category|solutions|blogs|slider)(\/|$)/;
const READ_ONLY_POSTS = new Set(['/api/products/getcart']);

export interface AnswerOptions {
  /** Replaces PUBLIC_CACHE_CONTROL. */
  cacheControl?: string;
  /** The answer is this type of text, returned by `load` as it is sent (an HTML page), instead of JSON. */
  textType?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    readModel: ReadModel;
    /** Resolves once the notices of every write committed so far have reached this instance (tests use it). */
    catalogueNoticesHeard(): Promise<void>;
    /**
     * Answers a public GET from the read model; `load` builds the answer (the route's 200 schema serialises it).
     * Resolves to the sent reply, typed as the answer so a route's handler may return it as its own.
     */
    answerFromReadModel<T>(request: FastifyRequest, reply: FastifyReply, load: () => Promise<T>, opts?: AnswerOptions): Promise<T>;
  }
}

export default fp(
  async (app, opts: { database: Database }) => {
    const readModel = new ReadModel();
    app.decorate('readModel', readModel);
    // A rush of checkouts sends a notice per commit: at most one drop per NOTICE_COALESCE_MS, the rest wait for it.
    let lastDrop = 0;
    let queued: NodeJS.Timeout | undefined;
    const drop = () => {
      if (queued) clearTimeout(queued);
      queued = undefined;
      lastDrop = Date.now();
      readModel.invalidate();
    };
    const onNotice = () => {
      const wait = lastDrop + NOTICE_COALESCE_MS - Date.now();
      if (wait <= 0) drop();
      else queued ??= setTimeout(drop, wait).unref();
    };
    const listener = await listenForCatalogueChanges(opts.database, onNotice, app.log);
    app.addHook('onClose', async () => {
      if (queued) clearTimeout(queued);
      await listener.close();
    });
    app.decorate('catalogueNoticesHeard', async () => {
      await listener.heard();
      if (queued) drop();
    });

    async function answerFromReadModel<T>(request: FastifyRequest, reply: FastifyReply, load: () => Promise<T>, answerOpts: AnswerOptions = {}): Promise<T> {
      const key = request.url.split('?', 1)[0]!;
      const answer = await readModel.get(key, async () => (answerOpts.textType ? String(await load()) : (reply.serialize(await load()) as string)));
      // Each encoding is its own representation with its own strong ETag ("…-br"); If-None-Match matches any of them.
      const compressible = answer.body.length >= COMPRESS_THRESHOLD;
      const encoding = compressible ? pickEncoding(request.headers['accept-encoding'], BOTH_ENCODINGS) : undefined;
      reply
        .header('etag', encoding ? answer.etag.replace(/"$/, encoding === 'br' ? '-br"' : '-gz"') : answer.etag)
        .header('cache-control', answerOpts.cacheControl ?? PUBLIC_CACHE_CONTROL);
      if (!answerOpts.cacheControl) reply.header('cdn-cache-control', CDN_CACHE_CONTROL);
      if (compressible) reply.header('vary', 'accept-encoding');
      // Fastify waits for a returned reply; the body is already JSON text (or its compressed bytes), sent as it is.
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send() as T;
      reply.type(answerOpts.textType ?? 'application/json; charset=utf-8');
      if (encoding) return reply.header('content-encoding', encoding).send(compressedBody(answer, encoding)) as T;
      return reply.send(answer.body) as T;
    }
    app.decorate('answerFromReadModel', answerFromReadModel);

    // A callback hook, not an async one: it runs on every request, and a promise each time is measurable here.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/')) {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        const route = request.routeOptions.url ?? '';
        if (
          request.method !== 'GET' &&
          request.method !== 'HEAD' &&
          reply.statusCode < 400 &&
          CATALOGUE_WRITE_ROUTES.test(route) &&
          !READ_ONLY_POSTS.has(route)
        ) {
          readModel.invalidate();
        }
      }
      done(null, payload);
    });
  },
  { name: 'read-model' },
);
