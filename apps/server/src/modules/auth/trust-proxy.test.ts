/**
 * TRUST_PROXY: behind a proxy that appends the client's address to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for),
 * limits key on that appended address, never on what the client wrote in the header itself.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseTrustProxy } from '../../config.js';
import { openShopForTests, type TestShop } from '../../test/harness.js';

describe('TRUST_PROXY values', () => {
  it('is off unless set', () => {
    for (const off of [undefined, '', 'false', '0', 'off']) expect(parseTrustProxy(off)).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDR ranges', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(parseTrustProxy('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it.each(['true', 'TRUE', 'yes', '*'])('refuses %s ("trust everything") with a message saying what to set', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(ConfigError);
    expect(() => parseTrustProxy(value)).toThrow(/number of proxies in front of the API \(e\.g\. TRUST_PROXY=1\) or their addresses/);
  });

  it.each(['nginx', '10.0.0.0/33', '1.2.3', '10.0.0.1/8/1', '99'])('refuses %s', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(ConfigError);
  });
});

const PROXY = '127.0.0.1';

function attack(shop: TestShop, i: number, client: string, url = '/api/auth/login', payload: object = { email: `victim-${i}@example.com`, password: 'wrong-password' }) {
  // What arrives from nginx: the client's own header, then the address nginx saw.
  return shop.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `198.51.100.${i}, ${client}` },
  });
}

describe.each([
  ['a hop count', '1'],
  ['the proxy address', '127.0.0.1'],
])('behind one proxy, TRUST_PROXY set to %s', (_name, value) => {
  const t = openShopForTests({ TRUST_PROXY: value });

  it('keys failed logins on the address the proxy appended, not the spoofed one', async () => {
    const statuses = [];
    for (let i = 0; i < 15; i++) statuses.push((await attack(t.shop, i, '203.0.113.7')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    // Another client behind the same proxy is not affected.
    expect((await attack(t.shop, 99, '203.0.113.8')).statusCode).toBe(401);
  });

  it('keys registrations on it too: 14 against a limit of 10 an hour', async () => {
    const statuses = [];
    for (let i = 0; i < 14; i++) {
      const payload = { name: 'Spoofer', email: `spoof-${value}-${i}@example.com`, password: 'correct-horse-1' };
      statuses.push((await attack(t.shop, i, '203.0.113.9', '/api/auth/register', payload)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual(Array(4).fill(429));
  });
});

describe('without TRUST_PROXY', () => {
  const t = openShopForTests();

  it('ignores X-Forwarded-For: every request counts for the connecting address', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await attack(t.shop, i, `203.0.113.${i}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('TRUST_PROXY as a list, reached directly by a client that is not the proxy', () => {
  const t = openShopForTests({ TRUST_PROXY: '10.0.0.5' });

  it('ignores the header the client wrote', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.shop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `direct-${i}@example.com`, password: 'wrong-password' },
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
