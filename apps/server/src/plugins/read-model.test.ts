import { beforeAll, describe, expect, it } from 'vitest';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Product } from '@shop/domain/schemas/products';
import { productVariants } from '../db/schema.js';
import { type TestUser, openShopForTests } from '../test/harness.js';
import { addCategory, addProduct } from '../modules/products/test-fixtures.js';
import { CDN_CACHE_CONTROL, MAX_KEPT_POST_BODY, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './read-model.js';
import { setStock } from '../test/products.js';

const t = openShopForTests();
let admin: TestUser;
let product: Product;

beforeAll(async () => {
  admin = await t.shop.createAdmin();
  const ghee = await addCategory(t.shop, admin.token, 'Ghee');
  product = await addProduct(t.shop, admin.token, { name: 'Bilona Ghee', category: ghee._id, price: 500 });
});

/** Polls until `check` holds, at most `ms`; the elapsed time when it did. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not true within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

const PUBLIC_READS = [
  '/api/products/list/1',
  '/api/products/highlighted',
  '/api/category',
  '/api/solutions',
  '/api/slider',
  '/api/blogs',
  '/api/products/category/ghee/1',
  '/api/products/category/ghee/count',
  '/api/products/bilona-ghee',
  '/api/products/search/ghee',
];

describe('HTTP caching of public reads', () => {
  it.each(PUBLIC_READS)('%s: strong ETag, 304 on If-None-Match, cacheable briefly by a CDN', async (url) => {
    const first = await t.shop.request({ method: 'GET', url });
    expect(first.statusCode, first.body).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    // Browsers must not serve stale answers: stale-while-revalidate is for CDNs only.
    expect(first.headers['cache-control']).not.toContain('stale-while-revalidate');
    expect(first.headers['cdn-cache-control']).toBe(CDN_CACHE_CONTROL);
    expect(first.headers['content-type']).toMatch(/^application\/json/);

    const again = await t.shop.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await t.shop.request({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('sends the compressed answer a browser asks for, compressed once, each encoding with its own strong ETag', async () => {
    const long = await addProduct(t.shop, admin.token, {
      name: 'Wood-pressed Mustard Oil',
      category: product.category._id,
      contents: '<p>Pressed slowly in a wooden ghani, so the oil keeps its pungency and colour.</p>'.repeat(30),
    });
    const url = `/api/products/${long.slug}`;
    const plain = await t.shop.request({ method: 'GET', url });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await t.shop.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-br"'));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gz = await t.shop.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // A browser revalidating the copy it holds (whichever encoding) gets a 304.
    const revalidated = await t.shop.request({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('gives a new ETag and the new price right after an admin edit', async () => {
    const url = `/api/products/${product.slug}`;
    const before = await t.shop.request({ method: 'GET', url });
    const res = await t.shop.request({ method: 'PUT', url: `/api/products/${product._id}`, token: admin.token, payload: { price: 525 } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.shop.request({ method: 'GET', url, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.json().product.price).toBe(525);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('never lets anyone store an answer for a signed-in user', async () => {
    const user = await t.shop.createUser();
    const res = await t.shop.request({ method: 'GET', url: '/api/users/get-user', token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.etag).toBeUndefined();
    const orders = await t.shop.request({ method: 'GET', url: '/api/orders', token: user.token });
    expect(orders.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });

  it('a 404 is neither cached nor cacheable', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/products/no-such-jar' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });
});

describe('keeping the read model true', () => {
  it('sees a write made straight in the database (a checkout, a sweep, a hand-run UPDATE) within a second', async () => {
    const url = `/api/products/${product.slug}`;
    expect((await t.shop.request({ method: 'GET', url })).json().product.quantity).toBe(10);
    await setStock(t.shop.db, product._id, 3);
    await within(1_000, async () => (await t.shop.request({ method: 'GET', url })).json().product.quantity === 3);
  });

  it("sees a size's stock change made straight in the database within a second (product_variants sends the notice)", async () => {
    const url = `/api/products/${product.slug}`;
    const sizeId = product.variants[0]!._id;
    // Kept in memory first (the stock as the test before left it).
    expect((await t.shop.request({ method: 'GET', url })).json().product.variants[0].quantity).toBe(3);
    await t.shop.db.update(productVariants).set({ quantity: 1, pricePaise: 45_000 }).where(eq(productVariants.id, sizeId));
    await within(1_000, async () => {
      const answer = (await t.shop.request({ method: 'GET', url })).json().product;
      return answer.variants[0].quantity === 1 && answer.price === 450;
    });
  });

  it('two instances on one database: an admin price edit on one is visible on the other within 1 s', async () => {
    const peer = await t.shop.buildPeerApp();
    // Over a real connection, as a shopper asks: a kept answer is written from memory before Fastify sees it.
    await peer.listen({ port: 0, host: '127.0.0.1' });
    const peerPort = (peer.server.address() as AddressInfo).port;
    const url = `/api/products/${product.slug}`;
    const priceOnPeer = async () => JSON.parse((await rawGet(peerPort, url)).body.toString()).product.price as number;
    // The peer has the product in memory before the edit.
    const before = await priceOnPeer();
    expect(await priceOnPeer()).toBe(before);
    const res = await t.shop.request({ method: 'PUT', url: `/api/products/${product._id}`, token: admin.token, payload: { price: before + 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const took = await within(1_000, async () => (await priceOnPeer()) === before + 10);
    expect(took).toBeLessThan(1_000);
  });
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a real connection, headers and bytes as sent (fetch would decompress and add headers of its own). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawRequest(port, 'GET', path, headers);
}

function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('answering from memory before Fastify', () => {
  let port: number;
  beforeAll(async () => {
    await t.shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.shop.app.server.address() as AddressInfo).port;
  });

  const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

  it.each(PUBLIC_READS)('%s: the answer from memory is, byte for byte and header for header, the one Fastify sends', async (url) => {
    for (const acceptEncoding of [undefined, 'gzip, deflate, br', 'gzip']) {
      const asked: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      // An Origin sends the request through Fastify (CORS is Fastify's); the first ask keeps the answer.
      const viaFastify = await rawGet(port, url, { ...asked, origin: `http://127.0.0.1:${port}` });
      expect(viaFastify.status).toBe(200);
      const fromMemory = await rawGet(port, url, asked);
      expect(fromMemory.status).toBe(200);
      expect(withoutDate(fromMemory.headers)).toEqual(withoutDate(viaFastify.headers));
      expect(fromMemory.body.equals(viaFastify.body)).toBe(true);

      const etag = String(fromMemory.headers.etag);
      const notModifiedViaFastify = await rawGet(port, url, { ...asked, 'if-none-match': etag, origin: `http://127.0.0.1:${port}` });
      const notModified = await rawGet(port, url, { ...asked, 'if-none-match': `W/${etag}` });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(withoutDate(notModified.headers)).toEqual(withoutDate(notModifiedViaFastify.headers));
    }
  });

  it('answers only a plain GET of a fresh kept answer, and never one an edit has dropped', async () => {
    // A server of the test's own, handing requests to the front and counting what it answered.
    const answered: boolean[] = [];
    const front = createServer((req, res) => {
      const done = t.shop.app.answerFromMemory(req, res);
      answered.push(done);
      if (!done) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const frontPort = (front.address() as AddressInfo).port;
    const url = `/api/products/${product.slug}`;
    try {
      t.shop.app.readModel.invalidate();
      expect((await rawGet(frontPort, url)).status).toBe(599);
      expect(answered.pop()).toBe(false);
      const kept = await t.shop.request({ method: 'GET', url });
      const fromMemory = await rawGet(frontPort, url);
      expect(answered.pop()).toBe(true);
      expect(fromMemory.body.toString()).toBe(kept.body);

      // Left to Fastify: a query string, a cross-origin request, another method.
      await rawGet(frontPort, `${url}?utm_source=x`);
      await rawGet(frontPort, url, { origin: 'https://admin.example' });
      await new Promise<void>((resolve) => httpRequest({ host: '127.0.0.1', port: frontPort, path: url, method: 'HEAD' }, () => resolve()).end());
      expect(answered.splice(0)).toEqual([false, false, false]);

      // An admin's edit drops the answer; the next GET is Fastify's and brings the new price back into memory.
      const res = await t.shop.request({ method: 'PUT', url: `/api/products/${product._id}`, token: admin.token, payload: { price: 610 } });
      expect(res.statusCode, res.body).toBe(200);
      await t.shop.app.catalogueNoticesHeard();
      await rawGet(frontPort, url);
      expect(answered.pop()).toBe(false);
      expect((await t.shop.request({ method: 'GET', url })).json().product.price).toBe(610);
      const after = await rawGet(frontPort, url);
      expect(answered.pop()).toBe(true);
      expect(JSON.parse(after.body.toString()).product.price).toBe(610);
    } finally {
      await new Promise((resolve) => front.close(resolve));
    }
  });
});

describe("answering a guest's getcart from memory before Fastify", () => {
  const GETCART = '/api/products/getcart';
  const JSON_BODY = { 'content-type': 'application/json' };
  const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;
  let frontPort: number;
  let front: Server;
  /** Per request through the test's front: true when answered from memory, false when Fastify answered. */
  const fromMemory: boolean[] = [];
  let cart: string;
  let bigCart: string;

  beforeAll(async () => {
    const app = t.shop.app;
    await app.ready();
    front = createServer((req, res) => {
      let handedOn = false;
      const took = app.answerFromMemory(req, res, () => {
        handedOn = true;
        app.routing(req, res);
      });
      if (!took) app.routing(req, res);
      res.on('finish', () => fromMemory.push(took && !handedOn));
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    frontPort = (front.address() as AddressInfo).port;
    const category = await addCategory(t.shop, admin.token, 'Cart Kept');
    const many = await addProduct(t.shop, admin.token, {
      name: 'Kept Cart Oil',
      category: category._id,
      price: 300,
      quantity: 8,
      shortdesc: 'Cold pressed '.repeat(20),
    });
    cart = JSON.stringify({ cart: [{ _id: many._id, cart_quantity: 2 }] });
    // Over COMPRESS_THRESHOLD, so each encoding is its own kept representation.
    bigCart = JSON.stringify({ cart: [{ _id: many._id, cart_quantity: 1 }, { _id: product._id, cart_quantity: 3 }] });
    return () => new Promise<void>((resolve) => front.close(() => resolve()));
  });

  const post = (body: string, headers: Record<string, string> = {}) => rawRequest(frontPort, 'POST', GETCART, { ...JSON_BODY, ...headers }, body);
  const last = () => fromMemory.at(-1);

  it('answers a body seen before byte for byte and header for header as Fastify did, in each encoding', async () => {
    for (const body of [cart, bigCart]) {
      for (const acceptEncoding of [undefined, 'gzip, deflate, br', 'gzip']) {
        const asked: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        t.shop.app.readModel.invalidate();
        const viaFastify = await post(body, asked);
        expect(last()).toBe(false);
        expect(viaFastify.status, viaFastify.body.toString()).toBe(200);
        const kept = await post(body, asked);
        expect(last()).toBe(true);
        expect(withoutDate(kept.headers)).toEqual(withoutDate(viaFastify.headers));
        expect(kept.body.equals(viaFastify.body)).toBe(true);
        expect(kept.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
        // The same as the route answers through inject.
        const injected = await t.shop.request({ method: 'POST', url: GETCART, payload: JSON.parse(body) as object, headers: asked });
        expect(injected.rawPayload.equals(kept.body)).toBe(true);
      }
    }
  });

  it('answers only the exact bytes seen, and leaves to Fastify what it cannot answer', async () => {
    await post(cart);
    await post(cart);
    expect(last()).toBe(true);
    // Another body (the same cart spelled with a space) is Fastify's, then kept too.
    const spaced = cart.replace(':', ': ');
    expect((await post(spaced)).status).toBe(200);
    expect(last()).toBe(false);
    expect(JSON.parse((await post(spaced)).body.toString())).toEqual(JSON.parse((await post(cart)).body.toString()));
    expect(fromMemory.slice(-2)).toEqual([true, true]);

    const before = fromMemory.length;
    // Signed in, an Origin, another type, chunked, a query string: Fastify's, and answered as it answers them.
    const signedIn = await post(cart, { authorization: `Bearer ${admin.token}` });
    expect(signedIn.status).toBe(200);
    await post(cart, { origin: 'https://elsewhere.example' });
    const plainText = await t.shop.app.inject({ method: 'POST', url: GETCART, headers: { 'content-type': 'text/plain' }, payload: cart });
    expect((await post(cart, { 'content-type': 'text/plain' })).status).toBe(plainText.statusCode);
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: frontPort, path: GETCART, method: 'POST', headers: JSON_BODY }, (res) => {
        expect(res.statusCode).toBe(200);
        res.resume().on('end', resolve);
      });
      req.on('error', reject);
      req.write(cart.slice(0, 5));
      req.end(cart.slice(5));
    });
    expect((await rawRequest(frontPort, 'POST', `${GETCART}?x=1`, JSON_BODY, cart)).status).toBe(200);
    // Invalid JSON and an invalid cart are read by the front, then refused by Fastify as before.
    expect((await post('{"cart":')).status).toBe(400);
    expect((await post('{"cart":5}')).status).toBe(400);
    expect(fromMemory.slice(before)).toEqual([false, false, false, false, false, false, false]);
    // Over MAX_KEPT_POST_BODY: Fastify's.
    const long = JSON.stringify({ cart: JSON.parse(cart).cart, note: 'x'.repeat(MAX_KEPT_POST_BODY) });
    await post(long);
    await post(long);
    expect(fromMemory.slice(-2)).toEqual([false, false]);
  });

  it('drops a kept answer on a stock change (a checkout in the database) and on a catalogue edit', async () => {
    const { cart: lines } = JSON.parse(cart) as { cart: { _id: string }[] };
    const id = lines[0]!._id;
    const quantity = async () => JSON.parse((await post(cart)).body.toString()).cartDetails[0].quantity as number;
    expect(await quantity()).toBe(8);
    await quantity();
    expect(last()).toBe(true);
    await t.shop.db.update(productVariants).set({ quantity: 5 }).where(eq(productVariants.productId, id));
    await t.shop.app.catalogueNoticesHeard();
    expect(await quantity()).toBe(5);
    expect(last()).toBe(false);
    expect(await quantity()).toBe(5);
    expect(last()).toBe(true);

    const res = await t.shop.request({ method: 'PUT', url: `/api/products/${id}`, token: admin.token, payload: { price: 310 } });
    expect(res.statusCode, res.body).toBe(200);
    const price = async () => JSON.parse((await post(cart)).body.toString()).cartDetails[0].price as number;
    expect(await price()).toBe(310);
    expect(last()).toBe(false);
    expect(await price()).toBe(310);
    expect(last()).toBe(true);
  });
});
