import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeTile } from '@shop/domain/schemas/home-tiles';
import type { Product } from '@shop/domain/schemas/products';
import { openShopForFile } from '../../test/harness.js';
import { addCategory, addProduct } from '../products/test-fixtures.js';

const t = openShopForFile();
let hairOil: Product;
let ghee: Product;

beforeAll(async () => {
  const category = await addCategory(t.shop, t.admin.token, 'Ayurvedic Hair Oil');
  hairOil = await addProduct(t.shop, t.admin.token, { name: 'Bhringraj Hair Oil 200 ml', price: 595, category: category._id });
  ghee = await addProduct(t.shop, t.admin.token, { name: 'Bilona Ghee 500 ml', price: 995, category: category._id });
});

async function tiles(): Promise<HomeTile[]> {
  await t.shop.app.catalogueNoticesHeard();
  const res = await t.shop.request({ method: 'GET', url: '/api/home-tiles' });
  expect(res.statusCode).toBe(200);
  return res.json<{ tiles: HomeTile[] }>().tiles;
}

function putTile(position: number | string, payload: unknown, token: string | null = t.admin.token) {
  return t.shop.request({ method: 'PUT', url: `/api/home-tiles/${position}`, token: token ?? undefined, payload: payload as object });
}

describe('GET /api/home-tiles', () => {
  it('answers the three tiles the shop has always shown, in order (no products yet on an empty shop)', async () => {
    const list = await tiles();
    expect(list.map(({ position, title, video }) => ({ position, title, video }))).toEqual([
      { position: 1, title: 'A2 Cow Ghee', video: 'a2-cow-ghee' },
      { position: 2, title: 'Ayurvedic Hair Oil', video: 'herbal-hair-oil' },
      { position: 3, title: 'Bilona Ghee 500 ml', video: 'bilona-ghee' },
    ]);
  });
});

describe('PUT /api/home-tiles/:position', () => {
  it('links a tile to a product; the tile shows that product and follows its live price', async () => {
    const res = await putTile(2, { title: '  Bhringraj   Hair Oil ', video: 'herbal-hair-oil', product: hairOil._id });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { position: 2, title: 'Bhringraj Hair Oil', video: 'herbal-hair-oil', product: { _id: hairOil._id, name: hairOil.name, slug: hairOil.slug, price: 595 } };
    expect(res.json()).toEqual({ tile: expected });
    expect((await tiles())[1]).toEqual(expected);

    const repriced = await t.shop.request({ method: 'PUT', url: `/api/products/${hairOil._id}`, token: t.admin.token, payload: { price: 645 } });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect((await tiles())[1]!.product).toMatchObject({ price: 645 });
  });

  it("sells one size of a product: that size's price and id, the default again when the size is removed", async () => {
    const category = await addCategory(t.shop, t.admin.token, 'Sized Ghee');
    const made = await t.shop.request({
      method: 'POST',
      url: '/api/products',
      token: t.admin.token,
      payload: {
        name: 'A2 Tile Ghee',
        category: category._id,
        variants: [
          { label: '500 ml', sku: 'TILE-GHEE-500', price: 995, quantity: 5, weight_grams: 760, is_default: true },
          { label: '250 ml', sku: 'TILE-GHEE-250', price: 595, quantity: 5, weight_grams: 420 },
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sized = made.json<{ product: Product }>().product;
    const small = sized.variants.find((v) => v.label === '250 ml')!;
    const res = await putTile(1, { title: 'A2 Cow Ghee', video: 'a2-cow-ghee', product: sized._id, variant: small._id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tiles())[0]!.product).toEqual({ _id: sized._id, name: 'A2 Tile Ghee', slug: sized.slug, price: 595, variant: small._id });

    // A size of another product is refused in plain words, and the tile is unchanged.
    const wrong = await putTile(1, { title: 'A2 Cow Ghee', video: 'a2-cow-ghee', product: hairOil._id, variant: small._id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That product has no such size on sale: choose one of its sizes');
    expect((await tiles())[0]!.product).toMatchObject({ price: 595, variant: small._id });

    // The size taken off the product: the tile falls back to the default size's price.
    const big = sized.variants.find((v) => v.label === '500 ml')!;
    const update = await t.shop.request({
      method: 'PUT',
      url: `/api/products/${sized._id}`,
      token: t.admin.token,
      payload: { variants: [{ _id: big._id, label: '500 ml', sku: 'TILE-GHEE-500', price: 995, quantity: 5, weight_grams: 760, is_default: true }] },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await tiles())[0]!.product).toEqual({ _id: sized._id, name: 'A2 Tile Ghee', slug: sized.slug, price: 995 });
  });

  it('changes title and clip, and takes a product off with null', async () => {
    expect((await putTile(3, { title: 'Bilona Ghee', video: 'a2-cow-ghee', product: ghee._id })).statusCode).toBe(200);
    expect((await tiles())[2]).toMatchObject({ title: 'Bilona Ghee', video: 'a2-cow-ghee', product: { slug: ghee.slug, price: 995 } });
    expect((await putTile(3, { title: 'Bilona Ghee', video: 'bilona-ghee', product: null })).statusCode).toBe(200);
    expect((await tiles())[2]).toEqual({ position: 3, title: 'Bilona Ghee', video: 'bilona-ghee', product: null });
  });

  it('leaves a tile without a product when its product is deleted', async () => {
    const category = await addCategory(t.shop, t.admin.token, 'Short-lived');
    const gone = await addProduct(t.shop, t.admin.token, { name: 'Seasonal Khoa', price: 300, category: category._id });
    expect((await putTile(1, { title: 'Khoa', video: 'a2-cow-ghee', product: gone._id })).statusCode).toBe(200);
    expect((await t.shop.request({ method: 'DELETE', url: `/api/products/${gone._id}`, token: t.admin.token })).statusCode).toBe(200);
    expect((await tiles())[0]).toEqual({ position: 1, title: 'Khoa', video: 'a2-cow-ghee', product: null });
  });

  it('answers 401 to a guest and 403 to a customer, and changes nothing', async () => {
    const before = await tiles();
    const body = { title: 'Mine', video: 'bilona-ghee', product: null };
    expect((await putTile(1, body, null)).statusCode).toBe(401);
    expect((await putTile(1, body, t.customer.token)).statusCode).toBe(403);
    expect(await tiles()).toEqual(before);
  });

  it.each([
    ['position 0', 0, {}],
    ['position 4', 4, {}],
    ['a position that is not a number', 'first', {}],
    ['a blank title', 1, { title: '   ' }],
    ['an empty title', 1, { title: '' }],
    ['a title of 61 characters', 1, { title: 'x'.repeat(61) }],
    ['a clip the shop does not have', 1, { video: 'https://example.com/clip.mp4' }],
    ['a product id that is not an id', 1, { product: 'ghee' }],
    ['a product that does not exist', 1, { product: '00000000-0000-4000-8000-000000000000' }],
    ['no product field', 1, { product: undefined }],
  ])('answers 400 in plain words to %s, and changes nothing', async (_name, position, change) => {
    const before = await tiles();
    const res = await putTile(position, { title: 'A2 Ghee', video: 'bilona-ghee', product: ghee._id, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await tiles()).toEqual(before);
  });

  it('names the missing product in its 400', async () => {
    const res = await putTile(1, { title: 'A2 Ghee', video: 'bilona-ghee', product: '00000000-0000-4000-8000-000000000000' });
    expect(res.json()).toEqual({ message: 'No product with that id: choose one from the catalogue' });
  });
});
