/** Where uploaded images live: local disk under DATA_DIR/uploads (served at /uploads) or an S3 bucket. */
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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

const LOCAL_UPLOADS_PREFIX = '/uploads/';

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

/**
 * S3-compatible storage through the official AWS SDK client (signing, retries, checksums and providers' quirks are
 * its job). An S3_ENDPOINT (MinIO, R2, Spaces, s3rver) is addressed path-style, as those providers expect.
 */
export function createS3Storage(s3: Config['storage']['s3']): Storage {
  const endpoint = (s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`).replace(/\/+$/, '');
  const publicBase = s3.publicUrl || `${endpoint}/${s3.bucket}`;
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint, forcePathStyle: true } : {}),
    credentials: s3.accessKeyId ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // The SDK's default CRC checksums on every upload are not understood by several S3-compatible servers;
    // checksums are sent where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });

  // Only plain keys are sent: a `..` segment would be resolved away and reach outside the folder or bucket.
  const checked = (key: string) => {
    if (!/^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*\.[a-z0-9]+$/i.test(key)) throw new Error(`bad storage key ${key}`);
    return key;
  };
  const keyOf = (url: string) => {
    if (!url.startsWith(publicBase + '/')) return null;
    const key = url.slice(publicBase.length + 1);
    return isStoredImageKey(key) ? key : null;
  };
  return {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: checked(key),
          Body: data,
          ContentType: contentType,
          // Every key is a fresh random name, so what is stored under it never changes.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `${publicBase}/${key}`;
    },
    async delete(url) {
      const key = keyOf(url);
      // S3 answers a delete of a missing key with 204, so a second delete is harmless.
      if (key) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: checked(key) }));
    },
    keyOf,
  };
}

export function createStorage(config: Config): Storage {
  return config.storage.kind === 's3' ? createS3Storage(config.storage.s3) : createLocalStorage(config.storage.uploadsDir);
}
