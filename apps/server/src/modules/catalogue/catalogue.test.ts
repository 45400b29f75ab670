import { describe, expect, it } from 'vitest';
import { expectEachRefused, expectInvalidJsonRefused, openShopForFile } from '../../test/harness.js';
import { addCategory, addProduct, addSolution, keysOf, UNKNOWN_ID } from '../products/test-fixtures.js';

const t = openShopForFile();

interface Kind {
  path: string;
  listKey: 'categories' | 'solutions';
  itemKey: 'category' | 'solution';
  updated: string;
  deleted: string;
  inUse: string;
  /** Makes a product that uses the row `id`. */
  use(id: string): Promise<void>;
}

const kinds: Kind[] = [
  {
    path: '/api/category',
    listKey: 'categories',
    itemKey: 'category',
    updated: 'Category updated successfully',
    deleted: 'Category deleted successfully',
    inUse: 'This category still has products',
    async use(id) {
      await addProduct(t.shop, t.admin.token, { name: 'Uses category', category: id });
    },
  },
  {
    path: '/api/solutions',
    listKey: 'solutions',
    itemKey: 'solution',
    updated: 'Solution updated successfully',
    deleted: 'Solution deleted successfully',
    inUse: 'This solution is still used by products',
    async use(id) {
      const category = await addCategory(t.shop, t.admin.token, `Holder ${id.slice(0, 8)}`);
      await addProduct(t.shop, t.admin.token, { name: 'Uses solution', category: category._id, solutions: [id] });
    },
  },
];

describe.each(kinds)('$path', (kind) => {
  const create = (name: unknown, token = t.admin.token) =>
    t.shop.request({ method: 'POST', url: kind.path, token, payload: { name } });
  const list = async () => {
    const res = await t.shop.request({ method: 'GET', url: kind.path });
    expect(res.statusCode).toBe(200);
    return res.json<Record<string, Array<{ _id: string; name: string; slug: string }>>>()[kind.listKey]!;
  };
  const prefix = kind.itemKey === 'category' ? 'Cat' : 'Sol';

  it('creates a row with a slug made from its name (201, exact shape)', async () => {
    const res = await create(`  ${prefix} Desi   Ghee & Butter `);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(keysOf(body)).toEqual([kind.itemKey]);
    expect(keysOf(body[kind.itemKey])).toEqual(['_id', 'name', 'slug']);
    expect(body[kind.itemKey]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: `${prefix} Desi Ghee & Butter`,
      slug: `${prefix.toLowerCase()}-desi-ghee-and-butter`,
    });
  });

  it('lists everything in name order (case-insensitive), publicly', async () => {
    await create(`${prefix} zeta`);
    await create(`${prefix} Alpha`);
    await create(`${prefix} beta`);
    const res = await t.shop.request({ method: 'GET', url: kind.path });
    expect(res.statusCode).toBe(200);
    expect(keysOf(res.json())).toEqual([kind.listKey]);
    const rows = await list();
    const names = rows.map((r) => r.name).filter((n) => n.startsWith(`${prefix} `));
    expect(names).toEqual([`${prefix} Alpha`, `${prefix} beta`, `${prefix} Desi Ghee & Butter`, `${prefix} zeta`]);
    for (const row of rows) expect(keysOf(row)).toEqual(['_id', 'name', 'slug']);
  });

  it('refuses a duplicate name, whatever its case, with 409', async () => {
    const res = await create(`${prefix.toUpperCase()} ALPHA`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it('lets exactly one of several identical names saved at the same moment through', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => create(`${prefix} Simultaneous`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().message).toMatch(/already exists/);
  });

  it('gives different names that slugify alike different slugs', async () => {
    const a = await create(`${prefix} Oils!`);
    const b = await create(`${prefix} Oils?`);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json()[kind.itemKey].slug).toBe(`${prefix.toLowerCase()}-oils`);
    expect(b.json()[kind.itemKey].slug).toBe(`${prefix.toLowerCase()}-oils-2`);
  });

  it('refuses control characters with 400 naming the field (a NUL never reaches the database)', async () => {
    const res = await create(`${prefix}\u0000 Nul\ttab`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name contains characters that are not allowed');
  });

  it.each([
    ['a missing name', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a number', { name: 42 }],
    ['null', { name: null }],
    ['an array', { name: ['Ghee'] }],
    ['an oversize name', { name: 'x'.repeat(81) }],
  ])('refuses %s with 400 and a message', async (_label, payload) => {
    const res = await t.shop.request({ method: 'POST', url: kind.path, token: t.admin.token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/name/i);
  });

  it('refuses malformed JSON and a non-object body with 400', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: kind.path, token: t.admin.token, payload: '{"name": "Ghee"' });
    const arr = await t.shop.request({ method: 'POST', url: kind.path, token: t.admin.token, payload: ['Ghee'] });
    expect(arr.statusCode).toBe(400);
    expect(arr.json()).toHaveProperty('message');
  });

  it('renames: the slug follows the name, and the answer is the fixed message', async () => {
    const made = (await create(`${prefix} Old Name`)).json()[kind.itemKey];
    const res = await t.shop.request({ method: 'PUT', url: `${kind.path}/${made._id}`, token: t.admin.token, payload: { name: `${prefix} New Name` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: kind.updated });
    const row = (await list()).find((r) => r._id === made._id);
    expect(row).toEqual({ _id: made._id, name: `${prefix} New Name`, slug: `${prefix.toLowerCase()}-new-name` });
  });

  it('keeps the slug when only the case of the name changes, and allows renaming to its own name', async () => {
    const made = (await create(`${prefix} Case Test`)).json()[kind.itemKey];
    const res = await t.shop.request({ method: 'PUT', url: `${kind.path}/${made._id}`, token: t.admin.token, payload: { name: `${prefix} CASE test` } });
    expect(res.statusCode).toBe(200);
    const row = (await list()).find((r) => r._id === made._id);
    expect(row).toEqual({ _id: made._id, name: `${prefix} CASE test`, slug: made.slug });
  });

  it('refuses renaming to the name of another row (409), an unknown id (404) and a bad id (400)', async () => {
    const made = (await create(`${prefix} Rename Clash`)).json()[kind.itemKey];
    const clash = await t.shop.request({ method: 'PUT', url: `${kind.path}/${made._id}`, token: t.admin.token, payload: { name: `${prefix} alpha` } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/already exists/);
    const unknown = await t.shop.request({ method: 'PUT', url: `${kind.path}/${UNKNOWN_ID}`, token: t.admin.token, payload: { name: 'Whatever' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not found/);
    const badId = await t.shop.request({ method: 'PUT', url: `${kind.path}/not-a-uuid`, token: t.admin.token, payload: { name: 'Whatever' } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id/i);
    const badBody = await t.shop.request({ method: 'PUT', url: `${kind.path}/${made._id}`, token: t.admin.token, payload: { name: 7 } });
    expect(badBody.statusCode).toBe(400);
    const missing = await t.shop.request({ method: 'PUT', url: `${kind.path}/${made._id}`, token: t.admin.token, payload: {} });
    expect(missing.statusCode).toBe(400);
    const oversize = await t.shop.request({ method: 'PUT', url: `${kind.path}/${made._id}`, token: t.admin.token, payload: { name: 'y'.repeat(81) } });
    expect(oversize.statusCode).toBe(400);
    await expectInvalidJsonRefused(t.shop, { method: 'PUT', url: `${kind.path}/${made._id}`, token: t.admin.token, payload: '{name: Ghee}' });
  });

  it('deletes an unused row with the fixed message; it is gone afterwards', async () => {
    const made = (await create(`${prefix} Short Lived`)).json()[kind.itemKey];
    const res = await t.shop.request({ method: 'DELETE', url: `${kind.path}/${made._id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: kind.deleted });
    expect((await list()).some((r) => r._id === made._id)).toBe(false);
    const again = await t.shop.request({ method: 'DELETE', url: `${kind.path}/${made._id}`, token: t.admin.token });
    expect(again.statusCode).toBe(404);
  });

  it('refuses deleting a row still used by a product with 409', async () => {
    const made = (await create(`${prefix} In Use`)).json()[kind.itemKey];
    await kind.use(made._id);
    const res = await t.shop.request({ method: 'DELETE', url: `${kind.path}/${made._id}`, token: t.admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: kind.inUse });
    expect((await list()).some((r) => r._id === made._id)).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for a bad id on delete', async () => {
    const unknown = await t.shop.request({ method: 'DELETE', url: `${kind.path}/${UNKNOWN_ID}`, token: t.admin.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toHaveProperty('message');
    const bad = await t.shop.request({ method: 'DELETE', url: `${kind.path}/1234`, token: t.admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  describe('admin only', () => {
    const calls = () => [
      { method: 'POST' as const, url: kind.path, payload: { name: 'Sneaky' } },
      { method: 'PUT' as const, url: `${kind.path}/${UNKNOWN_ID}`, payload: { name: 'Sneaky' } },
      { method: 'DELETE' as const, url: `${kind.path}/${UNKNOWN_ID}` },
    ];

    it('answers 401 to a guest', () => expectEachRefused(t.shop, calls(), 401));

    it('answers 403 to a customer', () => expectEachRefused(t.shop, calls(), 403, t.customer.token));

    it('answers 401 to a forged token', async () => {
      const res = await t.shop.request({ method: 'POST', url: kind.path, payload: { name: 'Sneaky' }, token: 'not.a.jwt' });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('categories and solutions are separate lists', () => {
  it('allows a category and a solution of the same name', async () => {
    const category = await addCategory(t.shop, t.admin.token, 'Shared Name');
    const solution = await addSolution(t.shop, t.admin.token, 'Shared Name');
    expect(category.slug).toBe('shared-name');
    expect(solution.slug).toBe('shared-name');
  });
});
