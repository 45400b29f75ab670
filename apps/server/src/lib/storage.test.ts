import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage, createS3Storage, isStoredImageKey } from './storage.js';

let root: string;
let uploads: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'shop-storage-'));
  uploads = join(root, 'uploads');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('isStoredImageKey', () => {
  it.each(['products/abc-123.webp', 'a.webp', 'blogs/x_y/Z-1.webp'])('accepts %s', (key) => {
    expect(isStoredImageKey(key)).toBe(true);
  });
  it.each([
    '../a.webp',
    'a/../../b.webp',
    '/a.webp',
    'a//b.webp',
    'a/./b.webp',
    '.webp',
    'a.png',
    'a.webp?x=1',
    'a.webp/',
    'a\\b.webp',
    'a%2f..%2fb.webp',
    '',
  ])('refuses %j', (key) => {
    expect(isStoredImageKey(key)).toBe(false);
  });
});

describe('local storage', () => {
  it('puts bytes under the key and answers the /uploads URL', async () => {
    const storage = createLocalStorage(uploads);
    const url = await storage.put('products/deep/a1.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(url).toBe('/uploads/products/deep/a1.webp');
    expect(readFileSync(join(uploads, 'products/deep/a1.webp'), 'utf8')).toBe('webp bytes');
    expect(storage.keyOf(url)).toBe('products/deep/a1.webp');
  });

  it('deletes what it stored and ignores unknown or missing files', async () => {
    const storage = createLocalStorage(uploads);
    const url = await storage.put('blogs/b1.webp', Buffer.from('x'), 'image/webp');
    await storage.delete(url);
    expect(existsSync(join(uploads, 'blogs/b1.webp'))).toBe(false);
    await storage.delete(url);
    await storage.delete('https://elsewhere.example/uploads/blogs/b1.webp');
    await storage.delete('/static/blogs/b1.webp');
  });

  it.each(['../escape.webp', 'a/../../escape.webp', '..', '.', '', 'sliders/../../escape.webp'])(
    'refuses the path traversal key %j',
    async (key) => {
      const storage = createLocalStorage(uploads);
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/bad storage key/);
      expect(existsSync(join(root, 'escape.webp'))).toBe(false);
      expect(existsSync(join(dirname(root), 'escape.webp'))).toBe(false);
    },
  );

  it('keeps an absolute-looking key inside the uploads folder', async () => {
    const storage = createLocalStorage(uploads);
    await storage.put('/tmp-abs/x.webp', Buffer.from('x'), 'image/webp');
    expect(existsSync(join(uploads, 'tmp-abs/x.webp'))).toBe(true);
  });

  it('never deletes outside the uploads folder, whatever the URL says', async () => {
    const storage = createLocalStorage(uploads);
    const outside = join(root, 'keep.webp');
    await createLocalStorage(root).put('keep.webp', Buffer.from('precious'), 'image/webp');
    for (const url of ['/uploads/../keep.webp', '/uploads/x/../../keep.webp', '/uploads//keep.webp/..', `/uploads/${relative(uploads, outside)}`]) {
      expect(storage.keyOf(url)).toBeNull();
      await storage.delete(url);
    }
    expect(readFileSync(outside, 'utf8')).toBe('precious');
  });

  it('works with a trailing-slash or relative uploads folder', async () => {
    const trailing = createLocalStorage(`${uploads}/`);
    expect(await trailing.put('t/one.webp', Buffer.from('1'), 'image/webp')).toBe('/uploads/t/one.webp');
    expect(existsSync(join(uploads, 't/one.webp'))).toBe(true);
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const rel = createLocalStorage('uploads');
      await rel.put('t/two.webp', Buffer.from('2'), 'image/webp');
      await expect(rel.put('../three.webp', Buffer.from('3'), 'image/webp')).rejects.toThrow();
    } finally {
      process.chdir(cwd);
    }
    expect(existsSync(join(uploads, 't/two.webp'))).toBe(true);
  });
});

describe('S3 storage', () => {
  const s3 = {
    bucket: 'farm-images',
    region: 'ap-south-1',
    endpoint: 'https://s3.example.test',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
    publicUrl: 'https://cdn.example.test',
  };
  const calls: Array<{ url: string; method: string; headers: Record<string, string>; body?: Uint8Array }> = [];
  let status = 200;
  beforeAll(() => {
    vi.stubGlobal('fetch', async (url: URL, init: { method: string; headers: Record<string, string>; body?: Uint8Array }) => {
      calls.push({ url: String(url), method: init.method, headers: init.headers, body: init.body });
      return new Response(null, { status });
    });
  });
  afterEach(() => {
    calls.length = 0;
    status = 200;
  });
  afterAll(() => vi.unstubAllGlobals());

  it('PUTs signed requests and answers the public URL', async () => {
    const storage = createS3Storage(s3);
    const data = Buffer.from('webp bytes');
    const url = await storage.put('products/p1.webp', data, 'image/webp');
    expect(url).toBe('https://cdn.example.test/products/p1.webp');
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.method).toBe('PUT');
    expect(call.url).toBe('https://s3.example.test/farm-images/products/p1.webp');
    expect(call.headers['content-type']).toBe('image/webp');
    expect(call.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(data).digest('hex'));
    expect(call.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(call.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(Buffer.from(call.body!)).toEqual(data);
  });

  it('DELETEs only URLs it made, and treats 404 as done', async () => {
    const storage = createS3Storage(s3);
    status = 404;
    await storage.delete('https://cdn.example.test/products/p1.webp');
    expect(calls.map((c) => [c.method, c.url])).toEqual([['DELETE', 'https://s3.example.test/farm-images/products/p1.webp']]);
    calls.length = 0;
    for (const url of [
      'https://other.example/products/p1.webp',
      'https://cdn.example.test/../other-bucket/x.webp',
      'https://cdn.example.test/products/../../other-bucket/x.webp',
      'https://cdn.example.test/products/p1.png',
    ]) {
      expect(storage.keyOf(url)).toBeNull();
      await storage.delete(url);
    }
    expect(calls).toEqual([]);
  });

  it('refuses keys that would leave the bucket, and reports failed uploads', async () => {
    const storage = createS3Storage(s3);
    await expect(storage.put('../other-bucket/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/bad storage key/);
    expect(calls).toEqual([]);
    status = 500;
    await expect(storage.put('products/p2.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/failed with 500/);
  });

  it('uses the endpoint and bucket as the public base when no public URL is set', async () => {
    const storage = createS3Storage({ ...s3, publicUrl: '' });
    expect(await storage.put('a/b.webp', Buffer.from('x'), 'image/webp')).toBe('https://s3.example.test/farm-images/a/b.webp');
    expect(storage.keyOf('https://s3.example.test/farm-images/a/b.webp')).toBe('a/b.webp');
  });
});
