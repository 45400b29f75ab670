import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopForTests, createTestShop, type TestShop, expectInvalidJsonRefused, itAnswers400ForEach, missingFieldCases } from '../../test/harness.js';
import { authTokens, users } from '../../db/schema.js';
import { hashLinkToken } from '../../lib/tokens.js';

const t = openShopForTests();

let ipCounter = 0;
const newIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let emailCounter = 0;
const newEmail = () => `new-customer-${++emailCounter}@example.com`;

const REGISTERED = 'Verification link has been sent to your email, Please verify your email';

function register(payload: unknown, remoteAddress = newIp()) {
  return t.shop.request({ method: 'POST', url: '/api/auth/register', payload: payload as object, remoteAddress });
}

function login(email: string, password: string) {
  return t.shop.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newIp() });
}

/** The token of the last verification link mailed to `email`. */
function mailedVerifyToken(email: string): string {
  const mail = [...t.shop.mails].reverse().find((m) => m.to === email);
  expect(mail).toBeDefined();
  const match = /\/api\/auth\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

function verify(token: string) {
  return t.shop.request({ method: 'GET', url: `/api/auth/verify-email/${token}`, remoteAddress: newIp() });
}

/** The verification link answered a redirect to `location` (the login page, told how it went). */
function expectRedirect(res: { statusCode: number; headers: Record<string, unknown> }, location: string) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(location);
}

describe('POST /api/auth/register', () => {
  it('creates an unverified customer and mails a verification link', async () => {
    const email = newEmail();
    const res = await register({ name: '  Asha Rao ', email: email.toUpperCase(), password: 'correct-horse-1', address: 'Pune' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTERED });

    const [row] = await t.shop.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Asha Rao', email, address: 'Pune', role: 'user', status: 'active', emailVerified: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const mail = t.shop.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Verify your email for Shuddh Farm');
    expect(mail.text).toContain('Hello Asha Rao');
    expect(mail.text).toContain(`${t.shop.config.publicUrl}/api/auth/verify-email/`);
    expect(mail.html).toContain('Shuddh Farm');
    expect(mail.html).toContain('Verify my email');

    const token = mailedVerifyToken(email);
    const stored = await t.shop.db.select().from(authTokens).where(eq(authTokens.userId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.purpose).toBe('verify');
    expect(stored[0]!.tokenHash).toBe(hashLinkToken(token));
    expect(stored[0]!.tokenHash).not.toContain(token);
    const ttl = stored[0]!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600 * 1000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
  });

  it('works without an address', async () => {
    const email = newEmail();
    const res = await register({ name: 'Ravi', email, password: 'correct-horse-1' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.shop.db.select({ address: users.address }).from(users).where(eq(users.email, email));
    expect(row!.address).toBe('');
  });

  it('refuses login until the email is verified, and the link works once', async () => {
    const email = newEmail();
    expect((await register({ name: 'Meera', email, password: 'correct-horse-1' })).statusCode).toBe(201);
    const before = await login(email, 'correct-horse-1');
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ message: 'Please verify your email before logging in' });

    const token = mailedVerifyToken(email);
    expectRedirect(await verify(token), 'http://shop.test/login?verified=1');

    const after = await login(email, 'correct-horse-1');
    expect(after.statusCode).toBe(200);
    expect(after.json().user.role).toBe('user');

    // Opened again (a second click, a mail scanner): the login page is told the address is verified already.
    expectRedirect(await verify(token), 'http://shop.test/login?verified=0&reason=already-verified');
  });

  it('lets a verification link expire after 24 hours', async () => {
    const email = newEmail();
    expect((await register({ name: 'Kiran', email, password: 'correct-horse-1' })).statusCode).toBe(201);
    const token = mailedVerifyToken(email);
    t.shop.advanceClock(24 * 3600 * 1000 + 60_000);
    const res = await verify(token);
    expect(res.headers.location).toBe('http://shop.test/login?verified=0&reason=expired');
    expect((await login(email, 'correct-horse-1')).statusCode).toBe(403);
  });

  it.each([
    ['an unknown token', 'a'.repeat(43)],
    ['a too short token', 'abc'],
    ['a too long token', 'b'.repeat(250)],
    ['odd characters', '%E2%9C%93%27%22%3Cscript%3E-not-a-token'],
  ])('redirects %s to verified=0 (not a link of ours), never 4xx/5xx', async (_name, token) => {
    expectRedirect(await verify(token), 'http://shop.test/login?verified=0&reason=invalid');
  });

  it('does not use a link up on HEAD (mail scanners, link previews)', async () => {
    const email = newEmail();
    expect((await register({ name: 'Farah', email, password: 'correct-horse-1' })).statusCode).toBe(201);
    const token = mailedVerifyToken(email);
    for (let i = 0; i < 3; i++) {
      const head = await t.shop.request({ method: 'HEAD', url: `/api/auth/verify-email/${token}`, remoteAddress: newIp() });
      expectRedirect(head, 'http://shop.test/login');
    }
    expect((await login(email, 'correct-horse-1')).statusCode).toBe(403);
    expect((await verify(token)).headers.location).toBe('http://shop.test/login?verified=1');
    expect((await login(email, 'correct-horse-1')).statusCode).toBe(200);
  });

  it('answers an address that has an account exactly as a new one, and mails its owner instead', async () => {
    const existing = await t.shop.createUser({ password: 'owners-password-1', name: 'Owner Name' });
    const fresh = await register({ name: 'Someone New', email: newEmail(), password: 'correct-horse-1' });
    const before = t.shop.mails.length;
    const taken = await register({ name: 'Visit www.evil.example', email: existing.email.toUpperCase(), password: 'attackers-pass-1' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.json()).toEqual({ message: REGISTERED });

    const mails = t.shop.mails.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(existing.email);
    expect(mails[0]!.subject).toBe('Someone tried to register at Shuddh Farm with your address');
    expect(mails[0]!.text).toContain('You already have an account with it, so nothing was changed.');
    expect(mails[0]!.text).toContain('http://shop.test/forget-password');
    // No link to verify anything, and nothing of what the stranger typed.
    expect(mails[0]!.text + mails[0]!.html).not.toContain('verify-email');
    expect(mails[0]!.text + mails[0]!.html).not.toContain('evil');
    // The account is untouched: the owner's password still works, the stranger's does not.
    expect((await login(existing.email, 'owners-password-1')).statusCode).toBe(200);
    expect((await login(existing.email, 'attackers-pass-1')).statusCode).toBe(401);
  });

  it('refuses a name that is blank once trimmed', async () => {
    const res = await register({ name: '     ', email: newEmail(), password: 'correct-horse-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'name must have at least 3 characters' });
  });

  it('sends at most 5 mails an hour to one mailbox, whatever plus-tags and letter case the addresses carry', async () => {
    const before = t.shop.mails.length;
    const statuses = [];
    // From one address, as an attacker would (10 is also that address's hourly limit).
    const ip = newIp();
    for (let i = 1; i <= 10; i++) {
      const email = i % 2 ? `victim+${i}@example.com` : `VICTIM+${i}@Example.com`;
      statuses.push((await register({ name: 'Flood', email, password: 'correct-horse-1' }, ip)).statusCode);
    }
    const mails = t.shop.mails.slice(before);
    console.log(`10 plus-addressed registrations to one mailbox: ${statuses.join(' ')}; ${mails.length} mails sent`);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    expect(mails.length).toBeLessThanOrEqual(5);
    expect(mails).toHaveLength(5);
    // The same address again, once more: the mailbox's hour is used up, for a new sign-up as for a known one.
    expect((await register({ name: 'Repeat', email: 'victim@example.com', password: 'correct-horse-1' })).statusCode).toBe(429);
    expect(t.shop.mails.length - before).toBe(5);
  });

  it('greets only a plain name, cut to its allowed length, and never anything a mail program would link', async () => {
    const cases: Array<[string, string]> = [
      ['Asha Rao', 'Hello Asha Rao,'],
      ['राम कुमार शर्मा', 'Hello राम कुमार शर्मा,'],
      ["Dr. Ravi D'Souza-Iyer", "Hello Dr. Ravi D'Souza-Iyer,"],
      ['Call 98200 12345 now', 'Hello,'],
      ['www.win-a-prize.example', 'Hello,'],
      ['prize.example', 'Hello,'],
      ['Visit https://evil.example', 'Hello,'],
      ['mail me@evil.example', 'Hello,'],
      ['<b>Asha</b>', 'Hello,'],
    ];
    for (const [name, greeting] of cases) {
      const email = newEmail();
      expect((await register({ name, email, password: 'correct-horse-1' })).statusCode).toBe(201);
      const mail = t.shop.mails.at(-1)!;
      expect(mail.to).toBe(email);
      expect(mail.text.split('\n')[0], name).toBe(greeting);
      expect(mail.html, name).toContain(`<p>${greeting.replace("'", '&#39;')}</p>`);
    }
  });

  it('limits registrations per address', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      expect((await register({ name: 'Flood', email: newEmail(), password: 'x' }, ip)).statusCode).toBe(400);
    }
    // Bad input does not count; valid requests do.
    for (let i = 0; i < 10; i++) {
      expect((await register({ name: 'Flood', email: newEmail(), password: 'correct-horse-1' }, ip)).statusCode).toBe(201);
    }
    const res = await register({ name: 'Flood', email: newEmail(), password: 'correct-horse-1' }, ip);
    expect(res.statusCode).toBe(429);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('POST /api/auth/register bad input', () => {
  const ok = { name: 'Asha', email: 'bad-input@example.com', password: 'correct-horse-1' };
  const cases: Array<[string, unknown]> = [
    ...missingFieldCases(ok),
    ['a short name', { ...ok, name: 'As' }],
    ['a short password', { ...ok, password: 'short' }],
    ['a bad email', { ...ok, email: 'asha-at-farm' }],
    ['a number as name', { ...ok, name: 12345 }],
    ['a number as password', { ...ok, password: 123456789 }],
    ['an object as address', { ...ok, address: { city: 'Pune' } }],
    ['an oversize name', { ...ok, name: 'n'.repeat(5000) }],
    ['an oversize password', { ...ok, password: 'p'.repeat(1000) }],
    ['an oversize address', { ...ok, address: 'a'.repeat(20_000) }],
  ];
  itAnswers400ForEach(cases, (payload) => register(payload));

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: '/api/auth/register', payload: "{'name': 'Asha'}", remoteAddress: newIp() });
  });
});

describe('registration when the mail cannot be sent', () => {
  let broken: TestShop;
  beforeAll(async () => {
    broken = await createTestShop({}, { mailer: { send: async () => Promise.reject(new Error('SMTP down')) } });
  });
  afterAll(() => broken.close());

  it('answers an error without internals and undoes the account, so the person can try again', async () => {
    const payload = { name: 'Asha', email: 'smtp-down@example.com', password: 'correct-horse-1' };
    const res = await broken.request({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: '10.2.200.1' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).not.toMatch(/SMTP/);
    const rows = await broken.db.select().from(users).where(eq(users.email, payload.email));
    expect(rows).toHaveLength(0);
  });
});
