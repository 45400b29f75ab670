/**
 * The accountant's CSV at scale: seeds BENCH_ORDERS (10,000) paid checkouts of two lines each straight into a scratch
 * PostgreSQL database (one INSERT ... generate_series per table), starts the built server on it, exports them all
 * (GET /api/orders/export.csv, both formats) and prints the server process's resident memory (VmRSS from /proc)
 * before, at its highest while the file streams, and after. The export streams in batches, so the rise stays small.
 *
 * Needs the server built (node scripts/run.mjs build) and Linux (/proc). Env: BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test), BENCH_ORDERS (10000).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchPostgres, startServer, stopServer } from './lib.mjs';

const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const count = Number(process.env.BENCH_ORDERS ?? 10_000);
const MB = 1024 * 1024;
/** What the client accepts, as a browser does (br, gzip) or not at all (identity). */
const encoding = process.env.BENCH_ENCODING ?? 'br, gzip';

/** The process's resident set size in bytes. */
function rss(pid) {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(kb[1]) * 1024;
}

async function seed(url) {
  const pg = (await import(pathToFileURL(join(import.meta.dirname, '..', 'apps', 'server', 'node_modules', 'pg', 'lib', 'index.js')).href)).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  await client.query(
    `INSERT INTO checkouts (id, receipt, amount_paise, payment, payment_id, stock_state, reserved_until, paid_at, units,
       delivery_name, delivery_phone, delivery_address, delivery_pin, delivery_state, invoice_number, created_at, updated_at)
     SELECT 'order_bench' || i, 'rcpt_bench' || i, 2 * 59500 + 45000, 'Paid', 'pay_bench' || i, 'sold', now(), now() - i * interval '1 second', 3,
       CASE WHEN i % 97 = 0 THEN '=HYPERLINK("http://x")' ELSE 'Customer ' || i END, '+91 98220 ' || lpad((i % 100000)::text, 5, '0'),
       i || ' Lake Road' || chr(10) || 'Koregaon Park, Pune', '411001', CASE WHEN i % 2 = 0 THEN 'Maharashtra' ELSE 'Karnataka' END,
       'SF/2026-27/' || lpad(i::text, 5, '0'), now() - i * interval '1 second', now()
     FROM generate_series(1, $1::int) AS i`,
    [count],
  );
  await client.query(
    `INSERT INTO orders (checkout_id, user_name, user_email, product_name, product_slug, unit_price_paise, cart_quantity, status, hsn_code, gst_rate_bp, created_at, updated_at)
     SELECT 'order_bench' || i, 'Customer ' || i, 'customer' || i || '@example.com', p.name, p.slug, p.price, p.qty, 'Processing', '0405', p.rate,
       now() - i * interval '1 second', now()
     FROM generate_series(1, $1::int) AS i,
       (VALUES ('शुद्ध देसी घी 1 L', 'ghee', 59500, 2, 500), ('Cold-pressed Groundnut Oil', 'oil', 45000, 1, 1800)) AS p(name, slug, price, qty, rate)`,
    [count],
  );
  await client.end();
  return Date.now() - started;
}

async function exportOnce(origin, token, pid, format) {
  let peak = rss(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const started = Date.now();
  const res = await fetch(`${origin}/api/orders/export.csv?format=${format}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
  });
  if (!res.ok) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let rows = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 0x0a) rows++;
    peak = Math.max(peak, rss(pid));
  }
  clearInterval(sampler);
  return { format, bytes, rows: rows - 1, ms: Date.now() - started, peak };
}

const db = await scratchPostgres(baseUrl);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-export-'));
let server;
try {
  // Started once so it migrates the empty database, then seeded under it (the rows are plain inserts).
  server = await startServer({ dataDir, databaseUrl: db.url, env: { SEED_DEMO: 'false' } });
  const seededMs = await seed(db.url);
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@shuddhfarm.in', password: 'farm-admin-2026', secret_key: 'demo-secret-key' }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`admin login failed (${login.status})`);
  const pid = server.child.pid;
  // A first small request warms the routes, so "before" is the idle server ready to serve.
  await fetch(`${server.origin}/api/checkouts`, { headers: { authorization: `Bearer ${token}` } });
  const before = rss(pid);
  console.log(`seeded ${count} paid checkouts (${2 * count} lines) in ${seededMs} ms`);
  console.log(`server RSS before: ${(before / MB).toFixed(1)} MB`);
  for (const format of (process.env.BENCH_FORMATS ?? 'lines,orders').split(',')) {
    const r = await exportOnce(server.origin, token, pid, format);
    console.log(
      `${format}: ${r.rows} rows, ${(r.bytes / MB).toFixed(1)} MB in ${r.ms} ms; RSS peak ${(r.peak / MB).toFixed(1)} MB (+${((r.peak - before) / MB).toFixed(1)} MB)`,
    );
  }
  const after = rss(pid);
  console.log(`server RSS after: ${(after / MB).toFixed(1)} MB (+${((after - before) / MB).toFixed(1)} MB)`);
} finally {
  if (server) await stopServer(server.child);
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
