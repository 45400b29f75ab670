import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log.js';
import { RequestLog } from './request-log.js';

/** An app with the request log, writing JSON lines into `lines`. */
async function appAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  // The server's own logger options (lib/log.ts), so lines are what an operator reads. The slow mark is far from
  // both routes' times: a loaded 2-core machine can take tens of milliseconds over a quick request.
  const app = Fastify({ logger: loggerOptions(level, stream), logController: new RequestLog({ slowMs: 300 }) });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/api/auth/reset-password/:token', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 400));
    return { ok: true };
  });
  await app.ready();
  await app.inject({ url: '/fast' }); // the first request compiles the route's code
  lines.length = 0;
  return { app, lines };
}

describe('request logging', () => {
  it('at info, logs nothing for a quick request and a warning for a slow one', async () => {
    const { app, lines } = await appAt('info');
    await app.inject({ url: '/fast' });
    expect(lines).toEqual([]);
    await app.inject({ url: '/slow' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'slow request', url: '/slow', statusCode: 200 });
    await app.close();
  });

  it('at debug, logs every request with its status and time', async () => {
    const { app, lines } = await appAt('debug');
    await app.inject({ url: '/fast' });
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({ method: 'GET', url: '/fast', statusCode: 200 });
    await app.close();
  });

  it('masks a token in the URL of a logged request', async () => {
    const { app, lines } = await appAt('debug');
    await app.inject({ url: '/api/auth/reset-password/s3cret-reset-token' });
    const completed = lines.find((l) => l.msg === 'request completed');
    expect(completed).toMatchObject({ url: '/api/auth/reset-password/[redacted]', statusCode: 200 });
    expect(JSON.stringify(lines)).not.toContain('s3cret-reset-token');
    await app.close();
  });
});
