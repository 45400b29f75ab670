/**
 * The built apps' files, read into memory once at start-up with their brotli/gzip copies (written by
 * scripts/precompress.mjs at build time). A build never changes while the server runs, so a request costs
 * a map lookup: no stat, no open, no compression (@fastify/static stats every file on every request, and
 * three times with `preCompressed`). Uploaded images, which change at run time, stay on @fastify/static.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface StaticFile {
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  type: string;
  /** Strong validator of the file's bytes; the compressed copies get `-br` / `-gz` after it. */
  etag: string;
  lastModified: string;
  cacheControl: string;
}

/** Hashed build output never changes under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML is checked on every visit, so a deploy reaches a returning visitor at once (answered 304 when unchanged). */
export const REVALIDATE = 'no-cache';
/** Unhashed public files (videos, icons): kept a day, then revalidated. */
const PUBLIC_FILE = 'public, max-age=86400';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

const readIfExists = (path: string): Buffer | undefined => {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
};

/**
 * Every file under `root` as `urlPrefix + relative path`. Dot directories (Vite's `.vite/manifest.json`)
 * and the `.br`/`.gz` copies themselves are not served as files.
 */
export function loadStaticDir(root: string, urlPrefix: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      if (/\.(br|gz)$/.test(entry.name)) continue;
      const body = readFileSync(path);
      const rel = relative(root, path).split(sep).join('/');
      const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
      files.set(urlPrefix + rel, {
        body,
        br: readIfExists(`${path}.br`),
        gzip: readIfExists(`${path}.gz`),
        type: TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        etag,
        lastModified: statSync(path).mtime.toUTCString(),
        cacheControl: rel.startsWith('assets/') ? IMMUTABLE : rel.endsWith('.html') ? REVALIDATE : PUBLIC_FILE,
      });
    }
  };
  walk(root);
  return files;
}

/** The best encoding the request accepts among those we have (`br` before `gzip`); q=0 means refused. */
export function pickEncoding(acceptEncoding: string | undefined, has: { br: boolean; gzip: boolean }): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (has.br && accepted.has('br')) return 'br';
  if (has.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}

/** The strong ETag of one encoding of a representation: each encoding is its own ("…-br", "…-gz"). */
export function encodedEtag(etag: string, encoding: 'br' | 'gzip' | undefined): string {
  return encoding ? etag.replace(/"$/, encoding === 'br' ? '-br"' : '-gz"') : etag;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` and our encoding suffix do not matter. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '').replace(/-(br|gz)"$/, '"');
  const mine = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === mine);
}

/** Sends a file (or a 304, or one byte range of an uncompressed file such as a video) with its headers. */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  const compressible = Boolean(file.br ?? file.gzip);
  const encoding = pickEncoding(request.headers['accept-encoding'], { br: Boolean(file.br), gzip: Boolean(file.gzip) });
  void reply.header('cache-control', file.cacheControl).header('etag', encodedEtag(file.etag, encoding)).header('last-modified', file.lastModified);
  if (compressible) void reply.header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();

  void reply.type(file.type);
  if (encoding) return reply.header('content-encoding', encoding).send(encoding === 'br' ? file.br : file.gzip);

  // Videos: Safari asks for byte ranges and will not play a file answered without them.
  const range = !compressible ? /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '') : null;
  void reply.header('accept-ranges', 'bytes');
  if (range && (range[1] || range[2])) {
    const size = file.body.length;
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) return reply.code(416).header('content-range', `bytes */${size}`).send();
    return reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`).send(file.body.subarray(start, end + 1));
  }
  return reply.send(file.body);
}
