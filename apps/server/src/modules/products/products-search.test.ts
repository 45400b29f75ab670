import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/domain/schemas/products';
import { createTestShop, type TestShop, type TestUser } from '../../test/harness.js';
import { SEARCH_LIMIT } from './search.js';
import { products, productSkus, productVariants } from '../../db/schema.js';
import { addCategory, expectFirstName, keysOf, PRODUCT_KEYS, searchNames } from './test-fixtures.js';

let shop: TestShop;
let admin: TestUser;

const search = (query: string) => searchNames(shop, query);

/**
 * A product straight in the database (the catalogue's admin writes are not what this file tests), with its sizes:
 * the first is the default; `removed` sizes are off sale.
 */
async function add(
  name: string,
  categoryId: string,
  shortdesc = '',
  description = '',
  sizes: Array<{ label: string; removed?: boolean }> = [{ label: 'Standard' }],
) {
  const [row] = await shop.db
    .insert(products)
    .values({ name, slug: `p-${randomUUID().slice(0, 12)}`, categoryId, shortdesc, description })
    .returning({ id: products.id });
  for (const [position, size] of sizes.entries()) {
    const sku = `S-${randomUUID().slice(0, 12).toUpperCase()}`;
    const [variant] = await shop.db
      .insert(productVariants)
      .values({
        productId: row!.id,
        label: size.label,
        sku,
        pricePaise: 10_000,
        quantity: 10,
        position,
        isDefault: position === 0,
        removedAt: size.removed ? new Date() : null,
      })
      .returning({ id: productVariants.id });
    await shop.db.insert(productSkus).values({ sku, variantId: variant!.id });
  }
}

beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.createAdmin();
  const ghee = await addCategory(shop, admin.token, 'Ghee');
  const hairCare = await addCategory(shop, admin.token, 'Hair Care');
  const honey = await addCategory(shop, admin.token, 'Honey');
  const home = await addCategory(shop, admin.token, 'Home');
  const jars = await addCategory(shop, admin.token, 'Jars');
  await add('A2 Desi Cow Ghee', ghee._id, 'Bilona churned', 'Slow cooked from the milk of grass-fed cows.', [{ label: '250 ml' }, { label: '500 ml' }]);
  // A 250 ml jar no longer sold: it does not count as a size the product has.
  await add('Buffalo Ghee', ghee._id, 'Rich and grainy', 'From buffalo milk.', [{ label: '500 ml' }, { label: '1 L' }, { label: '250 ml', removed: true }]);
  await add('Ayurvedic Hair Oil', hairCare._id, 'Strong roots', 'Bhringraj and amla in cold-pressed sesame oil.');
  await add('Herbal Shampoo', hairCare._id, 'Gentle wash', 'Soapnut based.');
  await add('Forest Honey', honey._id, 'Raw and unfiltered', 'Pairs well with ghee on warm rotis.', [{ label: '250 g' }, { label: '1 kg' }]);
  await add('Chair Polish', home._id, 'Beeswax', 'For wooden furniture.');
  await add('शुद्ध घी', ghee._id, 'Hindi name', '');
  await add('100% Pure_Mustard Oil', home._id, 'Kachi ghani', '', [{ label: '1 L' }, { label: '5 L' }]);
  for (let i = 1; i <= SEARCH_LIMIT + 4; i++) await add(`Storage Jar ${i}`, jars._id);
  shop.app.readModel.invalidate();
});
afterAll(() => shop.close());

describe('GET /api/products/search/:query', () => {
  it('answers {products} with the exact product shape', async () => {
    const res = await shop.request({ method: 'GET', url: '/api/products/search/ghee' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ products: Product[] }>();
    expect(keysOf(body)).toEqual(['products']);
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) expect(keysOf(p)).toEqual(PRODUCT_KEYS);
  });

  it('ranks name matches above a product that only mentions the word in its description', async () => {
    const names = await search('ghee');
    expect(names.slice(0, 2).sort()).toEqual(['A2 Desi Cow Ghee', 'Buffalo Ghee']);
    expect(names).toContain('Forest Honey');
    expect(names.indexOf('Forest Honey')).toBeGreaterThan(1);
    expect(names).not.toContain('Ayurvedic Hair Oil');
  });

  it('is case-insensitive', async () => {
    expect(await search('GHEE')).toEqual(await search('ghee'));
    expect(await search('bUfFaLo')).toEqual(['Buffalo Ghee']);
  });

  it('finds products despite typos', async () => {
    const gheee = await search('gheee');
    expect(gheee.slice(0, 2).sort()).toEqual(['A2 Desi Cow Ghee', 'Buffalo Ghee']);
    expect((await search('hair oill'))[0]).toBe('Ayurvedic Hair Oil');
    expect((await search('bufalo'))[0]).toBe('Buffalo Ghee');
    expect((await search('shampo'))[0]).toBe('Herbal Shampoo');
  });

  it('ranks the real product above a near miss ("hair" is in "Chair")', async () => {
    const names = await search('hair');
    expect(names[0]).toBe('Ayurvedic Hair Oil');
    expect(names.indexOf('Herbal Shampoo')).toBeGreaterThan(0);
    const chair = names.indexOf('Chair Polish');
    if (chair !== -1) expect(chair).toBeGreaterThan(names.indexOf('Ayurvedic Hair Oil'));
  });

  it('searches the short description, the description and the category name', async () => {
    expect(await search('bilona')).toEqual(['A2 Desi Cow Ghee']);
    expect(await search('sesame')).toEqual(['Ayurvedic Hair Oil']);
    expect((await search('Hair Care')).slice(0, 2).sort()).toEqual(['Ayurvedic Hair Oil', 'Herbal Shampoo']);
    expect(await search('soapnut')).toEqual(['Herbal Shampoo']);
  });

  it('matches word forms (full-text stemming) and parts of words', async () => {
    expect(await search('oils')).toContain('Ayurvedic Hair Oil');
    expect(await search('cooking cows')).toEqual(['A2 Desi Cow Ghee']);
    expect(await search('buffal')).toEqual(['Buffalo Ghee']);
  });

  it('finds non-Latin names, and reads a Devanagari word as the catalogue\'s word too ("घी" is ghee)', async () => {
    const names = await search('घी');
    expect(names.slice(0, 3).sort()).toEqual(['A2 Desi Cow Ghee', 'Buffalo Ghee', 'शुद्ध घी']);
    expect(await search('शुद्ध')).toEqual(['शुद्ध घी']);
  });

  it.each([
    ['ghee 1 l', 'Buffalo Ghee'],
    ['ghee 1 L', 'Buffalo Ghee'],
    ['ghee 1l', 'Buffalo Ghee'],
    ['ghee 1 litre', 'Buffalo Ghee'],
    ['ghee 1 ltr', 'Buffalo Ghee'],
    ['ghee 1000 ml', 'Buffalo Ghee'],
    ['1 liter ghee', 'Buffalo Ghee'],
    ['ghee 250', 'A2 Desi Cow Ghee'],
    ['ghee 250 ml', 'A2 Desi Cow Ghee'],
    ['ghee 0.25 l', 'A2 Desi Cow Ghee'],
  ])('"%s" lists the product with that size first (%s)', async (query, first) => {
    const names = await search(query);
    expectFirstName(names, first);
    // The size ranks what the words found; it finds nothing by itself (the mustard oil of 1 L is no ghee).
    expect(names).not.toContain('100% Pure_Mustard Oil');
  });

  it('a size of another unit, or one no longer sold, is not that size', async () => {
    // Honey comes in 250 g: "ghee 250 g" has no ghee of that size, and honey is no ghee, so the ghees lead as for "ghee".
    expect((await search('ghee 250 g')).slice(0, 2).sort()).toEqual(['A2 Desi Cow Ghee', 'Buffalo Ghee']);
    expect((await search('honey 1 kg'))[0]).toBe('Forest Honey');
    // The buffalo ghee's 250 ml jar is no longer sold.
    expect(await search('250 ml')).toEqual(['A2 Desi Cow Ghee']);
  });

  it('a query of a size alone lists the products sold in that size', async () => {
    expect((await search('1 l')).sort()).toEqual(['100% Pure_Mustard Oil', 'Buffalo Ghee']);
    expect(await search('1kg')).toEqual(['Forest Honey']);
    expect(await search('5 litre')).toEqual(['100% Pure_Mustard Oil']);
  });

  it('treats % and _ literally', async () => {
    expect(await search('100%')).toEqual(['100% Pure_Mustard Oil']);
    expect(await search('Pure_Mustard')).toEqual(['100% Pure_Mustard Oil']);
    expect(await search('%')).toEqual(['100% Pure_Mustard Oil']);
    expect(await search('_')).toEqual(['100% Pure_Mustard Oil']);
  });

  it('answers no products when nothing matches', async () => {
    expect(await search('zzqxv')).toEqual([]);
  });

  it(`answers at most ${SEARCH_LIMIT} products`, async () => {
    const names = await search('storage jar');
    expect(names).toHaveLength(SEARCH_LIMIT);
    expect(names.every((n) => n.startsWith('Storage Jar'))).toBe(true);
  });

  it.each([
    "'",
    '"',
    '\\',
    '(',
    'a & b | !c',
    'ghee:*',
    '<script>alert(1)</script>',
    "'; drop table products; --",
    '-',
    'or',
    'the',
    '   ',
    '\t\n',
    '🐄',
  ])('never fails on %j', async (query) => {
    const res = await shop.request({ method: 'GET', url: `/api/products/search/${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().products)).toBe(true);
  });

  it.each(['%ED%A0%80', '%FF', '%E0%A4', '%', '%%', '%zz'])('answers a badly encoded query %j without a 5xx', async (raw) => {
    const res = await shop.request({ method: 'GET', url: `/api/products/search/${raw}` });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode === 200 ? res.json().products : res.json().message).toBeDefined();
  });

  it('refuses a NUL inside the query with 400 naming the field', async () => {
    const res = await shop.request({ method: 'GET', url: `/api/products/search/${encodeURIComponent('ghee\u0000')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Query contains characters that are not allowed');
  });

  it('refuses an oversize query with 400', async () => {
    const res = await shop.request({ method: 'GET', url: `/api/products/search/${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/query/i);
  });
});
