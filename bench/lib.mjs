/** Pieces both benches share: the built server on a free loopback port, a scratch PostgreSQL database, percentiles. */
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The built server's entry point. */
export const serverMain = join(here, '..', 'apps', 'server', 'dist', 'main.js');

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A scratch PostgreSQL database next to BENCH_DATABASE_URL's, dropped at the end. */
export async function scratchPostgres(baseUrl) {
  const pg = (await import(pathToFileURL(join(here, '..', 'apps', 'server', 'node_modules', 'pg', 'lib', 'index.js')).href)).default;
  const name = `shop_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // pool.end() resolves before its sockets close; wait for them so FORCE does not kill a goodbye.
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Polls `${apiBase}/health` until it answers; fails early if the server process has exited. */
export async function waitForHealth(apiBase, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${apiBase}/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in time');
}

/**
 * Starts the built server on a free 127.0.0.1 port with its own DATA_DIR, on PGlite or on `databaseUrl`, and waits
 * until it is healthy. `env` adds to (or overrides) the server's settings; BENCH_NODE_ARGS go to node (e.g. --cpu-prof).
 */
export async function startServer({ dataDir, databaseUrl, env = {}, healthTimeoutMs = 60_000 }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(/\s+/).filter(Boolean) : [];
  const child = spawn(process.execPath, [...nodeArgs, serverMain], { env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(`${origin}/api`, child, healthTimeoutMs);
  } catch (err) {
    await stopServer(child);
    throw err;
  }
  return { child, origin, apiBase: `${origin}/api` };
}

/**
 * Starts a yardstick server (a script in bench/ listening on PORT) on a free 127.0.0.1 port and waits until
 * GET `readyPath` answers 200.
 */
async function startYardstick(script, readyPath, env = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(here, script)], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(origin + readyPath)).ok) break;
    } catch {
      if (i > 150) throw new Error(`${script} did not start`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, origin };
}

/** Starts bench/hello.mjs (a bare Fastify hello); `url` is its one route. */
export async function startHello() {
  const { child, origin } = await startYardstick('hello.mjs', '/hello');
  return { child, url: `${origin}/hello` };
}

/** Starts bench/checkout-floor.mjs (the least a checkout can cost) on PostgreSQL (`databaseUrl`) or PGlite (`pgliteDir`). */
export async function startCheckoutFloor({ databaseUrl, pgliteDir }) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '', PGLITE_DIR: pgliteDir };
  return startYardstick('checkout-floor.mjs', '/ready', env);
}

/** Stops a server from startServer and waits until it has exited. */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const ms = (v) => `${v.toFixed(1)} ms`;

/**
 * The bench's HTTP client: what `fetch` answers that the api-client reads (ok, status, text()), over node:http with
 * kept-alive connections. The client runs on the same two cores as the server and its database, so its own cost is
 * taken from theirs: Node's fetch (undici with web streams) spent about 3 ms of CPU per checkout, node:http about half.
 * The shop and the yardstick are driven through the same client. It asks for compressed answers as a browser does
 * (the server compresses only answers over 1 kB, so a checkout's are not) and decodes any that come so.
 */
const keptAlive = new Agent({ keepAlive: true, maxSockets: 256 });
const DECODERS = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
export function httpFetch(url, init = {}) {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': 'gzip, deflate, br', ...init.headers };
    const req = httpRequest(url, { method: init.method ?? 'GET', headers, agent: keptAlive }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const decode = DECODERS[res.headers['content-encoding'] ?? ''];
        const text = (decode ? decode(raw) : raw).toString('utf8');
        const status = res.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, text: async () => text, json: async () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
