#!/usr/bin/env node
/**
 * What a browsing shopper waits for: requests per second and latency of the public reads, figures not a verdict.
 *
 * Starts the built server (apps/server/dist/main.js) on a free 127.0.0.1 port with a temporary DATA_DIR, so the demo
 * shop is seeded into a fresh PGlite database, or into a scratch database on BENCH_DATABASE_URL's PostgreSQL server
 * (dropped at the end). Then drives each read with autocannon for BENCH_SECONDS (5) at BENCH_CONNECTIONS (16)
 * connections and prints req/s, p50 and p99 per endpoint.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { scratchPostgres, serverMain, startServer, stopServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

if (!existsSync(serverMain)) {
  console.error('apps/server/dist/main.js is missing: run `npm run bench` from the root (it builds first).');
  process.exit(1);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-catalogue-'));
  const scratch = process.env.BENCH_DATABASE_URL ? await scratchPostgres(process.env.BENCH_DATABASE_URL) : undefined;
  let server;
  try {
    server = await startServer({ dataDir, databaseUrl: scratch?.url, env: { SEED_DEMO: 'true' }, healthTimeoutMs: 120_000 });
    const { origin } = server;
    const { products } = await (await fetch(`${origin}/api/products/list/1`)).json();
    const cart = products.slice(0, 3).map((p) => ({ _id: p._id, cart_quantity: 2 }));
    const reads = [
      ['GET  /api/products/list/1', { path: '/api/products/list/1' }],
      ['GET  /api/products/highlighted', { path: '/api/products/highlighted' }],
      ['GET  /api/products/{slug}', { path: `/api/products/${products[0].slug}` }],
      ['GET  /api/products/search/ghee', { path: '/api/products/search/ghee' }],
      ['GET  /api/category', { path: '/api/category' }],
      ['POST /api/products/getcart (3 lines)', { path: '/api/products/getcart', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cart }) }],
      ['GET  / (storefront HTML)', { path: '/' }],
    ];
    console.log(`Catalogue bench against ${origin} (${scratch ? 'PostgreSQL' : 'PGlite'}, demo shop), ${CONNECTIONS} connections, ${SECONDS} s each, node ${process.version}\n`);
    console.log(`  ${'endpoint'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}  non-2xx`);
    for (const [label, request] of reads) {
      const result = await autocannon({ url: origin + request.path, method: request.method ?? 'GET', headers: request.headers, body: request.body, connections: CONNECTIONS, duration: SECONDS });
      const bad = result.non2xx + result.errors + result.timeouts;
      console.log(
        `  ${label.padEnd(40)} ${result.requests.average.toFixed(0).padStart(8)} ${`${result.latency.p50} ms`.padStart(8)} ${`${result.latency.p99} ms`.padStart(8)}  ${bad}`,
      );
    }
    console.log();
  } finally {
    if (server) await stopServer(server.child);
    if (scratch) await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
