/**
 * Fixed-window counters for rate limits: in memory for one process, in Redis when REDIS_URL is set
 * so that every instance behind a load balancer shares them.
 */
import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit for `key` and answers the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count in the current window, without counting. */
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs) {
      const w = current(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count++;
      windows.set(key, w);
      // Keep memory bounded: drop expired windows now and then.
      if (windows.size > 10_000) for (const k of windows.keys()) current(k);
      return w.count;
    },
    async peek(key) {
      return current(key)?.count ?? 0;
    },
    async close() {},
  };
}

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, windowMs) {
      const k = `rl:${key}`;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
      return count;
    },
    async peek(key) {
      return Number((await redis.get(`rl:${key}`)) ?? 0);
    },
    async close() {
      redis.disconnect();
    },
  };
}
