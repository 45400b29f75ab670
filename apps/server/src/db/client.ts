/** Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** One type for both drivers: the services never need to know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The transaction handle passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; `undefined` means in memory. */
  pgliteDir?: string;
  /** Largest pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL: longest wait for a connection (a new one, or a free one from the pool). Unset: no limit,
   * which suits migrations and tests; the server sets it so a dead database answers 503 instead of hanging.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL: `statement_timeout` on the server, plus a client-side limit a little above it for a frozen server. */
  statementTimeoutMs?: number;
}

/** The database could not be reached or did not answer in time: the caller should try again later (503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    // Connection exceptions (08), cannot connect now / admin shutdown (57P0x), query_canceled by statement_timeout (57014).
    if (/^08/.test(code) || /^57P0/.test(code) || code === '57014' || code === '53300') return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'].includes(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    // node-postgres' own wording for timeouts and dropped connections (it sets no code on these).
    if (
      /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end)/.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.connectTimeoutMs ? { connectionTimeoutMillis: opts.connectTimeoutMs } : {}),
      ...(opts.statementTimeoutMs
        ? {
            statement_timeout: opts.statementTimeoutMs,
            // A frozen server never sends the cancel; the client stops waiting a moment later.
            query_timeout: opts.statementTimeoutMs + 1000,
          }
        : {}),
      // Notice a peer that vanished without closing the socket (a crashed host) instead of waiting forever.
      keepAlive: true,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
    // Fail fast with a clear message when the server is unreachable.
    const client = await pool.connect();
    client.release();
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create(opts.pgliteDir, { extensions: { pg_trgm } });
  // Set once the instance is ready, not through the constructor's `parsers`: PGlite's start-up installs its
  // array parsers afterwards and would overwrite the array entries (numeric[] etc. would come back as JS arrays).
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = (value: string) => value;
  const db = drizzlePglite(withoutQueryParsers(client), { schema });
  // `$client` stays the PGlite itself: the catalogue notices `listen` on it, and tests spy on its `query`.
  db.$client = client;
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/*
 * Why PGlite gets a thin client (measured: a small drizzle statement cost twice a bare `pglite.query`, 0.35 vs
 * 0.17 ms): drizzle's PGlite session passes `parsers` with every query, identity parsers that keep the types below
 * as the text PostgreSQL sent (drizzle maps that text itself), and PGlite copies its whole parser table (~300
 * entries) for any query that brings parsers of its own. So the instance gets the same identity parsers once
 * (openDatabase), and drizzle a client that leaves its per-query ones off: PGlite then uses its own table as is,
 * and the rows are the same. client.test.ts checks both, and fails if a drizzle upgrade keeps more types as text.
 */

/** The types drizzle's PGlite session (drizzle-orm/pglite/session.js) reads as text. */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

function dropParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers: _perQuery, ...rest } = options;
  return rest;
}

/** `target.query` without drizzle's per-query parsers; rowMode and everything else go through unchanged. */
const queryWithoutParsers =
  (target: Pick<Transaction, 'query'>) => (text: string, params?: unknown[], options?: QueryOptions) =>
    target.query(text, params, dropParsers(options));

/** All that drizzle's PGlite session calls on its client: `query`, and `transaction`. */
function withoutQueryParsers(client: PGlite): PGlite {
  const forDrizzle = {
    query: queryWithoutParsers(client),
    // drizzle runs the transaction's statements through the handle PGlite gives it, and calls only `query` on it.
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => fn({ query: queryWithoutParsers(tx) } as Transaction)),
  };
  return forDrizzle as unknown as PGlite;
}
