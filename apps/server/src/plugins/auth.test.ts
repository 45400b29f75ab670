import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../test/harness.js';
import { users } from '../db/schema.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const profile = (token: string) => shop.request({ method: 'GET', url: '/api/users/get-user', token });

describe('a signed-in request checks the user as the database has them now', () => {
  it('ends an old token on the next request after a change made outside the API (a hand-run UPDATE)', async () => {
    const u = await shop.createUser();
    expect((await profile(u.token)).statusCode).toBe(200);
    expect((await profile(u.token)).statusCode).toBe(200);

    await shop.db.update(users).set({ status: 'inactive' }).where(eq(users.id, u.id));
    const refused = await profile(u.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your account is inactive' });

    await shop.db.update(users).set({ status: 'active', tokenVersion: 7 }).where(eq(users.id, u.id));
    expect((await profile(u.token)).statusCode).toBe(401);
  });

  it('shows a renamed user their new name at once, and refuses a deleted one', async () => {
    const u = await shop.createUser({ name: 'Meera Old' });
    expect((await profile(u.token)).json().user.name).toBe('Meera Old');
    await shop.db.update(users).set({ name: 'Meera New' }).where(eq(users.id, u.id));
    expect((await profile(u.token)).json().user.name).toBe('Meera New');

    await shop.db.delete(users).where(eq(users.id, u.id));
    expect((await profile(u.token)).statusCode).toBe(401);
  });

  it('reads a signed-in user once on PGlite, on every request on PostgreSQL', async () => {
    const u = await shop.createUser();
    expect((await profile(u.token)).statusCode).toBe(200);
    const client = (shop.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      expect((await profile(u.token)).statusCode).toBe(200);
      expect((await profile(u.token)).statusCode).toBe(200);
      const sessionReads = spy.mock.calls.filter((call) => /"token_version"/.test(String((call[0] as { text?: string }).text ?? call[0])));
      expect(sessionReads).toHaveLength(process.env.DATABASE_URL ? 2 : 0);
    } finally {
      spy.mockRestore();
    }
  });
});
