/**
 * Request limits with @fastify/rate-limit (limits declared in lib/limits.ts), and the atomic counters of the login guard.
 * Both live in Redis when REDIS_URL is set, so every instance behind the load balancer counts together; else in memory.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import { serviceUnavailable, tooManyRequests } from '../lib/http-errors.js';
import { ACCOUNT_MAILS_PER_MAILBOX, REQUEST_LIMITS, type RequestLimit, type RequestLimitName } from '../lib/limits.js';
import { createMemoryCounters, createRedisCounters, type Counters } from '../lib/counters.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler (it runs after validation, so bad input is not counted and the body's email is known) that takes
     * a slot of the named limit per client address and per email, and answers 429 with Retry-After past either.
     */
    limit(name: RequestLimitName): (request: FastifyRequest) => Promise<void>;
    /** Atomic counters shared by every instance (Redis) or this process (memory). */
    counters: Counters;
  }
}

export const LIMITS_UNAVAILABLE_MESSAGE = 'We cannot check this request right now, please try again in a moment';
/** How long a client waits before trying again when the limit counters cannot be reached. */
export const LIMITS_RETRY_AFTER_SECONDS = 5;

/** Emails are hashed into keys: the same per-email count, without a list of addresses sitting in Redis. */
function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

/** Mail providers that ignore dots in the local part (a.sha@gmail.com is asha@gmail.com). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address delivers to, as far as the address shows it: lower case, without a `+tag`, and at Gmail
 * without dots (googlemail.com is gmail.com). Used only to count mails, never to send them.
 */
function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at).replace(/\+.*$/, '');
  let domain = address.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local || address.slice(0, at)}@${domain}`;
}

/** The client's address as a limit key (an IPv6 client is counted by its /64, as one household or server). */
export function addressKey(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

export default fp(
  async (app) => {
    const { config, now } = app.deps;
    const redis = config.redisUrl
      ? new Redis(config.redisUrl, { keyPrefix: config.redisKeyPrefix, maxRetriesPerRequest: 1, connectTimeout: 2000 })
      : undefined;
    if (redis) {
      redis.on('error', (err: Error) => app.log.warn({ err: { message: err.message } }, 'redis (rate limits) unavailable'));
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
    }

    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    });
    app.decorate('counters', redis ? createRedisCounters(redis, 'login:') : createMemoryCounters(() => now().getTime()));

    const check = (name: string, kind: string, rule: RequestLimit, key: (request: FastifyRequest) => string | undefined) => {
      // A slot is taken (atomically, in the store) by every call; the library answers the count and the time left.
      // `cache` (entries of the in-memory store) is read at run time but missing from createRateLimit's types.
      const options: Parameters<typeof app.createRateLimit>[0] & { cache: number } = {
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${name}:${kind}:${key(request)}`,
        cache: 20_000,
      };
      const take = app.createRateLimit(options);
      return async (request: FastifyRequest) => {
        if (key(request) === undefined) return;
        let result: Awaited<ReturnType<typeof take>>;
        try {
          result = await take(request);
        } catch (err) {
          request.log.error({ err }, 'rate limit store failed');
          throw serviceUnavailable(LIMITS_UNAVAILABLE_MESSAGE, LIMITS_RETRY_AFTER_SECONDS);
        }
        if (!result.isAllowed && result.isExceeded) {
          throw tooManyRequests(rule.message, Math.max(1, result.ttlInSeconds));
        }
      };
    };

    const bodyEmail = (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email : undefined;
    };
    // One count for every route that mails an account link, so the mailbox's total is bounded, not each route's.
    const mailboxStep = check('accountMail', 'mailbox', ACCOUNT_MAILS_PER_MAILBOX, (request) => {
      const email = bodyEmail(request);
      return email === undefined ? undefined : emailKey(mailboxOf(email));
    });

    app.decorate('limit', (name: RequestLimitName) => {
      const limits: { ip: RequestLimit; email?: RequestLimit; mailbox?: true } = REQUEST_LIMITS[name];
      const steps = [check(name, 'ip', limits.ip, addressKey)];
      if (limits.email) {
        const rule = limits.email;
        steps.push(
          check(name, 'email', rule, (request) => {
            const email = bodyEmail(request);
            return email === undefined ? undefined : emailKey(email);
          }),
        );
      }
      if (limits.mailbox) steps.push(mailboxStep);
      return async (request: FastifyRequest) => {
        for (const step of steps) await step(request);
      };
    });
  },
  { name: 'rate-limit', dependencies: ['deps'] },
);
