/** No admin locks itself (or the t.shop) out: self-deactivation, self-deletion and the last active admin. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openShopForTests, type TestUser } from '../../test/harness.js';
import { users } from '../../db/schema.js';
import { createUsersService, USER_GUARD_MESSAGES } from './service.js';

const t = openShopForTests();

let ip = 0;
const nextIp = () => `10.42.${Math.floor(++ip / 250)}.${ip % 250}`;
const setStatus = (admin: TestUser, id: string, status: string) =>
  t.shop.request({ method: 'PUT', url: `/api/users/status/${id}`, token: admin.token, payload: { status }, remoteAddress: nextIp() });
const remove = (admin: TestUser, id: string) =>
  t.shop.request({ method: 'DELETE', url: `/api/users/${id}`, token: admin.token, remoteAddress: nextIp() });
const row = async (id: string) => (await t.shop.db.select().from(users).where(eq(users.id, id)))[0];

/** The forms of one id a client may send: as stored, upper case, mixed case. */
const spellings = (id: string) => [id, id.toUpperCase(), id.slice(0, 8).toUpperCase() + id.slice(8)];

async function removeAdmins() {
  await t.shop.db.delete(users).where(eq(users.role, 'admin'));
}

describe('an admin and its own account', () => {
  it('cannot deactivate itself, in any letter case of its id', async () => {
    await removeAdmins();
    const admin = await t.shop.createAdmin();
    await t.shop.createAdmin();
    for (const id of spellings(admin.id)) {
      const res = await setStatus(admin, id, 'inactive');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: USER_GUARD_MESSAGES.selfDeactivate });
    }
    expect((await row(admin.id))!.status).toBe('active');
    // Its session still works.
    expect((await t.shop.request({ method: 'GET', url: '/api/users/all-users', token: admin.token })).statusCode).toBe(200);
  });

  it('cannot delete itself, in any letter case of its id', async () => {
    await removeAdmins();
    const admin = await t.shop.createAdmin();
    await t.shop.createAdmin();
    for (const id of spellings(admin.id)) {
      const res = await remove(admin, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: USER_GUARD_MESSAGES.selfDelete });
    }
    expect(await row(admin.id)).toBeDefined();
  });

  it('still manages other accounts whose ids come in upper case', async () => {
    await removeAdmins();
    const admin = await t.shop.createAdmin();
    const customer = await t.shop.createUser();
    expect((await setStatus(admin, customer.id.toUpperCase(), 'inactive')).statusCode).toBe(200);
    expect((await row(customer.id))!.status).toBe('inactive');
    expect((await remove(admin, customer.id.toUpperCase())).statusCode).toBe(200);
    expect(await row(customer.id)).toBeUndefined();
  });
});

describe('the last active admin', () => {
  it('cannot be deleted or deactivated by anyone, even with a session still open', async () => {
    await removeAdmins();
    const last = await t.shop.createAdmin();
    const other = await t.shop.createAdmin();
    // The other admin is deactivated: `last` is now the only active one.
    expect((await setStatus(last, other.id, 'inactive')).statusCode).toBe(200);
    const service = createUsersService({ db: t.shop.db, now: () => new Date() });
    // Any caller (a session that is not `last`'s, whatever its state) is refused with a plain 409.
    for (const id of spellings(last.id)) {
      await expect(service.remove(other.id, id)).rejects.toMatchObject({ statusCode: 409, message: USER_GUARD_MESSAGES.lastAdmin });
      await expect(service.setStatus(other.id, id, 'inactive')).rejects.toMatchObject({ statusCode: 409, message: USER_GUARD_MESSAGES.lastAdmin });
    }
    expect((await row(last.id))!.status).toBe('active');
    // An inactive admin may go: the shop keeps its active one.
    expect((await remove(last, other.id)).statusCode).toBe(200);
  });

  it('survives two admins deactivating each other at the same moment', async () => {
    await removeAdmins();
    const a = await t.shop.createAdmin();
    const b = await t.shop.createAdmin();
    const results = await Promise.all([setStatus(a, b.id, 'inactive'), setStatus(b, a.id.toUpperCase(), 'inactive')]);
    const codes = results.map((r) => r.statusCode).sort();
    // One wins; the other is refused as the last admin (409) or finds its own session ended (401).
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const active = await t.shop.db.select().from(users).where(eq(users.role, 'admin'));
    expect(active.filter((u) => u.status === 'active')).toHaveLength(1);
  });

  it('survives two admins deleting each other at the same moment', async () => {
    await removeAdmins();
    const a = await t.shop.createAdmin();
    const b = await t.shop.createAdmin();
    const results = await Promise.all([remove(a, b.id.toUpperCase()), remove(b, a.id)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const left = await t.shop.db.select().from(users).where(eq(users.role, 'admin'));
    expect(left).toHaveLength(1);
    expect(left[0]!.status).toBe('active');
  });
});
