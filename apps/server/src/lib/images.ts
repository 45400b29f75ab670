/**
 * Uploaded images: data URLs from the browser, checked by their real bytes (JPEG, PNG, WebP, GIF; never SVG
 * or HTML), re-encoded to WebP at a few widths, stored, and answered as the URL of the largest.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_MAX_WIDTH, IMAGE_WIDTHS } from '@shop/domain/images';
import { MAX_IMAGE_BYTES } from '@shop/domain/constants';
import { badRequest } from './http-errors.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './storage.js';

/** Pixel cap against decompression bombs (a tiny file that decodes to gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;

type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

/** The image type given by the file's magic bytes, or null. */
export function sniffImageType(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('ascii', 0, 6))) return 'gif';
  return null;
}

/** Decodes a `data:...;base64,` URL; the declared type is ignored (bytes decide). */
export function decodeDataUrl(dataUrl: string, field = 'image'): Buffer {
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(dataUrl);
  if (!match) throw badRequest(`${field} must be an image read as a data URL`);
  const bytes = Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64');
  if (bytes.length === 0) throw badRequest(`${field} is empty`);
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(`${field} is too large (at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`);
  return bytes;
}

/** Checks and re-encodes an uploaded image; answers the WebP variants by width (max first). */
export async function toWebpVariants(bytes: Buffer, field = 'image'): Promise<Map<number | 'max', Buffer>> {
  const kind = sniffImageType(bytes);
  if (!kind) throw badRequest(`${field} must be a JPEG, PNG, WebP or GIF image`);
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' }).rotate();
  try {
    const meta = await input().metadata();
    if (!meta.width || !meta.height) throw badRequest(`${field} could not be read as an image`);
    const variants = new Map<number | 'max', Buffer>();
    variants.set('max', await input().resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer());
    for (const width of IMAGE_WIDTHS) {
      variants.set(width, await input().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
    }
    return variants;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw badRequest(`${field} could not be read as an image`);
  }
}

/** Stores an uploaded data URL under `folder` and answers its URL (the largest WebP). */
export async function storeImage(storage: Storage, dataUrl: string, folder: string, field = 'image'): Promise<string> {
  const variants = await toWebpVariants(decodeDataUrl(dataUrl, field), field);
  return storeVariants(storage, variants, folder);
}

/** Stores already-encoded variants (used by the demo seed too). */
export async function storeVariants(storage: Storage, variants: Map<number | 'max', Buffer>, folder: string): Promise<string> {
  const stem = `${folder}/${randomUUID()}`;
  let url = '';
  for (const [width, data] of variants) {
    const stored = await storage.put(width === 'max' ? `${stem}.webp` : `${stem}-${width}.webp`, data, 'image/webp');
    if (width === 'max') url = stored;
  }
  return url;
}

/** Deletes an image this server stored, with its sized variants. Other URLs are left alone. */
export async function deleteImage(storage: Storage, url: string | null | undefined): Promise<void> {
  if (!url || !url.endsWith('.webp') || storage.keyOf(url) === null) return;
  const stem = url.slice(0, -'.webp'.length);
  await Promise.all([storage.delete(url), ...IMAGE_WIDTHS.map((w) => storage.delete(`${stem}-${w}.webp`))]);
}

/**
 * Removes a stored image without failing the request: the row is already written, and a file left behind
 * (storage unreachable) costs only space, while a 5xx would misreport a saved change. `kind` names it in the log.
 */
export async function discardImage(
  { storage, log }: { storage: Storage; log: FastifyBaseLogger },
  url: string | null | undefined,
  kind: 'blog' | 'product' | 'slider',
): Promise<void> {
  try {
    await deleteImage(storage, url);
  } catch (err) {
    log.warn({ err, url }, `could not delete a ${kind} image`);
  }
}
