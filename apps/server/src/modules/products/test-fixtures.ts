/** Catalogue fixtures for the catalogue, products and cart tests, made through the admin API. */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import type { Product } from '@shop/domain/schemas/products';
import type { TestShop } from '../../test/harness.js';

export async function addCategory(shop: TestShop, token: string, name: string): Promise<Category> {
  const res = await shop.request({ method: 'POST', url: '/api/category', token, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ category: Category }>().category;
}

export async function addSolution(shop: TestShop, token: string, name: string): Promise<Solution> {
  const res = await shop.request({ method: 'POST', url: '/api/solutions', token, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ solution: Solution }>().solution;
}

export interface ProductInput {
  name: string;
  price?: number;
  category: string;
  solutions?: string[];
  shortdesc?: string;
  description?: string;
  contents?: string;
  quantity?: number;
  image?: string;
  highlighted?: boolean;
}

export async function addProduct(shop: TestShop, token: string, input: ProductInput): Promise<Product> {
  const res = await shop.request({
    method: 'POST',
    url: '/api/products',
    token,
    payload: { price: 100, quantity: 10, ...input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ product: Product }>().product;
}

/** The product names GET products/search answers for `query`, best match first (expects a 200). */
export async function searchNames(shop: TestShop, query: string): Promise<string[]> {
  const res = await shop.request({ method: 'GET', url: `/api/products/search/${encodeURIComponent(query)}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json<{ products: Product[] }>().products.map((p) => p.name);
}

/** `first` (a name, or a pattern a name matches) leads the names a search found; the failure message lists them all. */
export function expectFirstName(names: string[], first: string | RegExp): void {
  if (typeof first === 'string') expect(names[0], names.join(', ')).toBe(first);
  else expect(names[0], names.join(', ')).toMatch(first);
}

/** The keys every product in an answer carries (image only when it has one). */
export const PRODUCT_KEYS = [
  '_id',
  'category',
  'contents',
  'description',
  'highlighted',
  'label_details',
  'name',
  'price',
  'price_from',
  'price_to',
  'quantity',
  'shortdesc',
  'slug',
  'solutions',
  'variants',
].sort();

/** The keys of every size in an answer (mrp only when it has one). */
const VARIANT_KEYS = ['_id', 'is_default', 'label', 'position', 'price', 'quantity', 'sku', 'weight_grams'].sort();

/** The keys of every size in an admin's answer: the shop's low-stock threshold too (issue 33). */
export const ADMIN_VARIANT_KEYS = [...VARIANT_KEYS, 'low_stock_at'].sort();

/** A product as a shopper's calls answer it: each size's low-stock threshold is the admin's alone. */
export function asShopperSees(product: Product): Product {
  return { ...product, variants: product.variants.map(({ low_stock_at: _threshold, ...size }) => size) };
}

/** The label details of a product without its own: the test shop's configuration (harness) defaults. */
export const SHOP_LABEL = {
  packer: expect.stringContaining('Shuddh Farm Organics LLP'),
  country_of_origin: 'India',
  best_before: expect.any(String),
  consumer_care: expect.stringContaining('hello@shuddhfarm.in'),
};

export function keysOf(value: object): string[] {
  return Object.keys(value).sort();
}

/** A well-formed UUID that names no row. */
export const UNKNOWN_ID = '7f1c3a52-4a0e-4c1e-9d2b-1f0e8a6b5c4d';

/**
 * A real PNG made with sharp, as a data URL. (The harness's PNG_DATA_URL has a corrupt IDAT chunk:
 * sharp reads its header but refuses to decode it, so it cannot stand for a valid upload.)
 */
export async function pngDataUrl(width = 8, height = 8): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 58, g: 125, b: 44 } } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
