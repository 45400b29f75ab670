/**
 * `app.readModel` and `app.answerFromReadModel(request, reply, load)`: the public catalogue reads answer from memory
 * (lib/read-model.ts) with a strong ETag, 304 for a matching If-None-Match, and a Cache-Control a CDN may hold
 * briefly. Every other /api answer that sets no Cache-Control of its own gets `private, no-store`: nothing
 * user-specific is ever stored by a browser or proxy.
 */
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preParsingHookHandler } from 'fastify';
import type { Database } from '../db/client.js';
import { listenForCatalogueChanges } from '../lib/catalogue-notices.js';
import { COMPRESS_THRESHOLD, compressedBody, ReadModel, type CachedAnswer, type Representation } from '../lib/read-model.js';
import { VERBOSE_LEVELS } from '../lib/request-log.js';
import { encodedEtag, etagMatches, pickEncoding } from './static-files.js';

/**
 * Browsers revalidate every time (max-age=0; the ETag makes that a 304); a CDN or proxy may hold an answer 5 s.
 * stale-while-revalidate goes only in CDN-Cache-Control (RFC 9213): in Cache-Control, browsers apply it too,
 * showing answers up to 30 s old and leaving background revalidations pending (Chrome's never settle a page).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';
export const CDN_CACHE_CONTROL = 'max-age=5, stale-while-revalidate=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const BOTH_ENCODINGS = { br: true, gzip: true };
const JSON_TYPE = 'application/json; charset=utf-8';
type Encoding = 'br' | 'gzip';

/**
 * The encoding to send `answer` in (small answers go as they are). Browsers send a handful of distinct
 * Accept-Encoding values, so each is parsed once; the map is emptied if a client makes up many.
 */
const encodings = new Map<string, Encoding | undefined>();
function encodingFor(acceptEncoding: string | undefined, answer: CachedAnswer): Encoding | undefined {
  if (!acceptEncoding || answer.body.length < COMPRESS_THRESHOLD) return undefined;
  let encoding = encodings.get(acceptEncoding);
  if (encoding === undefined && !encodings.has(acceptEncoding)) {
    if (encodings.size >= 100) encodings.clear();
    encoding = pickEncoding(acceptEncoding, BOTH_ENCODINGS);
    encodings.set(acceptEncoding, encoding);
  }
  return encoding;
}

/**
 * Route options of a read answered by `answerFromReadModel`: its answer is already compressed (made once per
 * change), so @fastify/compress's per-request hooks are left off the route.
 */
export const READ_MODEL_ROUTE = { compress: false, decompress: false } as const;

/** Notices closer together than this are one drop of the model (stock shown may trail a checkout by this much). */
const NOTICE_COALESCE_MS = 200;

/** Admin writes to the catalogue (and the delivery settings the quote keeps with it), by route: this instance drops its model before answering, so the admin sees the edit at once. */
const CATALOGUE_WRITE_ROUTES = /^\/api\/(products|category|solutions|blogs|slider|home-tiles|delivery|reviews)(\/|$)/;
const READ_ONLY_POSTS = new Set(['/api/products/getcart', '/api/delivery/quote', '/api/products/:id/notify']);

/**
 * POSTs whose answer depends only on the request's body and the catalogue (a guest's getcart): a body seen before
 * is answered from memory, when it is small JSON sent plainly (no Content-Encoding, no chunks) by a guest.
 */
const KEPT_POST_URL = '/api/products/getcart';
export const MAX_KEPT_POST_BODY = 8 * 1024;
const JSON_REQUEST_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);
/** The body the front read from a request it then handed to Fastify (replayed by `keptPostRoute`'s preParsing). */
const READ_BODY = Symbol('shop.readBody');
type ReadRequest = IncomingMessage & { [READ_BODY]?: Buffer };
/** A kept POST answer's key: the route and the body's exact bytes (latin1 maps each byte to one character). */
const postKey = (body: Buffer) => `POST ${KEPT_POST_URL}\n${body.toString('latin1')}`;

interface AnswerOptions {
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
    /** Writes a fresh kept answer to a GET before Fastify routes it; false when the request is Fastify's to answer. */
    answerFromMemory(req: IncomingMessage, res: ServerResponse, next?: () => void): boolean;
    /**
     * A guest's answer to KEPT_POST_URL, made from `value` (the read model's memo under `from`): sent from memory
     * to the same body again, with the headers Fastify sends now, while `value` is fresh.
     */
    keepPostAnswer(request: FastifyRequest, answer: CachedAnswer, from: string, value: unknown): void;
    /** Route options of KEPT_POST_URL: replay the body the front read, and keep what is sent. */
    keptPostRoute: { preParsing: preParsingHookHandler; onSend: onSendHookHandler };
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

    /** An answer's headers and body in one encoding, made on its first send and kept with it. */
    const representationOf = (answer: CachedAnswer, url: string, encoding: Encoding | undefined, answerOpts: AnswerOptions): Representation => {
      const sent = (answer.sent ??= {});
      const slot = encoding ?? 'identity';
      const made = sent[slot];
      if (made) return made;
      const cacheHeaders: Record<string, string> = {
        ...app.securityHeadersFor(url),
        etag: encodedEtag(answer.etag, encoding),
        'cache-control': answerOpts.cacheControl ?? PUBLIC_CACHE_CONTROL,
        ...(answerOpts.cacheControl ? {} : { 'cdn-cache-control': CDN_CACHE_CONTROL }),
      };
      // With an admin on its own host, CORS makes every answer depend on the Origin too: a CDN must not hand the
      // copy kept for the shop (no CORS headers) to the admin. (Set here, this replaces the CORS plugin's Vary.)
      const vary = [app.deps.config.adminOrigin ? 'origin' : '', answer.body.length >= COMPRESS_THRESHOLD ? 'accept-encoding' : '']
        .filter(Boolean)
        .join(', ');
      if (vary) cacheHeaders.vary = vary;
      const body = encoding ? compressedBody(answer, encoding) : Buffer.from(answer.body);
      const representation: Representation = {
        notModified: cacheHeaders,
        ok: {
          ...cacheHeaders,
          'content-type': answerOpts.textType ?? JSON_TYPE,
          ...(encoding ? { 'content-encoding': encoding } : {}),
          'content-length': String(body.length),
        },
        body,
      };
      sent[slot] = representation;
      return representation;
    };

    async function answerFromReadModel<T>(request: FastifyRequest, reply: FastifyReply, load: () => Promise<T>, answerOpts: AnswerOptions = {}): Promise<T> {
      const key = request.url.split('?', 1)[0]!;
      const answer = await readModel.get(key, async () => (answerOpts.textType ? String(await load()) : (reply.serialize(await load()) as string)));
      // Each encoding is its own representation with its own strong ETag ("…-br"); If-None-Match matches any of them.
      const representation = representationOf(answer, key, encodingFor(request.headers['accept-encoding'], answer), answerOpts);
      // Fastify waits for a returned reply; the body is already JSON text (or its compressed bytes), sent as it is.
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).headers(representation.notModified).send() as T;
      return reply.headers(representation.ok).send(representation.body) as T;
    }

    // Once the app is closing, every request goes to Fastify, which answers it as it closes.
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });

    /**
     * The front of the server (app.ts hands it every request before Fastify): a GET of an answer the read model
     * keeps fresh is written straight from memory, the headers and bytes Fastify's route sent the first time. This
     * is what a reverse proxy's cache would do, without the hop; about half the time of the same answer through
     * Fastify's hooks here. Everything else goes on to Fastify: other methods, query strings, requests with an
     * Origin (CORS is Fastify's), stale answers (the route refreshes them), shutdown, and every request when each
     * is logged (LOG_LEVEL debug or trace). Answers whether it answered.
     */
    function answerFromMemory(req: IncomingMessage, res: ServerResponse, next?: () => void): boolean {
      if (req.method === 'POST' && next) return answerPostFromMemory(req, res, next);
      if (req.method !== 'GET' || closing || req.headers.origin !== undefined) return false;
      const url = req.url!;
      const answer = url.includes('?') ? undefined : readModel.peek(url);
      if (!answer?.sent || VERBOSE_LEVELS.has(app.log.level)) return false;
      const representation = answer.sent[encodingFor(req.headers['accept-encoding'], answer) ?? 'identity'];
      if (!representation) return false;
      if (etagMatches(req.headers['if-none-match'], answer.etag)) res.writeHead(304, representation.notModified).end();
      else res.writeHead(200, representation.ok).end(representation.body);
      return true;
    }

    /**
     * A guest's POST to KEPT_POST_URL: the front reads its body (small, so at once) and writes the answer kept for
     * those exact bytes, or hands the request to Fastify (`next`) with the body to replay. Left to Fastify from the
     * start: a signed-in shopper (Authorization), an Origin (CORS), another type or a Content-Encoding, a body
     * without a length or over MAX_KEPT_POST_BODY, Expect, shutdown and verbose logging. Rate limits: the route has
     * none (a guest's cart is read from memory).
     */
    function answerPostFromMemory(req: ReadRequest, res: ServerResponse, next: () => void): boolean {
      const h = req.headers;
      if (req.url !== KEPT_POST_URL || closing || h.origin !== undefined || h.authorization !== undefined) return false;
      if (h['content-encoding'] !== undefined || h['transfer-encoding'] !== undefined || h.expect !== undefined) return false;
      if (!JSON_REQUEST_TYPES.has(h['content-type'] ?? '')) return false;
      const length = Number(h['content-length']);
      if (!(length > 0 && length <= MAX_KEPT_POST_BODY) || VERBOSE_LEVELS.has(app.log.level)) return false;
      // Decided once the connection's packet is parsed: a body that came with its headers is complete by then. One
      // still on its way goes to Fastify untouched (its timeouts and graceful shutdown apply as to any request).
      setImmediate(() => {
        const body = req.complete ? (req.read() as Buffer | null) : null;
        if (!body || body.length !== length) {
          if (body) req.unshift(body);
          next();
          return;
        }
        const answer = readModel.peekKept(postKey(body));
        const representation = answer?.sent?.[encodingFor(h['accept-encoding'], answer) ?? 'identity'];
        if (representation) {
          res.writeHead(200, representation.ok).end(representation.body);
          return;
        }
        req[READ_BODY] = body;
        next();
      });
      return true;
    }

    /** Answers waiting for their onSend to be kept, by request. */
    const toKeep = new WeakMap<IncomingMessage, { answer: CachedAnswer; from: string; value: unknown }>();
    app.decorate('keepPostAnswer', (request: FastifyRequest, answer: CachedAnswer, from: string, value: unknown) => {
      if ((request.raw as ReadRequest)[READ_BODY]) toKeep.set(request.raw, { answer, from, value });
    });
    app.decorate('keptPostRoute', {
      preParsing: (request, _reply, payload, done) => {
        const body = (request.raw as ReadRequest)[READ_BODY];
        if (!body) return done(null, payload);
        done(null, new PassThrough().end(body));
      },
      // A route-level onSend runs after every instance-level one: the headers are all set but Content-Length.
      onSend: (request, reply, payload, done) => {
        const kept = toKeep.get(request.raw);
        const body = (request.raw as ReadRequest)[READ_BODY];
        if (kept && body && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
          const headers: Record<string, string> = {};
          let plain = true;
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (Array.isArray(value) || value === undefined || name === 'connection' || name === 'set-cookie') plain = false;
            else headers[name] = String(value);
          }
          if (plain) {
            const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
            headers['content-length'] = String(bytes.length);
            const encoding = headers['content-encoding'];
            const slot = encoding === 'br' || encoding === 'gzip' ? encoding : encoding === undefined ? 'identity' : undefined;
            if (slot) {
              (kept.answer.sent ??= {})[slot] = { ok: headers, notModified: {}, body: bytes };
              readModel.keep(postKey(body), kept.answer, kept.from, kept.value);
            }
          }
        }
        done(null, payload);
      },
    } satisfies FastifyInstance['keptPostRoute']);
    app.decorate('answerFromMemory', answerFromMemory);
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
