/** Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

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
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
    // Fail fast with a clear message when the server is unreachable.
    const client = await pool.connect();
    client.release();
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create(opts.pgliteDir, { extensions: { pg_trgm } });
  return { db: drizzlePglite(client, { schema }) as unknown as Db, kind: 'pglite', close: () => client.close() };
}
