import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@shop/domain/images';
import { createTestShop, PNG_DATA_URL } from '../test/harness.js';
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

// A real S3-compatible server (s3rver) on a local port, not a mock: the SDK signs, sends and reads for real.
describe('S3 storage against s3rver', () => {
  const port = Number(process.env.S3RVER_TEST_PORT ?? 4167);
  const endpoint = `http://127.0.0.1:${port}`;
  const s3 = {
    bucket: 'farm-images',
    region: 'ap-south-1',
    endpoint,
    // s3rver's built-in account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: '',
  };
  let server: S3rver;
  beforeAll(async () => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: join(root, 's3rver'),
      configureBuckets: [{ name: s3.bucket, configs: [] }],
    });
    await server.run();
  });
  afterAll(() => server.close());

  it('uploads, answers a public URL that serves the bytes, and deletes', async () => {
    const storage = createS3Storage(s3);
    const data = Buffer.from('RIFF....WEBPVP8 not really an image but bytes all the same');
    const url = await storage.put('products/p1.webp', data, 'image/webp');
    expect(url).toBe(`${endpoint}/farm-images/products/p1.webp`);
    expect(storage.keyOf(url)).toBe('products/p1.webp');

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(data);

    await storage.delete(url);
    expect((await fetch(url)).status).toBe(404);
    // Deleting again, or a URL that was never stored, is not an error.
    await storage.delete(url);
    await storage.delete(`${endpoint}/farm-images/products/never-stored.webp`);
  });

  it('deletes only URLs it made, never another bucket or path', async () => {
    const storage = createS3Storage(s3);
    const kept = await storage.put('products/kept.webp', Buffer.from('keep me'), 'image/webp');
    for (const url of [
      'https://other.example/products/kept.webp',
      `${endpoint}/farm-images/../farm-images/products/kept.webp`,
      `${endpoint}/farm-images/products/../products/kept.webp`,
      `${endpoint}/farm-images/products/kept.png`,
      `${endpoint}/other-bucket/products/kept.webp`,
    ]) {
      expect(storage.keyOf(url)).toBeNull();
      await storage.delete(url);
    }
    expect(await (await fetch(kept)).text()).toBe('keep me');
  });

  it('refuses keys that would leave the bucket, before sending anything', async () => {
    const storage = createS3Storage(s3);
    for (const key of ['../other-bucket/x.webp', 'a/../../x.webp', '', 'a//b.webp']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/bad storage key/);
    }
  });

  it('reports a failed upload: an unknown access key is refused by the server, as is a missing bucket', async () => {
    // (s3rver checks the access key but not V4 signatures, so a wrong secret would pass here.)
    await expect(createS3Storage({ ...s3, accessKeyId: 'NOT-A-KEY' }).put('products/p2.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Access Key Id/i,
    );
    await expect(createS3Storage({ ...s3, bucket: 'no-such-bucket' }).put('products/p2.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /bucket/i,
    );
    expect((await fetch(`${endpoint}/farm-images/products/p2.webp`)).status).toBe(404);
  });

  it('answers URLs under S3_PUBLIC_URL (a CDN) when it is set', async () => {
    const storage = createS3Storage({ ...s3, publicUrl: 'https://cdn.example.test/img' });
    const url = await storage.put('a/b.webp', Buffer.from('x'), 'image/webp');
    expect(url).toBe('https://cdn.example.test/img/a/b.webp');
    expect(storage.keyOf(url)).toBe('a/b.webp');
    expect(await (await fetch(`${endpoint}/farm-images/a/b.webp`)).text()).toBe('x');
    await storage.delete(url);
    expect((await fetch(`${endpoint}/farm-images/a/b.webp`)).status).toBe(404);
  });

  it('through the API: a product image goes to the bucket in every size, and replacing it deletes the old files', async () => {
    const shop = await createTestShop({
      STORAGE: 's3',
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    try {
      const admin = await shop.createAdmin();
      const category = (await shop.request({ method: 'POST', url: '/api/category', token: admin.token, payload: { name: 'Ghee' } })).json().category;
      const created = await shop.request({
        method: 'POST',
        url: '/api/products',
        token: admin.token,
        payload: { name: 'Bucket Ghee', price: 100, quantity: 5, category: category._id, image: PNG_DATA_URL },
      });
      expect(created.statusCode, created.body).toBe(201);
      const first: string = created.json().product.image;
      expect(first).toMatch(new RegExp(`^${endpoint}/farm-images/products/[0-9a-f-]{36}\\.webp$`));
      const variants = (url: string) => [url, ...IMAGE_WIDTHS.map((w) => url.replace(/\.webp$/, `-${w}.webp`))];
      for (const url of variants(first)) {
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).subarray(8, 12).toString('ascii')).toBe('WEBP');
      }

      const product = created.json().product;
      const updated = await shop.request({ method: 'PUT', url: `/api/products/${product._id}`, token: admin.token, payload: { image: PNG_DATA_URL } });
      expect(updated.statusCode, updated.body).toBe(200);
      const second: string = updated.json().product.image;
      expect(second).not.toBe(first);
      expect((await fetch(second)).status).toBe(200);
      for (const url of variants(first)) expect((await fetch(url)).status, url).toBe(404);
    } finally {
      await shop.close();
    }
  });
});
