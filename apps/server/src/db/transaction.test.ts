/** Deadlocks and serialization failures: retried a bounded number of times, then answered 503 with Retry-After. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorsPlugin, { UNAVAILABLE_MESSAGE } from '../plugins/errors.js';
import { isTransactionConflict, withConflictRetry } from './transaction.js';

/** As drizzle hands a PostgreSQL error on: its code on the cause. */
const conflict = (code: '40P01' | '40001') => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('deadlock detected'), { code }) });

describe('withConflictRetry', () => {
  it('runs the work again after a deadlock or a serialization failure, and answers its result', async () => {
    let tries = 0;
    const result = await withConflictRetry(async () => {
      tries++;
      if (tries === 1) throw conflict('40P01');
      if (tries === 2) throw conflict('40001');
      return 'recorded';
    });
    expect(result).toBe('recorded');
    expect(tries).toBe(3);
  });

  it('gives up after a bounded number of tries, passing the conflict on', async () => {
    let tries = 0;
    const failing = withConflictRetry(async () => {
      tries++;
      throw conflict('40P01');
    });
    await expect(failing).rejects.toSatisfy(isTransactionConflict);
    expect(tries).toBe(6);
  });

  it('does not retry any other error', async () => {
    let tries = 0;
    const failing = withConflictRetry(async () => {
      tries++;
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    await expect(failing).rejects.toThrow('duplicate key');
    expect(tries).toBe(1);
  });
});

describe('a conflict that outlasted its retries', () => {
  it('answers 503 with Retry-After and the plain busy message, never 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post('/pay', async () => {
      throw conflict('40P01');
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/pay' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    } finally {
      await app.close();
    }
  });
});
