/**
 * Request timeouts over a real socket, with the limits shortened through the environment (the defaults are 60 s for
 * headers, 30 s for a JSON request's body, 120 s for any request): a client that drips its headers or its body, a
 * byte at a time, is answered 408 and cut off once its limit is over, however steadily it keeps sending.
 */
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { REQUEST_TIMEOUT_MESSAGE } from '../../plugins/request-timeouts.js';
import { createTestShop, type TestShop, type TestUser } from '../harness.js';

const HEADERS_MS = 1500;
const JSON_MS = 2000;
const UPLOAD_MS = 4000;
/** Node looks for late requests once a second; the rest is room for a loaded machine. */
const SLACK_MS = 4000;

let shop: TestShop;
let admin: TestUser;
let port: number;

beforeAll(async () => {
  shop = await createTestShop({
    HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    JSON_REQUEST_TIMEOUT_MS: String(JSON_MS),
    REQUEST_TIMEOUT_MS: String(UPLOAD_MS),
  });
  admin = await shop.createAdmin();
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as { port: number }).port;
});
afterAll(() => shop.close());

/**
 * Sends `head` at once, then `drip` one byte every 250 ms (never the whole of what it announced), and resolves with
 * what the server answered and how long after the first byte it closed the connection.
 */
function dripRequest(head: string, drip: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const started = performance.now();
    let answer = '';
    let sent = 0;
    const dripper = setInterval(() => {
      if (sent < drip.length && !socket.destroyed) socket.write(drip[sent++]!);
    }, 250);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => {}); // a reset after the answer is part of being cut off
    socket.on('close', () => {
      clearInterval(dripper);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
    // A hung server fails the test instead of leaving it waiting.
    setTimeout(() => {
      clearInterval(dripper);
      socket.destroy();
      reject(new Error(`still open after 30 s; answered so far: ${answer}`));
    }, 30_000).unref();
    socket.write(head);
  });
}

const slowBody = (path: string, token?: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n` +
  (token ? `Authorization: Bearer ${token}\r\n` : '') +
  '\r\n';

describe('request timeouts', () => {
  it('reads the defaults (60 s headers, 30 s JSON, 120 s any request) and the environment overrides', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: shop.config.dataDir, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).requestTimeouts).toEqual({ headersMs: 60_000, jsonMs: 30_000, uploadMs: 120_000 });
    expect(shop.config.requestTimeouts).toEqual({ headersMs: HEADERS_MS, jsonMs: JSON_MS, uploadMs: UPLOAD_MS });
    expect(() => loadConfig({ ...env, JSON_REQUEST_TIMEOUT_MS: '200000' })).toThrow(/must not be longer than REQUEST_TIMEOUT_MS/);
  });

  it('cuts off a JSON body that drips in, with 408, once the JSON limit is over', { timeout: 40_000 }, async () => {
    const { answer, closedAfterMs } = await dripRequest(slowBody('/api/products/getcart'), '{"cart":[' + ' '.repeat(500));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(REQUEST_TIMEOUT_MESSAGE);
    expect(closedAfterMs).toBeGreaterThanOrEqual(JSON_MS);
    expect(closedAfterMs).toBeLessThan(JSON_MS + SLACK_MS);
  });

  it('gives an image upload the longer limit, then cuts it off too', { timeout: 40_000 }, async () => {
    const { answer, closedAfterMs } = await dripRequest(slowBody('/api/slider', admin.token), '{"name":"Slow",' + ' '.repeat(500));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(UPLOAD_MS);
    expect(closedAfterMs).toBeLessThan(UPLOAD_MS + SLACK_MS);
  });

  it('closes the connection after an answer given before the body is in (no token on an upload route)', { timeout: 40_000 }, async () => {
    const { answer, closedAfterMs } = await dripRequest(slowBody('/api/slider'), '{"name":"Slow",' + ' '.repeat(500));
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(closedAfterMs).toBeLessThan(JSON_MS);
  });

  it('cuts off headers that drip in, once the headers limit is over', { timeout: 40_000 }, async () => {
    const { answer, closedAfterMs } = await dripRequest('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', `X-Slow: ${'a'.repeat(200)}`);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS);
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + SLACK_MS);
  });

  it('still answers a request sent at a normal pace', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/products/getcart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cart: [] }),
    });
    expect(res.status).toBe(200);
  });
});
