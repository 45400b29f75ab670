import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { openShopForTests, type TestUser, expectInvalidJsonRefused, itAnswers400ForEach } from '../../test/harness.js';
import { authTokens, users } from '../../db/schema.js';
import { hashLinkToken } from '../../lib/tokens.js';

const t = openShopForTests();

let ipCounter = 0;
const newIp = () => `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const RESET_SENT = 'If an account exists for this email, a reset link has been sent';
const CHANGED = 'Password changed successfully, please log in';
const BAD_LINK = 'This reset link is invalid or has expired';

function forget(payload: unknown, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.shop.request({
    method: 'POST',
    url: '/api/auth/forget-password',
    payload: payload as object,
    remoteAddress: opts.remoteAddress ?? newIp(),
    headers: opts.headers,
  });
}

function change(payload: unknown) {
  return t.shop.request({ method: 'POST', url: '/api/auth/change-password', payload: payload as object, remoteAddress: newIp() });
}

function login(email: string, password: string) {
  return t.shop.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newIp() });
}

/** Asks for a reset link for `user` and answers the mailed link (the mail is sent after the answer). */
async function resetLink(user: TestUser): Promise<string> {
  const before = t.shop.mails.length;
  const res = await forget({ email: user.email });
  expect(res.statusCode).toBe(200);
  await vi.waitFor(() => expect(t.shop.mails.slice(before).some((m) => m.to === user.email)).toBe(true));
  const mail = t.shop.mails.slice(before).find((m) => m.to === user.email)!;
  const link = /https?:\/\/\S+\/change-password\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  return link!;
}
const tokenOf = (link: string) => link.split('/change-password/')[1]!;

describe('POST /api/auth/forget-password', () => {
  it('answers the same status and body for known and unknown emails, and mails only the known one', async () => {
    const u = await t.shop.createUser({ name: 'Asha Rao' });
    const before = t.shop.mails.length;
    const known = await forget({ email: u.email });
    const unknown = await forget({ email: 'no-such-account@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(known.json()).toEqual({ message: RESET_SENT });
    expect(unknown.body).toBe(known.body);

    await vi.waitFor(() => expect(t.shop.mails.length).toBe(before + 1));
    const mail = t.shop.mails.at(-1)!;
    expect(mail.to).toBe(u.email);
    expect(mail.subject).toBe('Reset your Shuddh Farm password');
    expect(mail.text).toContain('Hello Asha Rao');
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('Choose a new password');
    expect(mail.html).toContain('Shuddh Farm');

    const token = tokenOf(/https?:\/\/\S+/.exec(mail.text)![0]);
    const [row] = await t.shop.db.select().from(authTokens).where(eq(authTokens.tokenHash, hashLinkToken(token)));
    expect(row).toMatchObject({ userId: u.id, purpose: 'reset', usedAt: null });
  });

  it('builds the link from PUBLIC_URL, never from the Host header', async () => {
    const u = await t.shop.createUser();
    const before = t.shop.mails.length;
    const res = await forget(
      { email: u.email.toUpperCase() },
      { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' } },
    );
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(t.shop.mails.length).toBe(before + 1));
    const mail = t.shop.mails.at(-1)!;
    expect(mail.to).toBe(u.email);
    const links = mail.text.match(/https?:\/\/\S+/g)!;
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith('http://shop.test/change-password/')).toBe(true);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('limits requests per email the same way for known and unknown emails', async () => {
    const u = await t.shop.createUser();
    const knownStatuses = [];
    const unknownStatuses = [];
    for (let i = 0; i < 6; i++) {
      knownStatuses.push((await forget({ email: u.email })).statusCode);
      unknownStatuses.push((await forget({ email: 'nobody-limited@example.com' })).statusCode);
    }
    expect(knownStatuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(unknownStatuses).toEqual(knownStatuses);
  });

  it('counts one mailbox whatever its case, plus-tag or Gmail dots, together with registrations', async () => {
    const before = t.shop.mails.length;
    const u = await t.shop.createUser({ email: 'meera.iyer@gmail.com' });
    const statuses = [];
    for (const email of ['meera.iyer@gmail.com', 'MEERA.IYER+1@gmail.com', 'meeraiyer+2@googlemail.com', 'm.e.e.r.a.iyer@gmail.com']) {
      statuses.push((await forget({ email })).statusCode);
    }
    const reg = await t.shop.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Meera', email: 'meera.iyer+shop@gmail.com', password: 'correct-horse-1' },
      remoteAddress: newIp(),
    });
    statuses.push(reg.statusCode);
    statuses.push((await forget({ email: 'Meera.Iyer+3@Gmail.com' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 201, 429]);
    // The reset mails went only to the account's own address; the sixth request sent nothing.
    await vi.waitFor(() => expect(t.shop.mails.length - before).toBe(2));
    expect(t.shop.mails.slice(before).every((m) => m.to === u.email || m.to === 'meera.iyer+shop@gmail.com')).toBe(true);
  });

  it('limits requests per address', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await forget({ email: `flood-${i}@example.com` }, { remoteAddress: ip })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  const bad: Array<[string, unknown]> = [
    ['no email', {}],
    ['a bad email', { email: 'nope' }],
    ['a number as email', { email: 5 }],
    ['an oversize email', { email: `${'x'.repeat(400)}@example.com` }],
  ];
  itAnswers400ForEach(bad, (payload) => forget(payload));

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: '/api/auth/forget-password', payload: '{"email":', remoteAddress: newIp() });
  });
});

describe('POST /api/auth/change-password', () => {
  it('sets the new password once, ends old sessions and leaves the old password useless', async () => {
    const u = await t.shop.createUser();
    const me = await t.shop.request({ method: 'GET', url: '/api/users/get-user', token: u.token });
    expect(me.statusCode).toBe(200);

    const token = tokenOf(await resetLink(u));
    const res = await change({ password: 'brand-new-password', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CHANGED });

    const old = await t.shop.request({ method: 'GET', url: '/api/users/get-user', token: u.token });
    expect(old.statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    const fresh = await login(u.email, 'brand-new-password');
    expect(fresh.statusCode).toBe(200);
    expect((await t.shop.request({ method: 'GET', url: '/api/users/get-user', token: fresh.json().token })).statusCode).toBe(200);

    const again = await change({ password: 'another-password', token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: BAD_LINK });
    expect((await login(u.email, 'brand-new-password')).statusCode).toBe(200);
  });

  it('still accepts a link after 29 minutes', async () => {
    const u = await t.shop.createUser();
    const token = tokenOf(await resetLink(u));
    t.shop.advanceClock(29 * 60 * 1000);
    expect((await change({ password: 'brand-new-password', token })).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes', async () => {
    const u = await t.shop.createUser();
    const token = tokenOf(await resetLink(u));
    t.shop.advanceClock(30 * 60 * 1000 + 1000);
    const res = await change({ password: 'brand-new-password', token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD_LINK });
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('invalidates an older link when a new one is issued', async () => {
    const u = await t.shop.createUser();
    const first = tokenOf(await resetLink(u));
    const second = tokenOf(await resetLink(u));
    expect(second).not.toBe(first);
    expect((await change({ password: 'brand-new-password', token: first })).statusCode).toBe(400);
    expect((await change({ password: 'brand-new-password', token: second })).statusCode).toBe(200);
  });

  it('marks the email verified, since the person proved they own it', async () => {
    const u = await t.shop.createUser({ verified: false });
    expect((await login(u.email, u.password)).statusCode).toBe(403);
    const token = tokenOf(await resetLink(u));
    expect((await change({ password: 'brand-new-password', token })).statusCode).toBe(200);
    const [row] = await t.shop.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, u.id));
    expect(row!.v).toBe(true);
    expect((await login(u.email, 'brand-new-password')).statusCode).toBe(200);
  });

  it('refuses a verification token used as a reset token', async () => {
    const email = 'verify-not-reset@example.com';
    const reg = await t.shop.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Asha', email, password: 'correct-horse-1' },
      remoteAddress: newIp(),
    });
    expect(reg.statusCode).toBe(201);
    const verifyToken = /verify-email\/(\S+)/.exec(t.shop.mails.at(-1)!.text)![1]!;
    const res = await change({ password: 'brand-new-password', token: verifyToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD_LINK });
  });

  const bad: Array<[string, unknown]> = [
    ['no fields', {}],
    ['no token', { password: 'brand-new-password' }],
    ['no password', { token: 'a'.repeat(43) }],
    ['a short password', { password: 'short', token: 'a'.repeat(43) }],
    ['an oversize password', { password: 'p'.repeat(500), token: 'a'.repeat(43) }],
    ['a short token', { password: 'brand-new-password', token: 'abc' }],
    ['an oversize token', { password: 'brand-new-password', token: 't'.repeat(5000) }],
    ['a number as token', { password: 'brand-new-password', token: 1234567890123 }],
    ['a number as password', { password: 123456789, token: 'a'.repeat(43) }],
  ];
  itAnswers400ForEach(bad, (payload) => change(payload));

  it('answers 400 for an unknown token', async () => {
    const res = await change({ password: 'brand-new-password', token: 'a'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD_LINK });
  });

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: '/api/auth/change-password', payload: '{"password": "x", token}', remoteAddress: newIp() });
  });
});
