/**
 * Small atomic counters with expiry, for the login guard: in memory for one process, in Redis when REDIS_URL is set
 * so that every instance shares them. Each operation is atomic on its own (one synchronous step in memory, one
 * command or Lua script in Redis), so callers take a slot and read the result in one step, never read-then-write.
 */
import type { Redis } from 'ioredis';

export interface Counters {
  /** Adds one to `key` (starting a window of `windowMs` when it has none) and answers the new count. */
  incr(key: string, windowMs: number): Promise<number>;
  /** Takes one back from `key` if its window is still open (an expired window stays expired). */
  decr(key: string): Promise<void>;
  /** The count of `key` (0 when absent or expired). */
  get(key: string): Promise<number>;
  /** Sets `key` as a mark that lasts `ttlMs`. */
  mark(key: string, ttlMs: number): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Marks `key` for `ttlMs` unless it is marked already: answers 0 when this call marked it, else the ms left. */
  claim(key: string, ttlMs: number): Promise<number>;
  del(keys: string[]): Promise<void>;
}

/** Counters in this process; `now` is the app's clock, so tests can move time forward. */
export function createMemoryCounters(now: () => number = Date.now, maxEntries = 100_000): Counters {
  const entries = new Map<string, { value: number; expiresAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const put = (key: string, value: number, ttlMs: number) => {
    if (entries.size >= maxEntries) {
      for (const k of entries.keys()) live(k);
      // Still full of live entries: drop the oldest ones rather than grow without bound.
      for (const k of entries.keys()) {
        if (entries.size < maxEntries) break;
        entries.delete(k);
      }
    }
    entries.set(key, { value, expiresAt: now() + ttlMs });
  };
  return {
    async incr(key, windowMs) {
      const e = live(key);
      if (!e) {
        put(key, 1, windowMs);
        return 1;
      }
      return ++e.value;
    },
    async decr(key) {
      const e = live(key);
      if (e) e.value--;
    },
    async get(key) {
      return live(key)?.value ?? 0;
    },
    async mark(key, ttlMs) {
      put(key, 1, ttlMs);
    },
    async has(key) {
      return live(key) !== undefined;
    },
    async claim(key, ttlMs) {
      const e = live(key);
      if (e) return Math.max(1, e.expiresAt - now());
      put(key, 1, ttlMs);
      return 0;
    },
    async del(keys) {
      for (const k of keys) entries.delete(k);
    },
  };
}

const INCR = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;
const DECR = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;
const CLAIM = `
if redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') then return 0 end
local left = redis.call('PTTL', KEYS[1])
if left < 1 then return 1 end
return left`;

interface CounterCommands {
  counterIncr(key: string, windowMs: number): Promise<number>;
  counterDecr(key: string): Promise<number>;
  counterClaim(key: string, ttlMs: number): Promise<number>;
}

/** Counters in Redis, under `prefix`, shared by every instance that uses the same Redis and prefix. */
export function createRedisCounters(redis: Redis, prefix: string): Counters {
  if (!('counterIncr' in redis)) {
    redis.defineCommand('counterIncr', { numberOfKeys: 1, lua: INCR });
    redis.defineCommand('counterDecr', { numberOfKeys: 1, lua: DECR });
    redis.defineCommand('counterClaim', { numberOfKeys: 1, lua: CLAIM });
  }
  const r = redis as Redis & CounterCommands;
  const k = (key: string) => prefix + key;
  return {
    async incr(key, windowMs) {
      return Number(await r.counterIncr(k(key), windowMs));
    },
    async decr(key) {
      await r.counterDecr(k(key));
    },
    async get(key) {
      return Number((await r.get(k(key))) ?? 0);
    },
    async mark(key, ttlMs) {
      await r.set(k(key), '1', 'PX', ttlMs);
    },
    async has(key) {
      return (await r.exists(k(key))) === 1;
    },
    async claim(key, ttlMs) {
      return Number(await r.counterClaim(k(key), ttlMs));
    },
    async del(keys) {
      if (keys.length) await r.del(...keys.map(k));
    },
  };
}
