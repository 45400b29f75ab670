/** Admin sessions are tied to ADMIN_SECRET_KEY: rotating the key (and restarting) ends every admin token made with the old one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import type { FastifyInstance } from 'fastify';
import { createTestShop, TEST_ADMIN_SECRET_KEY, type TestShop } from '../../test/harness.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

let ip = 0;
const adminLogin = (app: FastifyInstance, email: string, password: string, secret_key: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, secret_key }, remoteAddress: `10.40.0.${++ip}` });
const call = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('rotating ADMIN_SECRET_KEY', () => {
  it('ends existing admin sessions; a login with the new key works; shoppers stay signed in', async () => {
    const admin = await shop.createAdmin();
    const customer = await shop.createUser();
    const old = await adminLogin(shop.app, admin.email, admin.password, TEST_ADMIN_SECRET_KEY);
    expect(old.statusCode).toBe(200);
    const oldToken: string = old.json().token;
    expect((await call(shop.app, '/api/users/all-users', oldToken)).statusCode).toBe(200);

    // The same database, restarted with a new key.
    const rotated = await shop.buildPeerApp({ admin: { ...shop.config.admin, secretKey: 'a-new-admin-secret-key' } });
    const refused = await call(rotated, '/api/users/all-users', oldToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Your session has expired, please log in again' });
    // The admin app asks get-user first; a 401 there signs the old session out.
    expect((await call(rotated, '/api/users/get-user', oldToken)).statusCode).toBe(401);

    expect((await adminLogin(rotated, admin.email, admin.password, TEST_ADMIN_SECRET_KEY)).statusCode).toBe(401);
    const fresh = await adminLogin(rotated, admin.email, admin.password, 'a-new-admin-secret-key');
    expect(fresh.statusCode).toBe(200);
    expect((await call(rotated, '/api/users/all-users', fresh.json().token)).statusCode).toBe(200);
    // ...and that token is no good where the old key is still configured.
    expect((await call(shop.app, '/api/users/all-users', fresh.json().token)).statusCode).toBe(401);

    expect((await call(rotated, '/api/users/get-user', customer.token)).statusCode).toBe(200);
  });

  it('refuses an admin token made before keys were fingerprinted (adm: true)', async () => {
    const admin = await shop.createAdmin();
    const [row] = await shop.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, admin.id), columns: { tokenVersion: true } });
    const legacy = jwt.sign({ ver: row!.tokenVersion, adm: true }, shop.config.jwtSecret, { algorithm: 'HS256', subject: admin.id, expiresIn: '7d' });
    expect((await call(shop.app, '/api/users/all-users', legacy)).statusCode).toBe(401);
  });

  it('does not put the admin key, or a plain hash of it, in the token', async () => {
    const admin = await shop.createAdmin();
    const res = await adminLogin(shop.app, admin.email, admin.password, TEST_ADMIN_SECRET_KEY);
    const payload = JSON.stringify(jwt.decode(res.json().token));
    expect(payload).not.toContain(TEST_ADMIN_SECRET_KEY);
    const { createHash } = await import('node:crypto');
    for (const encoding of ['hex', 'base64url'] as const) {
      expect(payload).not.toContain(createHash('sha256').update(TEST_ADMIN_SECRET_KEY).digest(encoding).slice(0, 16));
    }
  });
});
