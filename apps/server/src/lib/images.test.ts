import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@shop/domain/constants';
import { decodeDataUrl, deleteImage, discardImage, sniffImageType, storeImage, toWebpVariants } from './images.js';
import { HttpError } from './http-errors.js';
import { createLocalStorage, type Storage } from './storage.js';

let dir: string;
let storage: Storage;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-images-'));
  storage = createLocalStorage(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c98b2b' } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#3f5a2a"/></svg>`) },
  ]);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** CRC-32 as PNG chunks use it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/**
 * A complete, valid 1-bit greyscale PNG of width x height, all black: it compresses about 1000:1, which is
 * exactly the shape of a decompression bomb (20000 x 20000 is 400 million pixels in about 50 KB).
 */
function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rowBytes = Math.ceil(width / 8) + 1; // a filter byte, then the packed pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expect400(promise: Promise<unknown>, message?: RegExp) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).statusCode).toBe(400);
  if (message) expect((err as HttpError).message).toMatch(message);
}

describe('sniffImageType', () => {
  it('knows the four accepted types by their magic bytes', async () => {
    const base = picture(16, 16);
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('gif');
  });

  it('answers null for SVG, HTML, text and short input', () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<!doctype html><html></html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('hello'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('toWebpVariants', () => {
  it.each([
    ['PNG', (s: sharp.Sharp) => s.png()],
    ['JPEG', (s: sharp.Sharp) => s.jpeg()],
    ['WebP', (s: sharp.Sharp) => s.webp()],
    ['GIF', (s: sharp.Sharp) => s.gif()],
  ])('re-encodes a %s to WebP at 1200, 640 and 320 wide', async (_type, encode) => {
    const input = await encode(picture(1500, 1000)).toBuffer();
    const variants = await toWebpVariants(input);
    expect([...variants.keys()]).toEqual(['max', 320, 640]);
    const widths: Record<string, number> = {};
    for (const [key, bytes] of variants) {
      expect(sniffImageType(bytes)).toBe('webp');
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      widths[String(key)] = meta.width!;
    }
    expect(widths).toEqual({ max: 1200, 320: 320, 640: 640 });
  });

  it('never enlarges a small image', async () => {
    const variants = await toWebpVariants(await picture(100, 80).png().toBuffer());
    for (const bytes of variants.values()) expect((await sharp(bytes).metadata()).width).toBe(100);
  });

  it('applies the EXIF orientation and drops the metadata', async () => {
    const input = await picture(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const max = (await toWebpVariants(input)).get('max')!;
    const meta = await sharp(max).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ['HTML', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['plain text', Buffer.from('just some text')],
    ['garbage bytes', Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256))],
  ])('refuses %s with 400', async (_name, bytes) => {
    await expect400(toWebpVariants(bytes), /must be a JPEG, PNG, WebP or GIF image/);
  });

  it('refuses image magic bytes followed by garbage', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]);
    await expect400(toWebpVariants(fake), /could not be read/);
    await expect400(toWebpVariants(Buffer.from('GIF89a<html>')), /could not be read/);
  });

  it.each(['png', 'jpeg', 'webp'] as const)('refuses a truncated %s', async (format) => {
    const whole = await picture(400, 300)[format]().toBuffer();
    await expect400(toWebpVariants(whole.subarray(0, Math.floor(whole.length / 2))), /could not be read/);
  });

  it('accepts a well-formed PNG of a sane size made the same way as the bomb below', async () => {
    const variants = await toWebpVariants(blackPng(2000, 1500));
    expect((await sharp(variants.get('max')!).metadata()).width).toBe(1200);
  });

  it('refuses a decompression bomb (a ~50 KB PNG of 20000 x 20000 pixels) quickly', async () => {
    const bomb = blackPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    const started = Date.now();
    await expect400(toWebpVariants(bomb), /could not be read/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('names the field in its messages', async () => {
    await expect400(toWebpVariants(Buffer.from('x'), 'cover'), /^cover must be/);
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 data URLs, ignoring the declared type and whitespace', () => {
    expect(decodeDataUrl('data:image/png;base64,aGVs\nbG8=')).toEqual(Buffer.from('hello'));
    expect(decodeDataUrl('data:;base64,aGVsbG8=')).toEqual(Buffer.from('hello'));
  });

  it.each([
    ['an http URL', 'https://example.com/a.png'],
    ['a non-base64 data URL', 'data:image/png,rawbytes'],
    ['an empty image', 'data:image/png;base64,'],
  ])('refuses %s with 400', (_name, value) => {
    expect(() => decodeDataUrl(value)).toThrow(HttpError);
  });

  it('refuses an image larger than the cap with 400', () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(() => decodeDataUrl(dataUrl(big))).toThrow(/too large/);
    const exact = Buffer.alloc(MAX_IMAGE_BYTES);
    expect(decodeDataUrl(dataUrl(exact)).length).toBe(MAX_IMAGE_BYTES);
  });
});

describe('storeImage and deleteImage', () => {
  it('stores the variants under the folder and answers the largest one', async () => {
    const bytes = await picture(900, 600).jpeg().toBuffer();
    // The declared type is ignored: the bytes are a JPEG.
    const url = await storeImage(storage, dataUrl(bytes, 'image/svg+xml'), 'products');
    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);
    const stem = url.slice('/uploads/'.length, -'.webp'.length);
    for (const name of [`${stem}.webp`, `${stem}-320.webp`, `${stem}-640.webp`]) {
      expect(existsSync(join(dir, name))).toBe(true);
      expect((await sharp(join(dir, name)).metadata()).format).toBe('webp');
    }
    await deleteImage(storage, url);
    for (const name of [`${stem}.webp`, `${stem}-320.webp`, `${stem}-640.webp`]) expect(existsSync(join(dir, name))).toBe(false);
  });

  it('refuses SVG and HTML data URLs without storing anything', async () => {
    const before = existsSync(join(dir, 'blogs')) ? readdirSync(join(dir, 'blogs')).length : 0;
    await expect400(storeImage(storage, dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'), 'blogs'));
    await expect400(storeImage(storage, dataUrl(Buffer.from('<html></html>'), 'image/png'), 'blogs'));
    const after = existsSync(join(dir, 'blogs')) ? readdirSync(join(dir, 'blogs')).length : 0;
    expect(after).toBe(before);
  });

  it('leaves URLs it did not make alone', async () => {
    const url = await storeImage(storage, dataUrl(await picture(50, 50).png().toBuffer()), 'sliders');
    const file = join(dir, url.slice('/uploads/'.length));
    for (const other of [
      null,
      undefined,
      '',
      'https://cdn.example.com/x.webp',
      url.replace('.webp', '.png'),
      `/uploads/sliders/../sliders/${url.split('/').pop()}`,
      '/uploads/../../etc/passwd.webp',
    ]) {
      await deleteImage(storage, other);
    }
    expect(existsSync(file)).toBe(true);
    await deleteImage(storage, url);
    expect(existsSync(file)).toBe(false);
    // Deleting again is harmless.
    await deleteImage(storage, url);
  });
});

describe('discardImage', () => {
  it('deletes the image, and when storage fails it logs a warning instead of failing the saved change', async () => {
    const url = await storeImage(storage, dataUrl(await picture(50, 50).png().toBuffer()), 'blogs');
    const log = { warn: vi.fn() };
    const quiet = { storage, log } as unknown as Parameters<typeof discardImage>[0];
    await discardImage(quiet, url, 'blog');
    expect(existsSync(join(dir, url.slice('/uploads/'.length)))).toBe(false);
    expect(log.warn).not.toHaveBeenCalled();

    const unreachable: Storage = { ...storage, delete: () => Promise.reject(new Error('storage unreachable')) };
    const stored = await storeImage(storage, dataUrl(await picture(50, 50).png().toBuffer()), 'blogs');
    await expect(discardImage({ ...quiet, storage: unreachable }, stored, 'blog')).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ url: stored }), 'could not delete a blog image');
  });
});
