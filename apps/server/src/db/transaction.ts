/**
 * Work that PostgreSQL may abort as a deadlock victim or a serialization failure is retried: the whole transaction
 * (or the single statement) rolled back, so running it again is safe. When the retries run out the error goes on, and
 * the error handler answers it 503 with Retry-After (plugins/errors.ts), never 500.
 */
import type { Db, Tx } from './client.js';

/** Tries in all, the first included. */
const ATTEMPTS = 6;
/** The longest random pause before a retry grows by this much per attempt, so two victims rarely meet again. */
const BACKOFF_STEP_MS = 15;

/** A deadlock (40P01) or serialization failure (40001), seen through drizzle's, pg's and PGlite's wrappers. */
export function isTransactionConflict(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `fn` again (after a short random pause) while PostgreSQL aborts it as a deadlock or serialization failure. */
export async function withConflictRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= ATTEMPTS || !isTransactionConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_STEP_MS * attempt));
    }
  }
}

/** db.transaction, retried a few times when PostgreSQL picked it as a deadlock victim. */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withConflictRetry(() => db.transaction(fn));
}
