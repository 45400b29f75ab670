#!/usr/bin/env node
// The production topology, run for real (CI runs it after `npm test`, which leaves the builds behind):
//   nginx (Debian's, as a user process with its own prefix)   shop origin  :BASE    storefront build + /api
//                                                            admin origin :BASE+1  admin build, built for that origin
//   two API instances :BASE+2 and :BASE+3 on one PostgreSQL database, with Redis, TRUST_PROXY=1
// then checks through nginx: precompressed assets, the api-client package against /api, and the Playwright journey
// in which a shopper pays while one API instance is killed and the admin ships the order from its own origin.
//
// Env: TOPOLOGY_PG_URL  a PostgreSQL URL allowed to create databases (default postgres://postgres@127.0.0.1:5432/postgres);
//      TOPOLOGY_REDIS_URL  default: a throwaway redis-server on BASE+9;
//      TOPOLOGY_PORT_BASE default 4160. Needs nginx and Chromium (.ci/run installs both).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const base = Number(process.env.TOPOLOGY_PORT_BASE ?? 4160);
const ports = { shop: base, admin: base + 1, api: [base + 2, base + 3], redis: base + 9 };
const host = '127.0.0.1';
const shopUrl = `http://${host}:${ports.shop}`;
const adminOrigin = `http://${host}:${ports.admin}`;
const adminPrefix = 'shuddh';
const admin = { email: 'ops@shuddhfarm.test', password: 'topology-admin-pass', secretKey: randomBytes(12).toString('hex') };
const work = mkdtempSync(join(tmpdir(), 'shop-topology-'));
const dataDir = join(work, 'data');
const prefix = join(work, 'nginx');
const accessLog = join(prefix, 'access.log');
const children = [];
const cleanups = [];
const pg = createRequire(join(repo, 'apps/server/package.json'))('pg');

const log = (msg) => console.log(`[topology] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function start(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
  child.on('exit', (code, signal) => {
    if (!child.expectedExit) log(`${name} exited (${signal ?? code})`);
  });
  children.push({ name, child });
  return child;
}

/** Like spawnSync, but the event loop keeps running, so the instance the journey kills is reaped. */
function run(cmd, args, opts) {
  return new Promise((done, fail) => spawn(cmd, args, opts).on('exit', (code) => done(code ?? 1)).on('error', fail));
}

async function waitFor(url, what, child, seconds = 120) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${what} did not answer ${url} within ${seconds} s`);
}

const answers = (port) =>
  new Promise((done) => {
    const socket = connect(port, host, () => {
      socket.end();
      done(true);
    }).on('error', () => done(false));
  });

/**
 * A throwaway redis-server of its own (nothing saved), so counters left by an earlier run (register: 10 an hour
 * from one address) can never fail this one, and nothing touches another user's keys. TOPOLOGY_REDIS_URL overrides it.
 */
async function redisUrl() {
  if (process.env.TOPOLOGY_REDIS_URL) return process.env.TOPOLOGY_REDIS_URL;
  const redis = start('redis', 'redis-server', ['--port', String(ports.redis), '--bind', host, '--save', '', '--appendonly', 'no', '--loglevel', 'warning']);
  for (let i = 0; i < 40 && !(await answers(ports.redis)); i++) await sleep(250);
  if (redis.exitCode !== null || !(await answers(ports.redis))) throw new Error('redis-server did not start (apt-get install redis-server)');
  return `redis://${host}:${ports.redis}/0`;
}

/** Fills the ${NAME} placeholders of a deploy/nginx file; an unknown name is an error, not an empty string. */
function render(file, values) {
  return readFileSync(join(repo, 'deploy/nginx', file), 'utf8').replace(/\$\{([A-Z_]+)\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${file}: no value for \${${name}}`);
    return values[name];
  });
}

async function main() {
  const storefrontDist = join(repo, 'apps/storefront/dist');
  if (!existsSync(join(storefrontDist, 'index.html'))) throw new Error('no storefront build: run npm run build first');
  if (!existsSync(join(repo, 'apps/server/dist/main.js'))) throw new Error('no server build: run npm run build first');
  const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
  if (!nginxBin) throw new Error('nginx is not installed (apt-get install nginx)');

  // One throwaway database for both instances.
  const pgUrl = process.env.TOPOLOGY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `shop_topology_${randomBytes(4).toString('hex')}`;
  const pgAdmin = new pg.Client({ connectionString: pgUrl });
  await pgAdmin.connect();
  await pgAdmin.query(`CREATE DATABASE ${dbName}`);
  cleanups.push(async () => {
    await pgAdmin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await pgAdmin.end();
  });
  const databaseUrl = Object.assign(new URL(pgUrl), { pathname: `/${dbName}` }).toString();
  const redis = await redisUrl();

  // The admin, built for its own origin: it calls the API on the shop's origin.
  const adminRoot = join(work, 'admin-site');
  log('building the admin for its own origin');
  execFileSync(process.execPath, [join(repo, 'apps/admin/node_modules/vite/bin/vite.js'), 'build', '--outDir', join(adminRoot, adminPrefix), '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(repo, 'apps/admin'),
    stdio: 'inherit',
    env: { ...process.env, ADMIN_PREFIX: adminPrefix, VITE_API_BASE_URL: `${shopUrl}/api`, VITE_STOREFRONT_URL: shopUrl },
  });

  // Two API instances: the first migrates and seeds, then the second joins.
  const apiEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: host,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis,
    TRUST_PROXY: '1',
    PUBLIC_URL: shopUrl,
    ADMIN_ORIGIN: adminOrigin,
    ADMIN_PREFIX: adminPrefix,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_SECRET_KEY: admin.secretKey,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_PROVIDER: 'sandbox',
    RAZORPAY_KEY_SECRET: randomBytes(16).toString('hex'),
    RAZORPAY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    STOREFRONT_DIST: storefrontDist,
    LOG_LEVEL: 'warn',
  };
  const instances = [];
  for (const port of ports.api) {
    const child = start(`api:${port}`, process.execPath, [join(repo, 'apps/server/dist/main.js')], { env: { ...apiEnv, PORT: String(port) } });
    instances.push(child);
    await waitFor(`http://${host}:${port}/api/health`, `API instance on ${port}`, child);
    log(`API instance on ${port} is up (pid ${child.pid})`);
  }

  // nginx with its own prefix, config and logs; no system service involved.
  for (const d of ['conf', 'tmp']) mkdirSync(join(prefix, d), { recursive: true });
  const values = {
    SHOP_LISTEN: `${host}:${ports.shop}`,
    ADMIN_LISTEN: `${host}:${ports.admin}`,
    SHOP_SERVER_NAME: host,
    ADMIN_SERVER_NAME: host,
    STOREFRONT_ROOT: storefrontDist,
    ADMIN_ROOT: adminRoot,
    ADMIN_PREFIX: adminPrefix,
    UPLOADS_ROOT: join(dataDir, 'uploads'),
    ACCESS_LOG: accessLog,
    SNIPPETS: join(prefix, 'conf'),
    API_SERVERS: ports.api.map((p) => `server ${host}:${p} max_fails=1 fail_timeout=5s;`).join('\n    '),
  };
  for (const f of ['shop.conf', 'shop-api.conf', 'shop-proxy.conf']) writeFileSync(join(prefix, 'conf', f), render(f, values));
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      // As root, nginx's workers would drop to nobody, who cannot read a private temp folder.
      asRoot ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  sendfile on;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(prefix, 'tmp', t)};`),
      `  include ${join(prefix, 'conf', 'shop.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const nginxArgs = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')];
  execFileSync(nginxBin, [...nginxArgs, '-t', '-q'], { stdio: 'inherit' });
  const nginx = start('nginx', nginxBin, [...nginxArgs, '-g', 'daemon off;']);
  await waitFor(`${shopUrl}/api/health`, 'nginx on the shop origin', nginx, 30);
  await waitFor(`${adminOrigin}/${adminPrefix}/`, 'nginx on the admin origin', nginx, 30);
  log(`nginx is up: shop ${shopUrl}, admin ${adminOrigin}/${adminPrefix}/`);

  await checkStatic(storefrontDist);

  log('api-client package: pack, install with npm, tsc --strict, list page 1 through nginx');
  execFileSync(process.execPath, [join(repo, 'packages/api-client/package-check/check.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, SHOP_API_URL: `${shopUrl}/api` },
  });

  log('Playwright journey through nginx');
  const e2e = await run(process.execPath, [join(repo, 'e2e/node_modules/@playwright/test/cli.js'), 'test', '-c', 'playwright.topology.config.ts'], {
    cwd: join(repo, 'e2e'),
    stdio: 'inherit',
    env: {
      ...process.env,
      TOPOLOGY_SHOP_URL: shopUrl,
      TOPOLOGY_ADMIN_URL: `${adminOrigin}/${adminPrefix}`,
      TOPOLOGY_ADMIN: JSON.stringify(admin),
      TOPOLOGY_OUTBOX: join(dataDir, 'outbox'),
      TOPOLOGY_ACCESS_LOG: accessLog,
      TOPOLOGY_STOP_PID: String(instances[1].pid),
      TOPOLOGY_STOP_ADDR: `${host}:${ports.api[1]}`,
    },
  });
  instances[1].expectedExit = true;
  if (e2e !== 0) throw new Error(`the journey through nginx failed (exit ${e2e})`);
}

/** The build's files come from nginx with long caching, and precompressed .gz files are sent as they are. */
async function checkStatic(storefrontDist) {
  const assets = readdirSync(join(storefrontDist, 'assets'));
  const js = assets.find((f) => f.endsWith('.js'));
  const res = await fetch(`${shopUrl}/assets/${js}`, { headers: { 'accept-encoding': 'gzip' } });
  if (!res.ok || !/immutable/.test(res.headers.get('cache-control') ?? '')) {
    throw new Error(`/assets/${js}: ${res.status}, cache-control ${res.headers.get('cache-control')}`);
  }
  if (res.headers.get('content-encoding') !== 'gzip') throw new Error(`/assets/${js} was not sent gzipped`);
  const gz = assets.find((f) => f.endsWith('.js.gz'));
  if (gz) {
    // gzip_static sends the file itself, so the bytes on the wire are exactly the .gz file's.
    const raw = await new Promise((done, fail) => {
      const req = spawn('curl', ['-s', '-H', 'Accept-Encoding: gzip', `${shopUrl}/assets/${gz.slice(0, -3)}`]);
      const chunks = [];
      req.stdout.on('data', (c) => chunks.push(c));
      req.on('exit', () => done(Buffer.concat(chunks)));
      req.on('error', fail);
    });
    if (!raw.equals(readFileSync(join(storefrontDist, 'assets', gz)))) throw new Error(`nginx did not send the precompressed ${gz}`);
    log(`precompressed ${gz} (${statSync(join(storefrontDist, 'assets', gz)).size} bytes) sent as built`);
  } else {
    log('this build has no .gz files: nginx compressed on the fly (gzip_static sends them once the build makes them)');
  }
  const page = await fetch(`${shopUrl}/allproducts`);
  if (!page.ok || !(await page.text()).includes('<div id="root"')) throw new Error(`a client route through nginx answered ${page.status}`);
}

async function stop() {
  for (const { child } of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.expectedExit = true;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => log(`cleanup: ${err.message}`));
  if (existsSync(accessLog) && process.exitCode) log(`nginx error log:\n${readFileSync(join(prefix, 'error.log'), 'utf8').slice(-3000)}`);
  rmSync(work, { recursive: true, force: true });
}

const started = Date.now();
try {
  chmodSync(work, 0o755);
  await main();
  log(`passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (err) {
  console.error(`[topology] FAILED: ${err.message}`);
  process.exitCode = 1;
} finally {
  await stop();
}
