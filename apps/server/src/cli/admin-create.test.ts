import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { parseAdminArgs, runAdminCreate, UsageError } from './admin-create.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('parseAdminArgs', () => {
  it('reads --flag value, --flag=value and --reset-password', () => {
    expect(parseAdminArgs(['--email', 'Owner@Farm.in', '--password=long-enough', '--name', 'Farm Owner', '--reset-password'], {})).toEqual({
      email: 'owner@farm.in',
      password: 'long-enough',
      name: 'Farm Owner',
      resetPassword: true,
    });
  });

  it('falls back to ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_NAME', () => {
    expect(parseAdminArgs([], { ADMIN_EMAIL: 'a@b.in', ADMIN_PASSWORD: 'from-env-123', ADMIN_NAME: 'Env Admin' })).toEqual({
      email: 'a@b.in',
      password: 'from-env-123',
      name: 'Env Admin',
      resetPassword: false,
    });
    // Arguments win over env.
    expect(parseAdminArgs(['--email', 'x@y.in'], { ADMIN_EMAIL: 'a@b.in', ADMIN_PASSWORD: 'from-env-123' })).toMatchObject({ email: 'x@y.in' });
  });

  it.each([
    [[], /email is required/],
    [['--email', 'not-an-email', '--password', 'long-enough'], /valid email/],
    [['--email', 'a@b.in'], /password is required/],
    [['--email', 'a@b.in', '--password', 'short'], /at least 8/],
    [['--email', 'a@b.in', '--password', 'x'.repeat(129)], /at most 128/],
    [['--email', 'a@b.in', '--password', 'long-enough', '--name', 'x'], /name must have/],
    [['--email'], /--email needs a value/],
    [['--email', '--password', 'long-enough'], /--email needs a value/],
    [['--emial', 'a@b.in'], /Unknown argument: --emial/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseAdminArgs(argv, {})).toThrow(UsageError);
    expect(() => parseAdminArgs(argv, {})).toThrow(message);
  });

  it('answers help', () => {
    expect(parseAdminArgs(['--help'], {})).toBe('help');
  });
});

describe('runAdminCreate', () => {
  let dataDir: string;
  const env = () => ({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const withDb = async <T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> => {
    const database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };
  const findUser = (email: string) =>
    withDb(async (db) => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0]);

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-cli-'));
    // Start from the run's migrated template when there is one (PGlite runs); otherwise the command migrates.
    const template = inject('pgliteTemplateDir');
    if (template) cpSync(template, join(dataDir, 'db'), { recursive: true });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 2 with a clear message on bad input, touching nothing', async () => {
    const { io, err, out } = capture();
    expect(await runAdminCreate(['--email', 'a@b.in', '--password', 'short'], env(), io)).toBe(2);
    expect(err.join('\n')).toMatch(/^Error: The password must have at least 8 characters/);
    expect(err.join('\n')).toContain('Usage: admin:create');
    expect(out).toEqual([]);
  });

  it('exits 1 on a configuration error', async () => {
    const { io, err } = capture();
    expect(await runAdminCreate(['--email', 'a@b.in', '--password', 'long-enough'], { ...env(), PORT: 'abc' }, io)).toBe(1);
    expect(err[0]).toBe('Error: PORT must be a port number');
  });

  it('creates a verified, active admin', async () => {
    const { io, out, err } = capture();
    const code = await runAdminCreate(['--email', 'Owner@Farm.in', '--password', 'first-password', '--name', 'Farm Owner'], env(), io);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^Created admin account owner@farm\.in \(Farm Owner\)/);
    expect(out[1]).toMatch(/adminlogin/);
    const user = await findUser('owner@farm.in');
    expect(user).toMatchObject({ name: 'Farm Owner', role: 'admin', status: 'active', emailVerified: true });
    expect(await verifyPassword(user!.passwordHash, 'first-password')).toBe(true);
  });

  it('changes nothing for an existing admin without --reset-password', async () => {
    const { io, out } = capture();
    expect(await runAdminCreate(['--email', 'owner@farm.in', '--password', 'other-password'], env(), io)).toBe(0);
    expect(out[0]).toMatch(/already an admin; nothing changed/);
    const user = await findUser('owner@farm.in');
    expect(await verifyPassword(user!.passwordHash, 'first-password')).toBe(true);
    expect(user!.tokenVersion).toBe(0);
  });

  it('sets a new password with --reset-password and ends older sessions', async () => {
    const { io, out } = capture();
    const code = await runAdminCreate([], { ...env(), ADMIN_EMAIL: 'owner@farm.in', ADMIN_PASSWORD: 'second-password' }, io);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/already an admin/);
    const again = capture();
    expect(await runAdminCreate(['--email', 'owner@farm.in', '--password', 'second-password', '--reset-password'], env(), again.io)).toBe(0);
    expect(again.out[0]).toMatch(/^Set a new password for the admin owner@farm\.in/);
    const user = await findUser('owner@farm.in');
    expect(await verifyPassword(user!.passwordHash, 'second-password')).toBe(true);
    expect(user!.tokenVersion).toBe(1);
  });

  it('promotes an existing customer, keeping the password unless asked', async () => {
    await withDb(async (db) => {
      await db.insert(users).values({
        name: 'Asha Customer',
        email: 'asha@example.com',
        passwordHash: await hashPassword('customer-password'),
        status: 'inactive',
      });
    });
    const { io, out } = capture();
    expect(await runAdminCreate(['--email', 'asha@example.com', '--password', 'ignored-password'], env(), io)).toBe(0);
    expect(out[0]).toMatch(/^Made the existing account asha@example\.com an admin; its password is unchanged/);
    const user = await findUser('asha@example.com');
    expect(user).toMatchObject({ name: 'Asha Customer', role: 'admin', status: 'active', emailVerified: true, tokenVersion: 1 });
    expect(await verifyPassword(user!.passwordHash, 'customer-password')).toBe(true);
  });
});
