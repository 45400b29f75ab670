import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, expectInvalidJsonRefused, itAnswers400ForEach, openShopForFile } from '../../test/harness.js';
import { checkouts, orders, users } from '../../db/schema.js';
import { shopDay } from '@shop/domain/date';

const t = openShopForFile({ name: 'Asha Rao', phone: '+91 98000 00000' });
let inactive: TestUser;
beforeAll(async () => {
  inactive = await t.shop.createUser({ status: 'inactive' });
});

let ipCounter = 0;
const newIp = () => `10.4.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const USER_KEYS = ['_id', 'address', 'createdAt', 'email', 'name', 'ph_verified', 'phone', 'role', 'status'];
const SOME_ID = '8d3f1c2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

type Method = 'GET' | 'PUT' | 'DELETE';
function call(method: Method, url: string, token?: string, payload?: unknown) {
  return t.shop.request({ method, url, token, payload: payload as object | undefined, remoteAddress: newIp() });
}

const logIn = (u: TestUser) =>
  t.shop.request({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password }, remoteAddress: newIp() });

function expectUserShape(user: Record<string, unknown>) {
  expect(Object.keys(user).sort()).toEqual(USER_KEYS);
  expect(new Date(user.createdAt as string).toISOString()).toBe(user.createdAt);
}

const SIGNED_IN: Array<[Method, string, unknown?]> = [
  ['GET', '/api/users/get-user'],
  ['GET', '/api/users/profile'],
  ['PUT', '/api/users/profile', { name: 'Someone', phone: '', address: '' }],
];
const ADMIN_ONLY: Array<[Method, string, unknown?]> = [
  ['GET', '/api/users/all-users'],
  ['GET', '/api/users/dashboard'],
  ['GET', '/api/users/admin-get-user/someone@example.com'],
  ['PUT', `/api/users/status/${SOME_ID}`, { status: 'inactive' }],
  ['DELETE', `/api/users/${SOME_ID}`],
];

describe('access', () => {
  it.each([...SIGNED_IN, ...ADMIN_ONLY])('%s %s answers 401 to a guest', async (method, url, payload) => {
    const res = await call(method, url, undefined, payload);
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().message).toBe('string');
  });

  it.each([...SIGNED_IN, ...ADMIN_ONLY])('%s %s answers 401 to a forged token', async (method, url, payload) => {
    const res = await call(method, url, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwidmVyIjowfQ.', payload);
    expect(res.statusCode).toBe(401);
  });

  it.each([...SIGNED_IN, ...ADMIN_ONLY])('%s %s answers 403 to an inactive account', async (method, url, payload) => {
    const res = await call(method, url, inactive.token, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your account is inactive' });
  });

  it.each(ADMIN_ONLY)('%s %s answers 403 to a customer', async (method, url, payload) => {
    const res = await call(method, url, t.customer.token, payload);
    expect(res.statusCode).toBe(403);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers 403 to an inactive admin on admin endpoints', async () => {
    const sleepy = await t.shop.createUser({ role: 'admin', status: 'inactive' });
    const res = await call('GET', '/api/users/all-users', sleepy.token);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/users/get-user and /api/users/profile', () => {
  it.each(['/api/users/get-user', '/api/users/profile'])('%s answers the signed-in user', async (url) => {
    const res = await call('GET', url, t.customer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['user']);
    expectUserShape(body.user);
    expect(body.user).toMatchObject({
      _id: t.customer.id,
      name: 'Asha Rao',
      email: t.customer.email,
      phone: '+91 98000 00000',
      address: '',
      status: 'active',
      ph_verified: false,
      role: 'user',
    });
  });

  it('answers an admin with role admin', async () => {
    const res = await call('GET', '/api/users/get-user', t.admin.token);
    expect(res.json().user.role).toBe('admin');
  });
});

describe('PUT /api/users/profile', () => {
  it('saves name, phone (in one form, however written) and address, never the email', async () => {
    const u = await t.shop.createUser();
    const res = await call('PUT', '/api/users/profile', u.token, {
      name: '  Ravi Kumar  ',
      email: 'someone-else@example.com',
      phone: '098123 45678',
      address: '12 Farm Road\nPune',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'user']);
    expect(body.message).toBe('Profile updated successfully');
    expectUserShape(body.user);
    expect(body.user).toMatchObject({ _id: u.id, name: 'Ravi Kumar', email: u.email, phone: '+91 98123 45678', address: '12 Farm Road\nPune' });

    const again = await call('GET', '/api/users/profile', u.token);
    expect(again.json().user).toEqual(body.user);
    const [row] = await t.shop.db.select({ email: users.email }).from(users).where(eq(users.id, u.id));
    expect(row!.email).toBe(u.email);
  });

  it('accepts an empty phone and address', async () => {
    const u = await t.shop.createUser();
    const res = await call('PUT', '/api/users/profile', u.token, { name: 'Ravi', phone: '', address: '' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a blank name', async () => {
    const res = await call('PUT', '/api/users/profile', t.customer.token, { name: '    ', phone: '', address: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'name must not be blank' });
  });

  const bad: Array<[string, unknown]> = [
    ['no fields', {}],
    ['no name', { phone: '', address: '' }],
    ['no phone', { name: 'Ravi', address: '' }],
    ['no address', { name: 'Ravi', phone: '' }],
    ['a number as name', { name: 42, phone: '', address: '' }],
    ['a number as phone', { name: 'Ravi', phone: 9812345678, address: '' }],
    ['a bad phone', { name: 'Ravi', phone: 'call me maybe', address: '' }],
    ['an oversize name', { name: 'n'.repeat(1000), phone: '', address: '' }],
    ['an oversize phone', { name: 'Ravi', phone: '1'.repeat(100), address: '' }],
    ['an oversize address', { name: 'Ravi', phone: '', address: 'a'.repeat(10_000) }],
    ['an oversize email', { name: 'Ravi', email: 'e'.repeat(1000), phone: '', address: '' }],
  ];
  itAnswers400ForEach(bad, (payload) => call('PUT', '/api/users/profile', t.customer.token, payload));

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'PUT', url: '/api/users/profile', token: t.customer.token, payload: '{"name": "Ravi",,}' });
  });
});

describe('GET /api/users/all-users', () => {
  it('answers every user, newest first, without hashes', async () => {
    const older = await t.shop.createUser({ name: 'Older' });
    const newer = await t.shop.createUser({ name: 'Newer' });
    await t.shop.db.update(users).set({ createdAt: new Date(Date.now() + 60_000) }).where(eq(users.id, newer.id));
    await t.shop.db.update(users).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(users.id, older.id));

    const res = await call('GET', '/api/users/all-users', t.admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['users']);
    for (const u of body.users) expectUserShape(u);
    const ids = body.users.map((u: { _id: string }) => u._id);
    expect(ids).toContain(t.customer.id);
    expect(ids).toContain(t.admin.id);
    expect(ids[0]).toBe(newer.id);
    expect(ids.indexOf(older.id)).toBeGreaterThan(ids.indexOf(t.customer.id));
    const times = body.users.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.body).not.toMatch(/argon2|password/i);
  });
});

describe('GET /api/users/admin-get-user/:email', () => {
  it('answers the user with that email, whatever its case', async () => {
    const res = await call('GET', `/api/users/admin-get-user/${encodeURIComponent(t.customer.email.toUpperCase())}`, t.admin.token);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['user']);
    expectUserShape(res.json().user);
    expect(res.json().user._id).toBe(t.customer.id);
  });

  it('answers 404 for an unknown email', async () => {
    const res = await call('GET', '/api/users/admin-get-user/nobody%40example.com', t.admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });

  it.each([
    ['not an email', '/api/users/admin-get-user/not-an-email'],
    ['an oversize email', `/api/users/admin-get-user/${'x'.repeat(280)}%40example.com`],
  ])('answers 400 for %s', async (_name, url) => {
    const res = await call('GET', url, t.admin.token);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('PUT /api/users/status/:id', () => {
  it('deactivates a user, whose old token stops working at once, and reactivates them', async () => {
    const u = await t.shop.createUser();
    expect((await call('GET', '/api/users/profile', u.token)).statusCode).toBe(200);

    const res = await call('PUT', `/api/users/status/${u.id}`, t.admin.token, { status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User status updated successfully' });

    const old = await call('GET', '/api/users/profile', u.token);
    expect([401, 403]).toContain(old.statusCode);
    const login = await logIn(u);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: 'Your account is inactive' });

    const listed = (await call('GET', `/api/users/admin-get-user/${encodeURIComponent(u.email)}`, t.admin.token)).json();
    expect(listed.user.status).toBe('inactive');

    const back = await call('PUT', `/api/users/status/${u.id}`, t.admin.token, { status: 'active' });
    expect(back.statusCode).toBe(200);
    const relogin = await logIn(u);
    expect(relogin.statusCode).toBe(200);
    expect(relogin.json().user.status).toBe('active');
  });

  it('does not let an admin deactivate themselves', async () => {
    const res = await call('PUT', `/api/users/status/${t.admin.id}`, t.admin.token, { status: 'inactive' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You cannot deactivate your own account' });
    expect((await call('GET', '/api/users/get-user', t.admin.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call('PUT', `/api/users/status/${SOME_ID}`, t.admin.token, { status: 'inactive' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const res = await call('PUT', '/api/users/status/not-a-uuid', t.admin.token, { status: 'inactive' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  const bad: Array<[string, unknown]> = [
    ['no status', {}],
    ['an unknown status', { status: 'banned' }],
    ['a number as status', { status: 1 }],
    ['an oversize status', { status: 's'.repeat(10_000) }],
  ];
  itAnswers400ForEach(bad, (payload) => call('PUT', `/api/users/status/${t.customer.id}`, t.admin.token, payload));

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'PUT', url: `/api/users/status/${t.customer.id}`, token: t.admin.token, payload: '{status: inactive}' });
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user; their token stops working and their orders keep the snapshot', async () => {
    const u = await t.shop.createUser({ name: 'Leaving Soon' });
    await t.shop.db.insert(checkouts).values({
      id: 'order_test_delete_user',
      userId: u.id,
      receipt: 'rcpt_delete_user',
      amountPaise: 59_500,
      reservedUntil: new Date(Date.now() + 5 * 60_000),
    });
    const [line] = await t.shop.db
      .insert(orders)
      .values({
        checkoutId: 'order_test_delete_user',
        userId: u.id,
        userName: 'Leaving Soon',
        userEmail: u.email,
        productName: 'A2 Cow Ghee',
        productSlug: 'a2-cow-ghee',
        unitPricePaise: 59_500,
        cartQuantity: 1,
        status: 'Processing',
      })
      .returning({ id: orders.id });

    const res = await call('DELETE', `/api/users/${u.id}`, t.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'user deleted successfully' });

    expect((await call('GET', '/api/users/profile', u.token)).statusCode).toBe(401);
    const [kept] = await t.shop.db.select().from(orders).where(eq(orders.id, line!.id));
    expect(kept).toMatchObject({ userId: null, userName: 'Leaving Soon', userEmail: u.email });

    const again = await call('DELETE', `/api/users/${u.id}`, t.admin.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'User not found' });
  });

  it('does not let an admin delete themselves', async () => {
    const res = await call('DELETE', `/api/users/${t.admin.id}`, t.admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You cannot delete your own account' });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const res = await call('DELETE', '/api/users/12345', t.admin.token);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('GET /api/users/dashboard', () => {
  it('counts customers and their sign-ups per day over the last 30 days, oldest first', async () => {
    const before = (await call('GET', '/api/users/dashboard', t.admin.token)).json();
    const threeDaysAgo = await t.shop.createUser();
    const longAgo = await t.shop.createUser();
    await t.shop.createUser();
    await t.shop.createAdmin();
    await t.shop.db.update(users).set({ createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000) }).where(eq(users.id, threeDaysAgo.id));
    await t.shop.db.update(users).set({ createdAt: new Date(Date.now() - 90 * 24 * 3600 * 1000) }).where(eq(users.id, longAgo.id));

    const res = await call('GET', '/api/users/dashboard', t.admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['users', 'users_count']);
    expect(body.users_count).toBe(before.users_count + 3);
    expect(body.users).toHaveLength(30);
    for (const d of body.users) {
      expect(Object.keys(d).sort()).toEqual(['day', 'number_of_users']);
      expect(d.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const days = body.users.map((d: { day: string }) => d.day);
    expect([...days].sort()).toEqual(days);
    expect(days.at(-1)).toBe(shopDay(new Date()));

    const count = (b: typeof body, day: string) => b.users.find((d: { day: string }) => d.day === day)?.number_of_users ?? 0;
    const today = shopDay(new Date());
    const past = shopDay(new Date(Date.now() - 3 * 24 * 3600 * 1000));
    expect(count(body, today)).toBe(count(before, today) + 1);
    expect(count(body, past)).toBe(count(before, past) + 1);
    const total = body.users.reduce((n: number, d: { number_of_users: number }) => n + d.number_of_users, 0);
    const totalBefore = before.users.reduce((n: number, d: { number_of_users: number }) => n + d.number_of_users, 0);
    expect(total).toBe(totalBefore + 2);
  });
});
