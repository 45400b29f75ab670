/**
 * The login-limit scenarios of issue 12, run against the in-memory counters (login-limits.test.ts) and against
 * Redis (login-limits.redis.test.ts). Guesses are fired at once with Promise.all, as an attacker would.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestShop } from '../../test/harness.js';

export interface ScenarioOptions {
  shop: () => TestShop;
  /** Lets `ms` of the counters' time pass (the app clock in memory, real time in Redis). */
  pass: (ms: number) => Promise<void>;
  /** A fresh block of addresses per call, so tests never share counters. */
  addresses: () => (n: number) => string;
}

/** Each scenario hashes 10 to 20 passwords one at a time: on a loaded 2-core machine that alone can take a minute. */
const SLOW = 180_000;

const ACCOUNT_MESSAGE = 'Too many failed logins for this account, please try again in 15 minutes';

export function loginLimitScenarios({ shop, pass, addresses }: ScenarioOptions): void {
  const login = (email: string, password: string, remoteAddress: string, app?: FastifyInstance): Promise<LightMyRequestResponse> =>
    (app ?? shop().app).inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
  const countOf = (list: number[], status: number) => list.filter((s) => s === status).length;

  describe('40 guesses at one account at once', () => {
    it('from one address: at most 10 are checked (401), the rest 429 with Retry-After', async () => {
      const u = await shop().createUser();
      const ip = addresses()(0);
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(u.email, `wrong-guess-${i}`, ip)));
      const list = statuses(answers);
      console.log(`40 wrong logins at once from one address: ${countOf(list, 401)} x 401, ${countOf(list, 429)} x 429`);
      expect(countOf(list, 401)).toBeLessThanOrEqual(10);
      expect(countOf(list, 401)).toBeGreaterThan(0);
      expect(countOf(list, 401) + countOf(list, 429)).toBe(40);
      for (const refused of answers.filter((r) => r.statusCode === 429)) {
        expect(refused.json().message).toMatch(/^Too many failed logins/);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The address waits out its window even with the right password.
      expect((await login(u.email, u.password, ip)).statusCode).toBe(429);
    }, SLOW);

    it('from 4 addresses with the right password as guess 36: no login succeeds once the limit is reached', async () => {
      const u = await shop().createUser();
      const ips = addresses();
      // Guesses 1-10 from the first address, 11-20 from the second, ...; guess 36 (index 35) is the right password.
      const guesses = Array.from({ length: 40 }, (_, i) => ({ ip: ips(Math.floor(i / 10)), password: i === 35 ? u.password : `wrong-guess-${i}` }));
      const answers = await Promise.all(guesses.map((g) => login(u.email, g.password, g.ip)));
      const list = statuses(answers);
      console.log(
        `40 guesses at once from 4 addresses, right one as guess 36: ${countOf(list, 200)} x 200, ${countOf(list, 401)} x 401, ` +
          `${countOf(list, 429)} x 429; guess 36 answered ${list[35]}`,
      );
      expect(countOf(list, 200)).toBe(0);
      expect(list[35]).toBe(429);
      expect(countOf(list, 401)).toBeLessThanOrEqual(10);
      expect(countOf(list, 401) + countOf(list, 429)).toBe(40);
      // Right after, the right password is still refused from every address that had a wrong guess checked. (An
      // address whose guesses were all refused unchecked counts as fresh: once the pause is over it gets one try.)
      const failed = [0, 1, 2, 3].filter((n) => list.slice(n * 10, n * 10 + 10).includes(401));
      expect(failed.length).toBeGreaterThan(0);
      const again = await Promise.all(failed.map((n) => login(u.email, u.password, ips(n))));
      expect(statuses(again)).toEqual(failed.map(() => 429));
    }, SLOW);
  });

  it('the owner logs in from a fresh address right after 10 failures from 10 other addresses', async () => {
    const u = await shop().createUser();
    const ips = addresses();
    const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => login(u.email, `wrong-guess-${i}`, ips(i))));
    expect(statuses(failures)).toEqual(Array(10).fill(401));
    const owner = await login(u.email, u.password, ips(10));
    console.log(`owner from a fresh address after 10 failures from 10 addresses: ${owner.statusCode}`);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(u.email);
  }, SLOW);

  it('past the limit, fresh addresses get one try at a time with a pause that doubles', async () => {
    const u = await shop().createUser();
    const ips = addresses();
    for (let i = 0; i < 10; i++) expect((await login(u.email, `wrong-guess-${i}`, ips(i))).statusCode).toBe(401);
    // A fresh address's wrong try is answered like a refusal: that address now waits out the window.
    const first = await login(u.email, 'wrong-guess-10', ips(10));
    expect(first.statusCode).toBe(429);
    expect(first.json()).toEqual({ message: ACCOUNT_MESSAGE });
    const paused = await login(u.email, u.password, ips(11));
    expect(paused.statusCode).toBe(429);
    // 2 seconds from the end of the previous try (less if this machine was slow to send the next request).
    expect(paused.json().message).toMatch(/^Too many failed logins for this account, please try again in [12] seconds?$/);
    expect(['1', '2']).toContain(paused.headers['retry-after']);

    await pass(2100);
    expect((await login(u.email, 'wrong-guess-12', ips(12))).statusCode).toBe(429);
    const longer = await login(u.email, u.password, ips(13));
    expect(longer.json().message).toMatch(/^Too many failed logins for this account, please try again in [34] seconds$/);

    await pass(4100);
    // The owner, from an address that has not failed, gets in once the pause is over.
    expect((await login(u.email, u.password, ips(13))).statusCode).toBe(200);
    // An address that failed for this account is still refused, with the right password too.
    expect((await login(u.email, u.password, ips(10))).statusCode).toBe(429);
  }, SLOW);

  it('an address that logged in to the account before is not held back by the attack', async () => {
    const u = await shop().createUser();
    const ips = addresses();
    const home = ips(0);
    expect((await login(u.email, u.password, home)).statusCode).toBe(200);
    const attack = await Promise.all(Array.from({ length: 30 }, (_, i) => login(u.email, `wrong-guess-${i}`, ips(1 + (i % 15)))));
    expect(countOf(statuses(attack), 401)).toBe(10);
    // An attacking address that failed is refused with the right password; the owner's usual address is let in.
    const failedAt = ips(1 + (attack.findIndex((r) => r.statusCode === 401) % 15));
    expect((await login(u.email, u.password, failedAt)).statusCode).toBe(429);
    expect((await login(u.email, u.password, home)).statusCode).toBe(200);
    // It still has its own limit: 10 failures for the account from that address.
    const own = await Promise.all(Array.from({ length: 12 }, (_, i) => login(u.email, `typo-${i}`, home)));
    expect(countOf(statuses(own), 401)).toBe(10);
    expect(countOf(statuses(own), 429)).toBe(2);
  }, SLOW);

  it('a completed password reset lets the owner in from the address that reset it', async () => {
    const u = await shop().createUser();
    const ips = addresses();
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(u.email, `wrong-guess-${i}`, ips(i % 10))));
    const phone = ips(10);
    const before = shop().mails.length;
    const forget = await shop().app.inject({ method: 'POST', url: '/api/auth/forget-password', payload: { email: u.email }, remoteAddress: phone });
    expect(forget.statusCode).toBe(200);
    await expect.poll(() => shop().mails.length).toBe(before + 1);
    const token = /\/change-password\/([A-Za-z0-9_-]+)/.exec(shop().mails.at(-1)!.text)![1]!;
    const change = await shop().app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { token, password: 'a-brand-new-password' },
      remoteAddress: phone,
    });
    expect(change.statusCode).toBe(200);
    expect((await login(u.email, 'a-brand-new-password', phone)).statusCode).toBe(200);
    // The account's failures are forgotten: another fresh address is not paused either.
    expect((await login(u.email, 'a-brand-new-password', ips(11))).statusCode).toBe(200);
  }, SLOW);

  it('successful logins do not use up the failure budget of an address', async () => {
    const u = await shop().createUser();
    const ip = addresses()(0);
    for (let i = 0; i < 5; i++) expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
    const other = await shop().createUser();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(other.email, `wrong-guess-${i}`, ip)));
    expect(statuses(answers)).toEqual(Array(10).fill(401));
    expect((await login(u.email, u.password, ip)).statusCode).toBe(429);
  }, SLOW);

  it('unknown emails are limited exactly like known ones', async () => {
    const ip = addresses()(0);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('nobody-at-all@example.com', `wrong-guess-${i}`, ip)));
    expect(countOf(statuses(answers), 401)).toBe(10);
    expect(countOf(statuses(answers), 429)).toBe(10);
  }, SLOW);
}
