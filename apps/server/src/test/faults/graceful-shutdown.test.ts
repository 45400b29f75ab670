/**
 * Graceful shutdown: the real server (src/main.ts) gets SIGTERM while a request is half uploaded. It stops
 * accepting connections at once, finishes that request with its normal answer, closes the database and exits 0.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serverProcessEnv } from '../server-process.js';

const serverDir = new URL('../../..', import.meta.url).pathname;
let child: ChildProcessWithoutNullStreams | undefined;
let dataDir: string | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function waitForLine(lines: string[], match: RegExp, ms: number, proc: ChildProcessWithoutNullStreams): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      for (const line of lines) {
        const m = line.match(match);
        if (m) return finish(() => resolve(m));
      }
    };
    const onExit = () => finish(() => reject(new Error(`server exited before ${match}:\n${lines.join('\n')}`)));
    const timer = setTimeout(() => finish(() => reject(new Error(`no ${match} within ${ms} ms:\n${lines.join('\n')}`))), ms);
    const interval = setInterval(check, 50);
    const finish = (then: () => void) => {
      clearTimeout(timer);
      clearInterval(interval);
      proc.off('exit', onExit);
      then();
    };
    proc.on('exit', onExit);
    check();
  });
}

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, and exits 0', { timeout: 90_000 }, async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-shutdown-'));
    // Start from the run's migrated template (PGlite pass) so the server is up in seconds.
    const template = inject('pgliteTemplateDir');
    if (template) cpSync(template, join(dataDir, 'db'), { recursive: true });
    const env = serverProcessEnv(dataDir);
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env });
    child = proc;
    const lines: string[] = [];
    let pending = '';
    const collect = (chunk: Buffer) => {
      pending += chunk.toString();
      const parts = pending.split('\n');
      pending = parts.pop()!;
      lines.push(...parts);
    };
    proc.stdout.on('data', collect);
    proc.stderr.on('data', collect);
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));

    const [, port] = await waitForLine(lines, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 75_000, proc);

    let refusedWhileClosing: boolean | undefined;
    // A request whose body is only half sent when SIGTERM arrives.
    const body = Buffer.from(JSON.stringify({ cart: [{ _id: '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c', cart_quantity: 1 }] }));
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: Number(port), path: '/api/products/getcart', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 10));
      setTimeout(async () => {
        proc.kill('SIGTERM');
        await waitForLine(lines, /shutting down/, 10_000, proc);
        // The listening socket is closed: a new visitor is refused while the old request is still served.
        const refused = await new Promise<boolean>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1');
          socket.on('connect', () => {
            socket.destroy();
            resolve(false);
          });
          socket.on('error', () => resolve(true));
        });
        refusedWhileClosing = refused;
        req.end(body.subarray(10));
      }, 200);
    });

    const res = await answer;
    expect(refusedWhileClosing).toBe(true);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ cartDetails: [] });
    expect(await exited).toBe(0);
  });
});
