/**
 * The read model: the public catalogue answers (JSON text and its ETag) kept in memory, filled on first ask.
 *
 * Every write to the catalogue tables sends a notice (triggers in drizzle/0001_catalogue_notify.sql, heard by
 * catalogue-notices.ts on every instance) and the whole model is dropped: the catalogue is small and changes rarely,
 * so refilling is cheaper than working out which answers a write touched. A missed notice (the listening connection
 * was down) is covered by age: an answer older than FRESH_MS is refreshed in the background while it is still served,
 * and one older than MAX_AGE_MS is never served.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export interface CachedAnswer {
  /** The serialised JSON body. */
  body: string;
  /** A strong ETag of the body, quoted. */
  etag: string;
  /** The body compressed, made on first ask of each encoding and kept with the answer. */
  br?: Buffer;
  gzip?: Buffer;
  /**
   * How the answer is sent, set by the route that kept it (plugins/read-model.ts): its headers in each encoding,
   * made once. An answer without it has not been sent yet and is not answered from memory before Fastify.
   */
  sent?: SentAnswer;
}

/** One encoding of a kept answer, ready to write: a 200 and a 304 with all their headers, and the body. */
export interface Representation {
  ok: Record<string, string>;
  notModified: Record<string, string>;
  body: Buffer;
}

interface SentAnswer {
  br?: Representation;
  gzip?: Representation;
  identity?: Representation;
}

/** Answers smaller than this go as they are: compressing them saves less than the header costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The answer's body in `encoding`, compressed once and kept: a phone on a slow network gets a tenth of the bytes,
 * and the CPU spends nothing per request. Brotli at quality 5, as for the API's other answers (app.ts).
 */
export function compressedBody(answer: CachedAnswer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return answer.br;
  }
  answer.gzip ??= gzipSync(answer.body);
  return answer.gzip;
}

interface Entry<T> {
  answer?: T;
  /** When the answer was loaded (ms since epoch). */
  loadedAt: number;
  /** The load under way, shared by every request that waits for it. */
  pending?: Promise<T>;
}

export interface ReadModelOptions {
  /** Answers younger than this are served as they are. */
  freshMs?: number;
  /** Answers older than this are never served: the upper bound on staleness when a notice is missed. */
  maxAgeMs?: number;
  /** Most answers kept (lists by page, search words...): a crawler walking page numbers cannot grow memory. */
  maxEntries?: number;
  clock?: () => number;
}

const FRESH_MS = 2_000;
const MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 5_000;
/** Most answers kept by request body (getcart's carts): each may hold a body of up to 8 KB as its key. */
const MAX_KEPT = 1_000;

function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class ReadModel {
  private readonly entries = new Map<string, Entry<CachedAnswer>>();
  /** Things derived from the catalogue that are not answers (the search vocabulary), kept on the same terms. */
  private readonly values = new Map<string, Entry<unknown>>();
  /** Answers to POSTs by their exact request body (plugins/read-model.ts), written before Fastify sees the request. */
  private readonly kept = new Map<string, Entry<CachedAnswer>>();
  /** Bumped by every invalidation: a load that started before one is not kept. */
  private generation = 0;
  private readonly freshMs: number;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly clock: () => number;

  constructor(opts: ReadModelOptions = {}) {
    this.freshMs = opts.freshMs ?? FRESH_MS;
    this.maxAgeMs = opts.maxAgeMs ?? MAX_AGE_MS;
    this.maxEntries = opts.maxEntries ?? MAX_ENTRIES;
    this.clock = opts.clock ?? Date.now;
  }

  /** The answer under `key`, loading it (once, however many ask at the same time) when missing or too old. */
  get(key: string, load: () => Promise<string>): Promise<CachedAnswer> {
    return this.cached(this.entries, key, async () => {
      const body = await load();
      return { body, etag: etagOf(body) };
    });
  }

  /**
   * The answer under `key` when it is kept and fresh, without loading anything: what may be sent before Fastify
   * sees the request. A stale or missing one is left to the route, which refreshes it.
   */
  peek(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry?.answer === undefined || this.clock() - entry.loadedAt >= this.freshMs) return undefined;
    return entry.answer;
  }

  /**
   * Keeps `answer` under `key` for `peekKept`, as old as the value under `from` (memo) it was made from, and only
   * if `value` is that value and fresh: an answer made from a dropped or stale snapshot is not kept.
   */
  keep(key: string, answer: CachedAnswer, from: string, value: unknown): void {
    const source = this.values.get(from);
    if (source?.answer === undefined || source.answer !== value || this.clock() - source.loadedAt >= this.freshMs) return;
    if (!this.kept.has(key) && this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { answer, loadedAt: source.loadedAt });
  }

  /** The answer `keep` put under `key`, while fresh (dropped with the rest of the model). */
  peekKept(key: string): CachedAnswer | undefined {
    const entry = this.kept.get(key);
    if (entry?.answer === undefined || this.clock() - entry.loadedAt >= this.freshMs) return undefined;
    return entry.answer;
  }

  /** A value derived from the catalogue, kept and dropped like the answers. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cached(this.values as Map<string, Entry<T>>, key, load);
  }

  private cached<T>(entries: Map<string, Entry<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const entry = entries.get(key);
    if (entry?.answer !== undefined) {
      const age = now - entry.loadedAt;
      if (age < this.freshMs) return Promise.resolve(entry.answer);
      if (age < this.maxAgeMs) {
        // Stale but within the bound: answer now, refresh behind it.
        if (!entry.pending) this.load(entries, key, load).catch(() => undefined);
        return Promise.resolve(entry.answer);
      }
    }
    if (entry?.pending) return entry.pending;
    return this.load(entries, key, load);
  }

  private load<T>(entries: Map<string, Entry<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    const startedAt = this.clock();
    let entry = entries.get(key);
    if (!entry) {
      if (entries.size >= this.maxEntries) entries.delete(entries.keys().next().value!);
      entry = { loadedAt: 0 };
      entries.set(key, entry);
    }
    const target = entry;
    const pending = load().then(
      (answer) => {
        if (this.generation === generation && entries.get(key) === target) {
          target.answer = answer;
          target.loadedAt = startedAt;
          target.pending = undefined;
        }
        return answer;
      },
      (err: unknown) => {
        if (entries.get(key) === target) {
          target.pending = undefined;
          if (target.answer === undefined) entries.delete(key);
        }
        throw err;
      },
    );
    target.pending = pending;
    return pending;
  }

  /** Drops every answer: the next ask of each loads it from the database. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.values.clear();
    this.kept.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
