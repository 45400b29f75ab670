import { describe, expect, it, vi } from 'vitest';
import { openShopForTests, TEST_ADMIN_SECRET_KEY, expectInvalidJsonRefused, itAnswers400ForEach } from '../../test/harness.js';

const t = openShopForTests();

// Each test speaks from its own addresses so that rate limits never leak between tests.
let ipCounter = 0;
const newIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const USER_KEYS = ['_id', 'address', 'createdAt', 'email', 'name', 'ph_verified', 'phone', 'role', 'status'];

function login(payload: unknown, remoteAddress = newIp()) {
  return t.shop.request({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });
}

describe('POST /api/auth/login', () => {
  it('answers the user and a working token', async () => {
    const u = await t.shop.createUser({ name: 'Asha Rao', phone: '+919800000000' });
    const res = await login({ email: u.email, password: u.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
    expect(body.user).toMatchObject({
      _id: u.id,
      name: 'Asha Rao',
      email: u.email,
      phone: '+919800000000',
      address: '',
      status: 'active',
      ph_verified: false,
      role: 'user',
    });
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);

    const me = await t.shop.request({ method: 'GET', url: '/api/users/get-user', token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(u.id);
  });

  it('compares emails lower-cased', async () => {
    const u = await t.shop.createUser();
    const res = await login({ email: u.email.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(u.email);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const u = await t.shop.createUser();
    const wrong = await login({ email: u.email, password: 'not-the-password' });
    const unknown = await login({ email: 'nobody-here@example.com', password: 'whatever-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an unverified account', async () => {
    const u = await t.shop.createUser({ verified: false });
    const res = await login({ email: u.email, password: u.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Please verify your email before logging in' });
  });

  it('refuses an inactive account', async () => {
    const u = await t.shop.createUser({ status: 'inactive' });
    const res = await login({ email: u.email, password: u.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your account is inactive' });
  });

  it('does not tell an inactive or unverified account apart when the password is wrong', async () => {
    const inactive = await t.shop.createUser({ status: 'inactive' });
    const res = await login({ email: inactive.email, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });
});

describe('POST /api/auth/login with secret_key (admin login)', () => {
  it('refuses a wrong key, even with the right admin password', async () => {
    const admin = await t.shop.createAdmin();
    const res = await login({ email: admin.email, password: admin.password, secret_key: 'wrong-key' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid admin credentials' });
    expect(res.json().token).toBeUndefined();
  });

  it('refuses a customer who has the right key, and gives no token', async () => {
    const u = await t.shop.createUser();
    const res = await login({ email: u.email, password: u.password, secret_key: TEST_ADMIN_SECRET_KEY });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only admins can log in here, please use the shop login' });
  });

  it('refuses the right key with a wrong password', async () => {
    const admin = await t.shop.createAdmin();
    const res = await login({ email: admin.email, password: 'not-the-password', secret_key: TEST_ADMIN_SECRET_KEY });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('lets an admin in with the right key', async () => {
    const admin = await t.shop.createAdmin();
    const res = await login({ email: admin.email, password: admin.password, secret_key: TEST_ADMIN_SECRET_KEY });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user.role).toBe('admin');
    const users = await t.shop.request({ method: 'GET', url: '/api/users/all-users', token: body.token });
    expect(users.statusCode).toBe(200);
  });

  it('gives an admin who logs in on the shop (no key) a token the admin API refuses', async () => {
    const admin = await t.shop.createAdmin();
    const res = await login({ email: admin.email, password: admin.password });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const adminCall = await t.shop.request({ method: 'GET', url: '/api/users/all-users', token });
    expect(adminCall.statusCode).toBe(403);
    expect(adminCall.json()).toEqual({ message: 'Please login with admin credentials' });
    // It still works as a shopper's session.
    const me = await t.shop.request({ method: 'GET', url: '/api/users/get-user', token });
    expect(me.statusCode).toBe(200);
  });

  it('refuses an inactive admin with the right key', async () => {
    const admin = await t.shop.createUser({ role: 'admin', status: 'inactive' });
    const res = await login({ email: admin.email, password: admin.password, secret_key: TEST_ADMIN_SECRET_KEY });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your account is inactive' });
  });
});

describe('brute force protection', () => {
  it('answers 429 to the 11th wrong login from one address within a minute', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: `guess-${i}@example.com`, password: 'wrong-password' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const eleventh = await login({ email: 'guess-10@example.com', password: 'wrong-password' }, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ message: 'Too many failed logins, please try again in a minute' });
    expect(eleventh.headers['retry-after']).toBe('60');

    // Even right credentials wait out the window from that address; other addresses are not affected.
    const u = await t.shop.createUser();
    expect((await login({ email: u.email, password: u.password }, ip)).statusCode).toBe(429);
    expect((await login({ email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('slows guesses at one account from many addresses without locking the owner out', async () => {
    const u = await t.shop.createUser();
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: u.email, password: `wrong-password-${i}` })).statusCode).toBe(401);
    }
    // Past the limit a fresh address gets one try: a wrong one is answered 429, and the next fresh address waits.
    const guess = await login({ email: u.email, password: 'wrong-password-11' });
    expect(guess.statusCode).toBe(429);
    expect(guess.json()).toEqual({ message: 'Too many failed logins for this account, please try again in 15 minutes' });
    const next = await login({ email: u.email, password: u.password });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({ message: 'Too many failed logins for this account, please try again in 2 seconds' });
    expect(next.headers['retry-after']).toBe('2');
    // Other accounts log in as usual.
    const other = await t.shop.createUser();
    expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it('counts wrong admin keys as failures', async () => {
    const admin = await t.shop.createAdmin();
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: admin.email, password: admin.password, secret_key: `guess-${i}` }, ip);
      expect(res.statusCode).toBe(401);
    }
    const res = await login({ email: admin.email, password: admin.password, secret_key: TEST_ADMIN_SECRET_KEY }, ip);
    expect(res.statusCode).toBe(429);
  });
});

describe('POST /api/auth/login bad input', () => {
  const cases: Array<[string, unknown]> = [
    ['no body fields', {}],
    ['no password', { email: 'a@example.com' }],
    ['no email', { password: 'some-password' }],
    ['a number as email', { email: 42, password: 'some-password' }],
    ['a number as password', { email: 'a@example.com', password: 12345678 }],
    ['a bad email', { email: 'not-an-email', password: 'some-password' }],
    ['an oversize email', { email: `${'a'.repeat(300)}@example.com`, password: 'some-password' }],
    ['an oversize password', { email: 'a@example.com', password: 'x'.repeat(10_000) }],
    ['an empty secret key', { email: 'a@example.com', password: 'some-password', secret_key: '' }],
    ['a number as secret key', { email: 'a@example.com', password: 'some-password', secret_key: 7 }],
    ['an array body', [1, 2]],
  ];
  itAnswers400ForEach(cases, (payload) => login(payload));

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: '/api/auth/login', payload: '{"email": "a@example.com", "password":', remoteAddress: newIp() });
  });

  it('answers 4xx to an empty JSON body', async () => {
    const res = await t.shop.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
      remoteAddress: newIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('POST /api/auth/login while its limits cannot be checked', () => {
  it('answers 503 with a message saying so and when to come back, not the generic server error', async () => {
    const u = await t.shop.createUser();
    // The login guard's counters live in Redis in production: here the store fails as an unreachable Redis would.
    const storeDown = vi.spyOn(t.shop.app.counters, 'incr').mockRejectedValue(new Error('connect ECONNREFUSED'));
    try {
      const res = await login({ email: u.email, password: u.password });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'We cannot check this request right now, please try again in a moment' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      storeDown.mockRestore();
    }
    expect((await login({ email: u.email, password: u.password })).statusCode).toBe(200);
  });
});
