/**
 * The database is a dependency that fails: on a throwaway PostgreSQL cluster of its own (initdb/pg_ctl from
 * /usr/lib/postgresql/<version>/bin; skipped when those are not installed), the API answers 503 quickly while
 * the database is stopped or frozen (SIGSTOP), keeps its liveness answer, and recovers without a restart.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadTestConfig } from '../harness.js';
import { openDatabase, type Database } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { users } from '../../db/schema.js';
import { signSessionToken } from '../../lib/tokens.js';

const CONNECT_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 2000;

function findPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')));
}

const pgBin = findPgBin();
const asRoot = process.getuid?.() === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/** The postmaster and its children (backends, checkpointer...): freezing only the postmaster leaves open connections working. */
function clusterPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}

describe.skipIf(!pgBin)('a PostgreSQL that stops, freezes and comes back', () => {
  let dir: string;
  let port: number;
  let app: FastifyInstance;
  let database: Database;
  let token: string;
  let frozen: number[] = [];

  const pg = (...args: string[]) => {
    const cmd = asRoot ? 'runuser' : join(pgBin!, args[0]!);
    const full = asRoot ? ['-u', 'postgres', '--', join(pgBin!, args[0]!), ...args.slice(1)] : args.slice(1);
    execFileSync(cmd, full, { stdio: 'pipe', timeout: 60_000 });
  };
  const start = () =>
    pg('pg_ctl', '-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, 'start');
  const stop = () => pg('pg_ctl', '-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop');
  const postmasterPid = () => Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

  /** A call that always reads the database: the signed-in customer's profile. */
  const profile = async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
    return { res, ms: Date.now() - started };
  };
  const until = async (ok: () => Promise<boolean>, ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await ok()) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return false;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-pg-fault-'));
    if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
    port = await freePort();
    pg('initdb', '-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust');
    start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const migrating = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await migrateDatabase(migrating);
    await migrating.close();
    database = await openDatabase({ databaseUrl: url, poolSize: 4, connectTimeoutMs: CONNECT_TIMEOUT_MS, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    const config = loadTestConfig(join(dir, 'app'), { DATABASE_URL: url });
    app = await buildApp({ config, database });
    await app.ready();
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Fault Tester', email: 'fault@example.com', passwordHash: 'x', role: 'user', status: 'active', emailVerified: true, phone: '' })
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    token = signSessionToken(config.jwtSecret, row!.id, row!.tokenVersion);
  }, 120_000);

  afterAll(async () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // already gone
      }
    }
    await app?.close();
    await database?.close().catch(() => undefined);
    if (dir) {
      try {
        pg('pg_ctl', '-D', join(dir, 'data'), '-m', 'immediate', 'stop');
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers 503 with Retry-After within 2 s while stopped, and 200 again once started, without a restart', async () => {
    expect((await profile()).res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    stop();
    const { res, ms } = await profile();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(ms).toBeLessThan(2000);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toEqual(expect.any(String));
    // Liveness does not depend on the database: an orchestrator must not restart the API for a database outage.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    console.log(`database stopped: ${res.statusCode} in ${ms} ms`);

    start();
    expect(await until(async () => (await profile()).res.statusCode === 200, 10_000)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  }, 60_000);

  it('answers 503 within the statement timeout while frozen (SIGSTOP), and 200 after SIGCONT', async () => {
    expect((await profile()).res.statusCode).toBe(200);
    frozen = clusterPids(postmasterPid());
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      // Pooled connections hang on the query (query timeout); new ones hang in the handshake (connect timeout).
      const limit = STATEMENT_TIMEOUT_MS + 1000 + CONNECT_TIMEOUT_MS + 1500;
      const answers = await Promise.all([profile(), profile(), profile(), profile(), profile(), profile()]);
      for (const { res, ms } of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(ms).toBeLessThan(limit);
      }
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      console.log(`database frozen: ${answers.map((a) => `${a.res.statusCode} in ${a.ms} ms`).join(', ')} (statement timeout ${STATEMENT_TIMEOUT_MS} ms)`);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    }
    expect(await until(async () => (await profile()).res.statusCode === 200, 15_000)).toBe(true);
  }, 60_000);
});
