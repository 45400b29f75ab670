/**
 * Reset and verification links never reach the log, at any level: a link read from a log is a key to an account.
 * One run registers, verifies, asks for a reset and sets a new password with the mails written to the outbox
 * (no SMTP_URL) and every request logged (LOG_LEVEL=debug); the log then holds neither token.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadTestConfig, openTestDatabase } from '../harness.js';

let app: FastifyInstance;
let dataDir: string;
let drop: () => Promise<void>;
const lines: string[] = [];

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  dataDir = mkdtempSync(join(tmpdir(), 'shop-token-log-'));
  const config = loadTestConfig(dataDir, { PUBLIC_URL: 'http://shop.test', LOG_LEVEL: 'debug' });
  // No mailer given: the app's own, which writes .eml files to the outbox and logs each one.
  app = await buildApp({ config, database: opened.database, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The link under `prefix` in the newest outbox mail to `to` (the .eml is read as plain text). */
async function linkFromOutbox(to: string, prefix: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  return vi.waitFor(
    () => {
      const files = readdirSync(outbox).filter((f) => f.endsWith(`-${to}.eml`)).sort().reverse();
      for (const file of files) {
        const link = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[A-Za-z0-9_-]+`).exec(readFileSync(join(outbox, file), 'utf8'))?.[0];
        if (link) return link;
      }
      throw new Error(`no mail to ${to} with ${prefix}`);
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('the server log of a register, verify and reset', () => {
  it('holds no verification or reset token, and says where each mail went', async () => {
    const email = 'log-watch@example.com';
    const register = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Asha Rao', email, password: 'first-password-1' } });
    expect(register.statusCode).toBe(201);
    const verifyLink = await linkFromOutbox(email, 'http://shop.test/api/auth/verify-email/');
    const verifyPath = new URL(verifyLink).pathname;
    expect((await app.inject({ method: 'HEAD', url: verifyPath })).statusCode).toBe(302);
    const verified = await app.inject({ method: 'GET', url: verifyPath });
    expect(verified.headers.location).toBe('http://shop.test/login?verified=1');
    // A mistyped link (a token with a character lost) is logged too, when it fails.
    await app.inject({ method: 'GET', url: `${verifyPath.slice(0, -1)}` });

    expect((await app.inject({ method: 'POST', url: '/api/auth/forget-password', payload: { email } })).statusCode).toBe(200);
    const resetLink = await linkFromOutbox(email, 'http://shop.test/change-password/');
    const resetToken = resetLink.split('/change-password/')[1]!;
    // The browser opens the page (the storefront's route), then sends the token with the new password.
    await app.inject({ method: 'GET', url: `/change-password/${resetToken}` });
    const changed = await app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { token: resetToken, password: 'second-password-2' } });
    expect(changed.statusCode).toBe(200);
    // A used link sent again fails, and that failure is logged.
    expect((await app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { token: resetToken, password: 'third-password-3' } })).statusCode).toBe(400);

    const log = lines.join('');
    const verifyToken = verifyPath.split('/verify-email/')[1]!;
    expect(verifyToken.length).toBeGreaterThan(20);
    expect(log).toContain('mail written to outbox');
    expect(log).toContain(join(dataDir, 'outbox'));
    expect(log).toContain('/verify-email/[redacted]');
    for (const secret of [verifyToken, verifyToken.slice(0, 20), resetToken, resetToken.slice(0, 20), 'first-password-1', 'second-password-2']) {
      expect(log, 'the log holds a secret').not.toContain(secret);
    }
  });
});
