import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.js';

/** The committed SQL migrations (apps/server/drizzle), found from src/ and from dist/. */
const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/** Applies the committed migrations; safe to run on every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  // Trigram similarity powers typo-tolerant search.
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS_DIR });
  }
}
