/**
 * Body limits per route: JSON calls take at most 64 KB, image routes keep 8 MB. Over a real socket, 40
 * unauthenticated 7.9 MB bodies at once to getcart are all refused with 413 without being read into memory.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../harness.js';

let shop: TestShop;
let port: number;

beforeAll(async () => {
  shop = await createTestShop();
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as { port: number }).port;
});
afterAll(() => shop.close());

/** Sends `body` and resolves with the status as soon as the answer comes (the server may hang up mid-upload). */
function post(path: string, body: Buffer): Promise<{ status: number; message: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          // Stop uploading the rest of a refused body.
          req.destroy();
          resolve({ status: res.statusCode ?? 0, message: text ? (JSON.parse(text) as { message: string }).message : '' });
        });
        res.on('error', reject);
      },
    );
    // EPIPE / ECONNRESET after the answer arrived are expected: the server stops reading a refused body.
    req.on('error', reject);
    req.end(body);
  });
}

describe('body limits', () => {
  // Reading the bodies would take 40 x 7.9 = 316 MB. The bound is under a third of that, with room for what this
  // process's own client and sockets cost on a loaded machine (38-39 MB measured): it fails if the server buffers them.
  it('refuses 40 concurrent 7.9 MB bodies to getcart with 413, RSS growing less than 100 MB', { timeout: 60_000 }, async () => {
    const big = Buffer.alloc(Math.round(7.9 * 1024 * 1024), 'a');
    big.write('{"cart":"', 0);
    // Warm up the sockets, parsers and error path once, so the figure is what 40 more cost.
    await Promise.all(Array.from({ length: 4 }, () => post('/api/products/getcart', big)));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const answers = await Promise.all(Array.from({ length: 40 }, () => post('/api/products/getcart', big)));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMb = (peak - before) / 1024 / 1024;
    console.log(`40 x 7.9 MB to getcart: ${answers.filter((a) => a.status === 413).length} answered 413; RSS growth ${growthMb.toFixed(1)} MB`);
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.message).toBe('What you sent is too large');
    }
    expect(growthMb).toBeLessThan(100);
  });

  it('takes a cart under 64 KB and refuses one just over it', async () => {
    const small = Buffer.from(JSON.stringify({ cart: [] }));
    expect((await post('/api/products/getcart', small)).status).toBe(200);
    const over = Buffer.from(JSON.stringify({ cart: [], pad: 'x'.repeat(65 * 1024) }));
    expect((await post('/api/products/getcart', over)).status).toBe(413);
  });

  it('lets image routes keep their 8 MB limit', async () => {
    const admin = await shop.createAdmin();
    // 1 MB is over the JSON limit but well under the image one: the admin gets a validation answer, not 413.
    const res = await shop.request({
      method: 'POST',
      url: '/api/slider',
      token: admin.token,
      payload: { name: 'Big', url: '/allproducts', image: `data:image/png;base64,${'A'.repeat(1024 * 1024)}` },
    });
    expect(res.statusCode).not.toBe(413);
    expect(res.statusCode).toBeLessThan(500);
  });
});
