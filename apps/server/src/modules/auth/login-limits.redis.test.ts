/**
 * The login-limit scenarios with REDIS_URL set (counters in Redis under a prefix of their own), plus two instances
 * sharing them, as in production behind nginx. Skipped when no Redis answers at REDIS_TEST_URL (127.0.0.1:6379).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test/harness.js';
import { loginLimitScenarios } from './login-limits.scenarios.js';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:sec-auth:${randomUUID()}:`;

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers();

describe.skipIf(!available)('login limits with REDIS_URL', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ REDIS_URL, REDIS_KEY_PREFIX: PREFIX });
  });
  afterAll(async () => {
    await shop?.close();
    // Only this run's keys: the Redis is shared.
    const redis = new Redis(REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  });

  let block = 0;
  loginLimitScenarios({
    shop: () => shop,
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    addresses: () => {
      const b = ++block;
      return (n) => `10.30.${b}.${n + 1}`;
    },
  });

  it('two instances share the limits: 40 guesses split between them check at most 10', async () => {
    const peer = await shop.buildPeerApp();
    const u = await shop.createUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? peer : shop.app).inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: u.email, password: `wrong-guess-${i}` },
          remoteAddress: '10.30.250.1',
        }),
      ),
    );
    const list = answers.map((r) => r.statusCode);
    expect(list.filter((s) => s === 401).length).toBe(10);
    expect(list.filter((s) => s === 429).length).toBe(30);
  }, 180_000);

  it('keeps its keys under REDIS_KEY_PREFIX', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const [, keys] = await redis.scan('0', 'MATCH', `${PREFIX}*`, 'COUNT', 10_000);
      expect(keys.some((k) => k.startsWith(`${PREFIX}login:fail:account:`))).toBe(true);
      // Request limits (@fastify/rate-limit's Redis store) share the prefix.
      expect(keys.some((k) => k.startsWith(`${PREFIX}rl:`))).toBe(true);
      // Emails are never written in clear.
      expect(keys.some((k) => k.includes('@'))).toBe(false);
    } finally {
      redis.disconnect();
    }
  });
});
