import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.js';

/** The committed SQL migrations (apps/server/drizzle), found from src/ and from dist/. */
const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/** The SQL functions as they are now (drizzle/functions/*.sql), applied after the migrations. */
const FUNCTIONS_DIR = join(MIGRATIONS_DIR, 'functions');

/** Any number, the same in every instance: instances starting together replace the functions one after another. */
const FUNCTIONS_LOCK = 7_120_019;

/** Applies the committed migrations, then (re)creates the SQL functions; safe to run on every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  // Trigram similarity powers typo-tolerant search.
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS_DIR });
  }
  await applyFunctions(database);
}

/**
 * Each function lives in one file, as it is now (docs/decisions/0003): a migration only adds tables, columns and data,
 * and drops a signature that changes. CREATE OR REPLACE of an unchanged body costs a few milliseconds per start.
 */
async function applyFunctions(database: Database): Promise<void> {
  const files = readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const statements = files.flatMap((f) =>
    readFileSync(join(FUNCTIONS_DIR, f), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FUNCTIONS_LOCK})`);
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}
