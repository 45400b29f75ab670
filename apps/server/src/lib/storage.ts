/** Where uploaded images live: local disk under DATA_DIR/uploads (served at /uploads) or an S3 bucket. */
import { createHash, createHmac } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import type { Config } from '../config.js';

export interface Storage {
  /** Stores bytes under `key` (e.g. `products/ab12.webp`) and answers the public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes what `put` stored under the key that made this URL; unknown URLs are ignored. */
  delete(url: string): Promise<void>;
  /** The key of a URL this storage made, or null. */
  keyOf(url: string): string | null;
}

export const LOCAL_UPLOADS_PREFIX = '/uploads/';

/**
 * The keys this server makes and will delete: `folder/name.webp` (letters, digits, `_`, `-`; no empty, `.` or `..`
 * segment). A URL whose key fails this is not ours, so a client-sent URL can never reach outside the uploads.
 */
export function isStoredImageKey(key: string): boolean {
  return /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*\.webp$/i.test(key);
}

export function createLocalStorage(uploadsDir: string): Storage {
  // Resolved once: a relative or trailing-slash directory must not break the containment check below.
  const root = resolve(uploadsDir);
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`bad storage key ${key}`);
    return path;
  };
  const keyOf = (url: string) => {
    if (!url.startsWith(LOCAL_UPLOADS_PREFIX)) return null;
    const key = url.slice(LOCAL_UPLOADS_PREFIX.length);
    return isStoredImageKey(key) ? key : null;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
      return LOCAL_UPLOADS_PREFIX + key;
    },
    async delete(url) {
      const key = keyOf(url);
      if (key) await rm(pathOf(key), { force: true });
    },
    keyOf,
  };
}

/** S3-compatible storage with AWS Signature V4 over fetch (PUT and DELETE only). */
export function createS3Storage(s3: Config['storage']['s3']): Storage {
  const endpoint = (s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`).replace(/\/+$/, '');
  const publicBase = s3.publicUrl || `${endpoint}/${s3.bucket}`;
  const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

  async function send(method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    // `new URL` would resolve `..` segments and escape the bucket; only plain keys are sent.
    if (!/^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*\.[a-z0-9]+$/i.test(key)) throw new Error(`bad storage key ${key}`);
    const url = new URL(`${endpoint}/${s3.bucket}/${key}`);
    const now = new Date();
    const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const signedHeaders = Object.keys(headers).sort();
    const canonicalHeaders = signedHeaders.map((h) => `${h}:${headers[h]}\n`).join('');
    const canonical = [method, url.pathname, '', canonicalHeaders, signedHeaders.join(';'), payloadHash].join('\n');
    const scope = `${day}/${s3.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const kDate = hmac(`AWS4${s3.secretAccessKey}`, day);
    const kSigning = hmac(hmac(hmac(kDate, s3.region), 's3'), 'aws4_request');
    const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/${scope}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`;
    delete headers.host;
    const res = await fetch(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`S3 ${method} ${key} failed with ${res.status}`);
    }
  }

  const keyOf = (url: string) => {
    if (!url.startsWith(publicBase + '/')) return null;
    const key = url.slice(publicBase.length + 1);
    return isStoredImageKey(key) ? key : null;
  };
  return {
    async put(key, data, contentType) {
      await send('PUT', key, data, contentType);
      return `${publicBase}/${key}`;
    },
    async delete(url) {
      const key = keyOf(url);
      if (key) await send('DELETE', key);
    },
    keyOf,
  };
}

export function createStorage(config: Config): Storage {
  return config.storage.kind === 's3' ? createS3Storage(config.storage.s3) : createLocalStorage(config.storage.uploadsDir);
}
