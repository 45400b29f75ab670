/**
 * Bad bytes are bad input (400 naming the field, before the database), validation failures read as plain
 * sentences, and log lines never carry passwords, hashes, tokens or the parameters of a failed statement.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadTestConfig, openShopForFile, openTestDatabase, PNG_DATA_URL } from '../harness.js';

const t = openShopForFile();

const NOT_ALLOWED = (field: string) => ({ message: `${field} contains characters that are not allowed` });

describe('control characters', () => {
  it.each([
    ['register name', 'POST', '/api/auth/register', { name: 'Ravi\u0000', email: 'ravi@example.com', password: 'a-long-password' }, 'Name'],
    ['register address', 'POST', '/api/auth/register', { name: 'Ravi', email: 'ravi@example.com', password: 'a-long-password', address: 'Pune\u0000' }, 'Address'],
    ['contact name', 'POST', '/api/auth/sendmail', { name: 'Ravi\u0007', email: 'ravi@example.com', message: 'hi' }, 'Name'],
    ['contact message', 'POST', '/api/auth/sendmail', { name: 'Ravi', email: 'ravi@example.com', message: 'hi\u0000' }, 'Message'],
    ['profile name', 'PUT', '/api/users/profile', { name: 'Ravi\u001b[2J', phone: '', address: '' }, 'Name'],
    ['profile address', 'PUT', '/api/users/profile', { name: 'Ravi', phone: '', address: '\u0000' }, 'Address'],
    ['blog title', 'POST', '/api/blogs', { title: 'Ghee\u0000', content: '<p>x</p>' }, 'Title'],
    ['blog content', 'POST', '/api/blogs', { title: 'Ghee', content: '<p>\u0000</p>' }, 'Content'],
    ['slider name', 'POST', '/api/slider', { name: 'Slide\u0000', url: '/allproducts', image: PNG_DATA_URL }, 'Name'],
    ['a nested key', 'POST', '/api/products/getcart', { cart: [{ _id: 'x', cart_quantity: 1, 'a\u0000': 1 }] }, null],
  ])('refuses a control character in the %s with 400 naming the field', async (_label, method, url, payload, field) => {
    const token = url.includes('profile') ? t.customer.token : t.admin.token;
    const res = await t.shop.request({ method: method as 'POST', url, payload, token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(field ? NOT_ALLOWED(field) : { message: 'The request contains a field name that is not allowed' });
  });

  it('refuses them in params and query strings too', async () => {
    const blog = await t.shop.request({ method: 'GET', url: '/api/blogs/%00' });
    expect(blog.statusCode).toBe(400);
    expect(blog.json()).toEqual(NOT_ALLOWED('Slug'));
    const query = await t.shop.request({ method: 'GET', url: '/api/blogs?x=%1b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(NOT_ALLOWED('X'));
  });

  it('lets text that may span lines keep its line breaks and tabs, and refuses them in one-line fields', async () => {
    const ok = await t.shop.request({
      method: 'PUT',
      url: '/api/users/profile',
      token: t.customer.token,
      payload: { name: 'Ravi Kumar', phone: '', address: 'Flat 4\r\nMG Road\tPune' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.address).toBe('Flat 4\r\nMG Road\tPune');
    const name = await t.shop.request({ method: 'PUT', url: '/api/users/profile', token: t.customer.token, payload: { name: 'Ravi\nKumar', phone: '', address: '' } });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual(NOT_ALLOWED('Name'));
  });

  it('refuses nesting deeper than any request needs', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { a: deep };
    const res = await t.shop.request({ method: 'POST', url: '/api/products/getcart', payload: { cart: [], deep } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request is nested too deeply' });
  });
});

describe('validation messages a shop owner can read', () => {
  it.each([
    ['a missing email', '/api/auth/register', { name: 'Ravi', password: 'a-long-password' }, 'Email is required'],
    ['a bad email', '/api/auth/register', { name: 'Ravi', email: 'ravi', password: 'a-long-password' }, 'Email must be a valid email address'],
    ['a short password', '/api/auth/register', { name: 'Ravi', email: 'ravi@example.com', password: 'short' }, 'Password must have at least 8 characters'],
    ['a name as a number', '/api/auth/register', { name: 5, email: 'ravi@example.com', password: 'a-long-password' }, 'Name must be text'],
    ['a cart that is not a list', '/api/products/getcart', { cart: 'x' }, 'Cart must be a list'],
    ['no body', '/api/products/getcart', undefined, 'The request body must be a JSON object'],
  ])('says so for %s', async (_label, url, payload, message) => {
    const res = await t.shop.request({ method: 'POST', url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('names product fields in words ("Price is required", "Quantity must be at least 0")', async () => {
    const post = (payload: object) => t.shop.request({ method: 'POST', url: '/api/products', token: t.admin.token, payload });
    const base = { name: 'Ghee', shortdesc: 'x', description: 'x', contents: 'x', quantity: 1, category: '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c' };
    expect((await post(base)).json()).toEqual({ message: 'Price is required' });
    expect((await post({ ...base, price: 10, quantity: -1 })).json()).toEqual({ message: 'Quantity must be at least 0' });
    expect((await post({ ...base, price: 10.005 })).json()).toEqual({ message: 'Price can have at most 2 decimal places' });
  });
});

describe('logs', () => {
  it('never carry the password, hash, email or token of a request that failed in the database', async () => {
    const lines: string[] = [];
    const { database, drop } = await openTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-log-test-'));
    const config = loadTestConfig(dataDir, { LOG_LEVEL: 'info' });
    const app = await buildApp({ config, database, mailer: { send: async () => undefined }, logStream: { write: (line) => void lines.push(line) } });
    try {
      await app.ready();
      // A broken schema makes the insert of a new account fail with its parameters (name, email, argon2 hash) attached.
      await database.db.execute(sql.raw('ALTER TABLE users RENAME COLUMN name TO name_gone'));
      const email = 'secret-person@example.com';
      const password = 'my-very-secret-password';
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Secret Person', email, password },
        headers: { authorization: 'Bearer not-a-real-token-but-secret' },
      });
      expect(res.statusCode).toBe(500);
      const verify = await app.inject({ method: 'GET', url: '/api/auth/verify-email/abcdefghijklmnop-secret-token' });
      expect(verify.statusCode).toBeLessThan(600);

      const log = lines.join('');
      expect(log).toMatch(/request failed/);
      expect(log).toMatch(/Failed query: insert into ..users/);
      for (const secret of [email, password, '$argon2', 'not-a-real-token-but-secret', 'abcdefghijklmnop-secret-token']) {
        expect(log, secret).not.toContain(secret);
      }
    } finally {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
