/** Per-route rate limits, keyed by client IP (and by whatever else a route adds, such as an email). */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/http-errors.js';

export interface RateLimitRule {
  /** A name for the counter, e.g. 'register'. */
  name: string;
  max: number;
  windowMs: number;
  /** Extra keys beyond the client IP, e.g. the email in the body (each is limited separately). */
  keys?: (request: FastifyRequest) => Array<string | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 429 once a rule's limit is reached within its window. */
    rateLimit(rule: RateLimitRule): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export default fp(
  async (app) => {
    const limiter = app.deps.rateLimiter;
    app.decorate('rateLimit', (rule: RateLimitRule) => async (request: FastifyRequest, reply: FastifyReply) => {
      const keys = [`ip:${request.ip}`, ...(rule.keys?.(request) ?? []).filter(Boolean).map((k) => `k:${String(k).toLowerCase()}`)];
      for (const key of keys) {
        const count = await limiter.hit(`${rule.name}:${key}`, rule.windowMs);
        if (count > rule.max) {
          reply.header('retry-after', Math.ceil(rule.windowMs / 1000));
          throw tooManyRequests();
        }
      }
    });
  },
  { name: 'rate-limit', dependencies: ['deps'] },
);
