/** Search on the demo shop as shoppers type it: typos, transliterations, half-typed words, a size. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/domain/schemas/products';
import { createTestShop, type TestShop } from '../../test/harness.js';
import { seedDemoShop } from '../../seed/demo.js';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  await seedDemoShop({ db: shop.db, storage: shop.app.deps.storage, config: shop.config });
  shop.app.readModel.invalidate();
});
afterAll(() => shop.close());

const search = async (query: string) => {
  const res = await shop.request({ method: 'GET', url: `/api/products/search/${encodeURIComponent(query)}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json<{ products: Product[] }>().products.map((p) => p.name);
};

describe('search that forgives', () => {
  it('"Bilxna" (one letter wrong) finds the bilona ghee first', async () => {
    expect((await search('Bilxna'))[0]).toMatch(/Bilona Ghee/);
  });

  it.each(['ghe', 'gh', 'ghii', 'ghi', 'hgee'])('"%s" lists the ghee first', async (query) => {
    const names = await search(query);
    expect(names.length).toBeGreaterThan(3);
    expect(names.slice(0, 4).every((n) => /Ghee/.test(n)), names.join(', ')).toBe(true);
  });

  it('"panir" finds the paneer first', async () => {
    expect((await search('panir'))[0]).toMatch(/Paneer/);
  });

  it('"tel" finds the oils', async () => {
    const names = await search('tel');
    expect(names[0]).toMatch(/Oil/);
  });

  it('two typos in a long word: "Bhrignrak" finds the Bhringraj oil', async () => {
    expect((await search('Bhrignrak'))[0]).toMatch(/Bhringraj/);
  });

  it('"Ghee 500" lists the 500 ml ghee first and no honey above any ghee', async () => {
    const names = await search('Ghee 500');
    expect(names[0]).toMatch(/Ghee 500 ml/);
    const lastGhee = names.map((n) => /Ghee/.test(n)).lastIndexOf(true);
    const firstHoney = names.findIndex((n) => /Honey/.test(n));
    if (firstHoney !== -1) expect(firstHoney, names.join(', ')).toBeGreaterThan(lastGhee);
  });
});
