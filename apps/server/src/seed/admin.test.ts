/** The start-up's admin (ADMIN_EMAIL / ADMIN_PASSWORD) when someone registered that address first. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, TEST_ADMIN_SECRET_KEY, type TestShop } from '../test/harness.js';
import { users } from '../db/schema.js';
import { ensureAdmin } from './admin.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

let ip = 0;
const nextIp = () => `10.41.0.${++ip}`;
const login = (email: string, password: string, secret_key?: string) =>
  shop.request({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...(secret_key ? { secret_key } : {}) }, remoteAddress: nextIp() });

describe('ensureAdmin at start-up', () => {
  it('takes over an address a squatter registered: the configured password works, the squatter\'s does not', async () => {
    const email = 'owner@farm.example';
    const squatter = await shop.createUser({ email, password: 'squatter-password', name: 'Call 98200 12345 www.evil.example', phone: '+919820012345' });
    expect((await login(email, 'squatter-password')).statusCode).toBe(200);
    const notice = vi.fn();

    const created = await ensureAdmin(shop.db, { email: 'Owner@Farm.example', password: 'owner-password-1' }, { notice });

    expect(created).toBe(false);
    expect(notice).toHaveBeenCalledWith(expect.stringContaining('ADMIN_EMAIL owner@farm.example belonged to an account registered through the shop'));
    const refused = await login(email, 'squatter-password');
    expect(refused.statusCode).toBe(401);
    expect((await login(email, 'squatter-password', TEST_ADMIN_SECRET_KEY)).statusCode).toBe(401);
    // The squatter's session is over.
    expect((await shop.request({ method: 'GET', url: '/api/users/profile', token: squatter.token })).statusCode).toBe(401);
    const owner = await login(email, 'owner-password-1', TEST_ADMIN_SECRET_KEY);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user).toMatchObject({ email, role: 'admin', status: 'active', name: 'Farm Admin', phone: '' });
  });

  it('leaves an admin it made alone on the next start (its own password change stays)', async () => {
    const email = 'second-owner@farm.example';
    expect(await ensureAdmin(shop.db, { email, password: 'first-password' })).toBe(true);
    const [before] = await shop.db.select().from(users).where(eq(users.email, email));
    const notice = vi.fn();
    expect(await ensureAdmin(shop.db, { email, password: 'configured-later' }, { notice })).toBe(false);
    const [after] = await shop.db.select().from(users).where(eq(users.email, email));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(after!.tokenVersion).toBe(before!.tokenVersion);
    expect(notice).not.toHaveBeenCalled();
  });

  it('admin:create (keepCustomerAccount) still promotes a customer with its own password unless told to reset it', async () => {
    const customer = await shop.createUser({ password: 'customer-password' });
    const notice = vi.fn();
    await ensureAdmin(shop.db, { email: customer.email, password: 'other-password' }, { keepCustomerAccount: true, notice });
    expect((await login(customer.email, 'customer-password', TEST_ADMIN_SECRET_KEY)).statusCode).toBe(200);
    expect(notice).not.toHaveBeenCalled();
  });
});
