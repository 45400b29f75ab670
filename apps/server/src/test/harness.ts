/**
 * Test harness: a real app on a fresh copy of the migrated template database, with mail captured,
 * images stored in a temp folder, and helpers to make users and tokens.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { buildApp } from '../app.js';
import { deliverySettings, users } from '../db/schema.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { hashPassword } from '../lib/passwords.js';
import { signSessionToken } from '../lib/tokens.js';
import type { SandboxProvider } from '../lib/payments/sandbox.js';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  role: string;
  token: string;
}

export interface TestShop {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Every mail sent, oldest first. */
  mails: Mail[];
  /** Moves the app's clock forward (reservations, token expiry). */
  advanceClock(ms: number): void;
  createUser(
    opts?: Partial<Pick<TestUser, 'email' | 'password' | 'name' | 'role'>> & {
      status?: 'active' | 'inactive';
      verified?: boolean;
      phone?: string;
      address?: string;
      pin?: string;
      state?: string;
    },
  ): Promise<TestUser>;
  /** A customer with a complete delivery profile (TEST_DELIVERY: phone, address, PIN, Maharashtra) unless told otherwise. */
  createShopper(opts?: Parameters<TestShop['createUser']>[0]): Promise<TestUser>;
  createAdmin(): Promise<TestUser>;
  /** app.inject with an optional bearer token; resolves once the mails the request sent have gone out. */
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /**
   * Lets the sandbox provider's webhooks (a refund's processed event comes just after the refund is asked) arrive and
   * the mails they write go out. Tests that count mails after a paid order is cancelled or refunded call this first.
   */
  settle(): Promise<void>;
  /**
   * A second app instance on the same database (PostgreSQL: its own connection pool; PGlite: the same client),
   * with the same config (or the same but for `overrides`, as after a restart with other settings), clock and
   * captured mails; closed by close().
   */
  buildPeerApp(overrides?: Partial<Config>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

const ADMIN_SECRET_KEY = 'test-admin-secret-key';
/** What createUser puts in a profile by default: enough to check out. */
export const TEST_DELIVERY = { phone: '+919876543210', address: '12 Lake Road\nKoregaon Park, Pune', pin: '411001', state: 'Maharashtra' };
export const TEST_ADMIN_SECRET_KEY = ADMIN_SECRET_KEY;

/** A fresh database copied from the run's migrated template. */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** Opens another connection pool to the same database (PostgreSQL only; PGlite answers the same database). */
  openAgain: () => Promise<Database>;
}> {
  const pgTemplate = inject('pgTemplateName');
  const databaseUrl = process.env.DATABASE_URL;
  if (pgTemplate && databaseUrl) {
    const name = `shop_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
    const others: Database[] = [];
    return {
      database,
      openAgain: async () => {
        const other = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
        others.push(other);
        return other;
      },
      drop: async () => {
        for (const other of others) await other.close();
        await database.close();
        await dropDatabase(admin, name);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-db-'));
  cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  const database = await openDatabase({ pgliteDir: dir });
  return {
    database,
    openAgain: async () => database,
    drop: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestShopOptions {
  /** Replaces the capturing mailer (e.g. one that throws); `shop.mails` then stays empty. */
  mailer?: Mailer;
  /**
   * 'demo': the demo shop's delivery fees (₹40 and up, free from ₹999). Default 'free': delivery is free on every order
   * (a setting a shop may choose), so a test about stock or payments charges the items alone; tests of the fee itself
   * ask for 'demo' or set the fees they need.
   */
  deliveryFees?: 'free' | 'demo';
}

/**
 * pg's pool.end() resolves before its sockets have closed; DROP ... WITH (FORCE) right then kills those
 * connections mid-goodbye and the pool throws 57P01 as an uncaught error. So wait for them to go first.
 */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * The configuration of an app under test, its files in `dataDir`: the test environment, a fixed JWT secret and no
 * demo shop, then `env`.
 */
export function loadTestConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-for-hs256-0123456789',
    SEED_DEMO: 'false',
    ...env,
  });
}

export async function createTestShop(env: Record<string, string> = {}, opts: TestShopOptions = {}): Promise<TestShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-data-'));
  const config = loadTestConfig(dataDir, {
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-password',
    ADMIN_SECRET_KEY,
    RAZORPAY_KEY_SECRET: 'test_key_secret',
    RAZORPAY_WEBHOOK_SECRET: 'test_webhook_secret',
    PUBLIC_URL: 'http://shop.test',
    ...env,
  });
  const { database, drop, openAgain } = await openTestDatabase();
  if (opts.deliveryFees !== 'demo') await database.db.insert(deliverySettings).values({ id: 1, rules: { freeAbovePaise: 1 } });
  const peers: FastifyInstance[] = [];
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const app = await buildApp({ config, database, mailer: opts.mailer ?? mailer, now });
  await app.ready();

  const shop: TestShop = {
    app,
    db: database.db,
    config,
    mails,
    advanceClock(ms) {
      offset += ms;
    },
    async createUser(opts = {}) {
      const password = opts.password ?? 'correct-horse-battery';
      const email = (opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
      const name = opts.name ?? 'Test Customer';
      const role = opts.role ?? 'user';
      const [row] = await database.db
        .insert(users)
        .values({
          name,
          email,
          passwordHash: await hashPassword(password),
          role,
          status: opts.status ?? 'active',
          emailVerified: opts.verified ?? true,
          phone: opts.phone ?? '',
          address: opts.address ?? '',
          pin: opts.pin ?? '',
          state: opts.state ?? '',
        })
        .returning({ id: users.id, tokenVersion: users.tokenVersion });
      return { id: row!.id, email, password, name, role, token: signSessionToken(config.jwtSecret, row!.id, row!.tokenVersion, role === 'admin' ? config.admin.secretKey : undefined) };
    },
    createShopper(opts = {}) {
      return shop.createUser({ ...TEST_DELIVERY, ...opts });
    },
    createAdmin() {
      return shop.createUser({ role: 'admin', name: 'Farm Admin' });
    },
    async request({ token, headers, ...opts }) {
      // Tests also write straight to the database; a real instance hears of that within milliseconds, so wait for it.
      await app.catalogueNoticesHeard();
      const res = await app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
      // Mails go out from the outbox after the answer (some are built first, e.g. with the invoice PDF); tests read them
      // next. A read never mails, and tests that count a read's statements must see only its own.
      if ((opts.method ?? 'GET') !== 'GET' && opts.method !== 'HEAD') await app.mailOutbox.flush();
      return res;
    },
    async settle() {
      if (app.payments.name === 'sandbox') await (app.payments as SandboxProvider).settled();
      await app.mailOutbox.flush();
    },
    async buildPeerApp(overrides = {}) {
      const peer = await buildApp({ config: { ...config, ...overrides }, database: await openAgain(), mailer: opts.mailer ?? mailer, now });
      await peer.ready();
      peers.push(peer);
      return peer;
    },
    async close() {
      for (const peer of peers) await peer.close();
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return shop;
}

/** The shop a test file shares, with an admin and a customer; read its fields inside tests (they are set in beforeAll). */
export interface FileShop {
  shop: TestShop;
  admin: TestUser;
  customer: TestUser;
}

/**
 * Opens one shop (with createTestShop's `env` and `opts`) before the tests of the calling file or describe block and
 * closes it after them; read `shop` inside tests (it is set in beforeAll).
 */
export function openShopForTests(env: Record<string, string> = {}, opts: TestShopOptions = {}): { shop: TestShop } {
  const opened = {} as { shop: TestShop };
  beforeAll(async () => {
    opened.shop = await createTestShop(env, opts);
  });
  afterAll(() => opened.shop.close());
  return opened;
}

/**
 * Opens one shop for the calling test file before its tests (with an admin, and a customer made with `customer`'s
 * profile fields) and closes it after them.
 */
export function openShopForFile(customer?: Parameters<TestShop['createUser']>[0], opts: TestShopOptions = {}): FileShop {
  const opened = openShopForTests({}, opts) as FileShop;
  beforeAll(async () => {
    opened.admin = await opened.shop.createAdmin();
    opened.customer = await opened.shop.createUser(customer);
  });
  return opened;
}

/** A tiny valid PNG (8x8, farm green), as a data URL. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGOwj9LCihiGlgQAEiUwwcgHPpYAAAAASUVORK5CYII=';

/** The answer is a refusal of the client's request (4xx, `status` when given) with a `{ message }` body, never a 5xx. */
export function expectClientError(res: { statusCode: number; json(): unknown }, status?: number): void {
  if (status) expect(res.statusCode).toBe(status);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.json()).toEqual({ message: expect.any(String) });
}

/** An admin-only call is refused to a guest (401) and to the file's customer (403), each with a `{ message }` body. */
export async function expectAdminOnly(t: FileShop, call: InjectOptions): Promise<void> {
  expectClientError(await t.shop.request(call), 401);
  expectClientError(await t.shop.request({ ...call, token: t.customer.token }), 403);
}

/** Each call is refused with `status` and a body that carries a `message` (sent as a guest, or with `token`). */
export async function expectEachRefused(shop: TestShop, calls: InjectOptions[], status: number, token?: string): Promise<void> {
  for (const call of calls) {
    const res = await shop.request({ ...call, token });
    expect(res.statusCode, `${call.method} ${call.url}`).toBe(status);
    expect(res.json()).toHaveProperty('message');
  }
}

/** Bad bodies as `[name, payload]` cases: first no fields at all, then each of `ok`'s fields left out in turn ("no email"). */
export function missingFieldCases(ok: Record<string, unknown>): Array<[string, unknown]> {
  return [['no fields', {}], ...Object.keys(ok).map((field): [string, unknown] => [`no ${field}`, { ...ok, [field]: undefined }])];
}

/** A test per case: `send` with the case's body is answered 400 with a message (what it says is not the point). */
export function itAnswers400ForEach(cases: Array<[string, unknown]>, send: (payload: unknown) => Promise<LightMyRequestResponse>): void {
  it.each(cases)('answers 400 with a message for %s', async (_name, payload) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
}

/** Sends `payload` as the raw text of a JSON request, and expects the answer to a body that is not valid JSON. */
export async function expectInvalidJsonRefused(
  shop: TestShop,
  opts: { method: 'POST' | 'PUT'; url: string; payload: string; token?: string; remoteAddress?: string },
): Promise<void> {
  const res = await shop.request({ ...opts, headers: { 'content-type': 'application/json' } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
}

/** The stored file behind an uploaded image's `/uploads/...` URL (local storage). */
export function uploadedFile(shop: TestShop, url: string): string {
  return join(shop.config.storage.uploadsDir, url.slice('/uploads/'.length));
}
