/** Transactions that PostgreSQL may abort as a deadlock victim or a serialization failure are retried. */
import type { Db, Tx } from './client.js';

/** Deadlocks and serialization failures are safe to retry: the whole transaction rolled back. */
function isRetryable(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return code === '40P01' || code === '40001';
}

/** db.transaction, retried a few times when PostgreSQL picked it as a deadlock victim. */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (attempt >= 4 || !isRetryable(err)) throw err;
    }
  }
}
