/** Search on the demo shop as shoppers type it: typos, transliterations, Devanagari, half-typed words, sizes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test/harness.js';
import { seedDemoShop } from '../../seed/demo.js';
import { expectFirstName, searchNames } from './test-fixtures.js';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  await seedDemoShop({ db: shop.db, storage: shop.app.deps.storage, config: shop.config });
  shop.app.readModel.invalidate();
});
afterAll(() => shop.close());

const search = (query: string) => searchNames(shop, query);

describe('search that forgives', () => {
  it('"Bilxna" (one letter wrong) finds the bilona ghee first', async () => {
    expect((await search('Bilxna'))[0]).toMatch(/Bilona Ghee/);
  });

  it.each(['ghee', 'ghe', 'gh', 'ghii', 'ghi', 'hgee', 'घी'])('"%s" lists every ghee first, the flagship A2 ghee at the top', async (query) => {
    const names = await search(query);
    expect(names.length).toBeGreaterThan(3);
    expect(names.slice(0, 3).sort(), names.join(', ')).toEqual(['A2 Gir Cow Bilona Ghee', 'Desi Buffalo Ghee', 'Haldi Infused Ghee 200 ml']);
    expect(names[0]).toBe('A2 Gir Cow Bilona Ghee');
  });

  it('"ghee" lists the white butter (whose description says ghee) after every ghee', async () => {
    const names = await search('ghee');
    expect(names.indexOf('Hand-Churned White Butter 200 g'), names.join(', ')).toBe(3);
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

  it('"Ghee 500" lists a ghee sold in 500 ml first and no honey (500 g) above any ghee', async () => {
    const names = await search('Ghee 500');
    expect(['A2 Gir Cow Bilona Ghee', 'Desi Buffalo Ghee']).toContain(names[0]);
    const lastGhee = names.map((n) => /Ghee/.test(n)).lastIndexOf(true);
    const firstHoney = names.findIndex((n) => /Honey/.test(n));
    if (firstHoney !== -1) expect(firstHoney, names.join(', ')).toBeGreaterThan(lastGhee);
  });

  it.each(['ghee 1 l', 'ghee 1 L', 'ghee 1 litre', 'ghee 1 ltr', 'ghee 1000 ml'])(
    '"%s" lists the ghees sold in 1 L first, then the other ghee, and no mustard oil (1 L) above a ghee',
    async (query) => {
      const names = await search(query);
      expect(names.slice(0, 3), names.join(', ')).toEqual(['A2 Gir Cow Bilona Ghee', 'Desi Buffalo Ghee', 'Haldi Infused Ghee 200 ml']);
      const mustard = names.indexOf('Wood-Pressed Mustard Oil');
      if (mustard !== -1) expect(mustard).toBeGreaterThan(2);
    },
  );

  it('"ghee 250" lists the A2 ghee (250 ml) first; "haldi ghee 200" the haldi ghee', async () => {
    expect((await search('ghee 250'))[0]).toBe('A2 Gir Cow Bilona Ghee');
    expect((await search('ghee 200'))[0]).toBe('Haldi Infused Ghee 200 ml');
  });

  it.each([
    ['1kg jaggery', 'Organic Jaggery Powder'],
    ['jaggery 500 g', 'Organic Jaggery Powder'],
    ['honey 250 gm', 'Raw Wild Forest Honey'],
    ['atta 10 kilo', 'Stone-Ground Whole Wheat Atta'],
    ['oil 5 l', 'Wood-Pressed Mustard Oil'],
    ['hair oil 100 ml', 'Amla Brahmi Hair Oil'],
  ])('"%s" lists %s first', async (query, first) => expectFirstName(await search(query), first));

  it('"oil 5 l" lists the two oils sold in 5 L before the oils that are not', async () => {
    const names = await search('oil 5 l');
    expect(names.slice(0, 2).sort(), names.join(', ')).toEqual(['Cold-Pressed Groundnut Oil', 'Wood-Pressed Mustard Oil']);
  });

  it('"1 kg" alone lists the products sold in 1 kg', async () => {
    expect((await search('1 kg')).sort()).toEqual(['Foxtail Millet (Kangni) 1 kg', 'Organic Jaggery Powder', 'Stone-Ground Whole Wheat Atta']);
  });

  it.each([
    ['पनीर', 'Fresh Malai Paneer 200 g'],
    ['तेल', /Oil/],
    ['शहद', 'Raw Wild Forest Honey'],
    ['गुड़', 'Organic Jaggery Powder'],
    ['गुड', 'Organic Jaggery Powder'],
    ['दही', 'Set Curd (Dahi) 400 g'],
    ['मक्खन', 'Hand-Churned White Butter 200 g'],
    ['छाछ', 'Spiced Chaas 500 ml'],
    ['खोया', 'Danedar Khoa 250 g'],
    ['खोआ', 'Danedar Khoa 250 g'],
    ['आटा', 'Stone-Ground Whole Wheat Atta'],
    ['नारियल तेल', 'Virgin Coconut Oil'],
    ['सरसों तेल', 'Wood-Pressed Mustard Oil'],
    ['बाजरा', 'Foxtail Millet (Kangni) 1 kg'],
    ['कंगनी', 'Foxtail Millet (Kangni) 1 kg'],
    ['घी 1 लीटर', 'A2 Gir Cow Bilona Ghee'],
    ['gud', 'Organic Jaggery Powder'],
    ['shahad', 'Raw Wild Forest Honey'],
  ])('Devanagari and Hindi spellings: "%s" finds %s first', async (query, first) => expectFirstName(await search(query), first));
});
