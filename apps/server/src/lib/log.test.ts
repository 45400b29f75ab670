import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskNestedSecrets } from './log.js';

/** A server whose log lines are collected, as an operator would read them. */
function loggedLines(log: (app: ReturnType<typeof Fastify>) => void): string {
  const lines: string[] = [];
  const app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  log(app);
  return lines.join('');
}

describe('log lines never carry secrets', () => {
  it('masks secrets at the top of a line, one object down, and in request headers', () => {
    const log = loggedLines((app) => {
      app.log.info({ password: 'top-secret-1', token: 'tok-top' }, 'top level');
      app.log.info({ body: { email: 'a@b.in', password: 'top-secret-2', razorpay_signature: 'sig-1' } }, 'one down');
      app.log.info({ req: { method: 'GET', url: '/api/auth/reset-password/tok-url', headers: { authorization: 'Bearer abc' } } }, 'request');
      app.log.child({ reqId: 'req-1' }).info({ input: { newPassword: 'top-secret-3' } }, 'from a request');
    });
    for (const secret of ['top-secret-1', 'tok-top', 'top-secret-2', 'sig-1', 'tok-url', 'Bearer abc', 'top-secret-3']) {
      expect(log, secret).not.toContain(secret);
    }
    // What is not secret stays readable.
    expect(log).toContain('a@b.in');
    expect(log).toContain('"reqId":"req-1"');
    expect(log).toContain('[redacted]');
  });

  it('leaves a line without secrets as it is (same object, nothing copied)', () => {
    const fields = { order: { _id: 'o1', total: 995 }, ms: 12 };
    expect(maskNestedSecrets(fields)).toBe(fields);
  });
});
