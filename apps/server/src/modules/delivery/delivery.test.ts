import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_PACKED_WEIGHT_GRAMS } from '@shop/domain/constants';
import { productVariants } from '../../db/schema.js';
import { shopDay } from '@shop/domain/date';
import type { DeliverySettings, PincodeOverride, PincodeResponse, QuoteResponse } from '@shop/domain/schemas/delivery';
import type { Product } from '@shop/domain/schemas/products';
import { expectClientError, openShopForFile } from '../../test/harness.js';
import { addCategory, addProduct } from '../products/test-fixtures.js';
import { quoteCart } from './index.js';

const t = openShopForFile(undefined, { deliveryFees: 'demo' });
/** 760 g packed, ₹500. */
let ghee: Product;
/** Two sizes: 300 g and 4,900 g packed. */
let oil: Product;
/** Fresh dairy, delivered only near the farm. */
let paneer: Product;
/** Made by a spec client (no sizes, so no packed weight). */
let weightless: Product;

const PUNE = '411001';
const BENGALURU = '560001';
const KOCHI = '682001';
const IMPHAL = '795001';

async function addSized(name: string, variants: object[], extra: object = {}): Promise<Product> {
  const category = await addCategory(t.shop, t.admin.token, `${name} shelf`);
  const res = await t.shop.request({ method: 'POST', url: '/api/products', token: t.admin.token, payload: { name, category: category._id, variants, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ product: Product }>().product;
}

beforeAll(async () => {
  ghee = await addSized('Bilona Ghee', [{ label: '500 ml', sku: 'DLV-GHEE-500', price: 500, quantity: 50, weight_grams: 760 }]);
  oil = await addSized('Mustard Oil', [
    { label: '200 ml', sku: 'DLV-OIL-200', price: 120, quantity: 50, weight_grams: 300 },
    { label: '5 L', sku: 'DLV-OIL-5L', price: 800, quantity: 50, weight_grams: 4900 },
  ]);
  paneer = await addSized('A2 Fresh Paneer', [{ label: '200 g', sku: 'DLV-PANEER-200', price: 120, quantity: 50, weight_grams: 260 }], { local_only: true });
  const category = await addCategory(t.shop, t.admin.token, 'Spec shelf');
  // A spec client's product gets one weight step (500 g); the admin then saves its size at 0 g.
  weightless = await addProduct(t.shop, t.admin.token, { name: 'Plain Jaggery', price: 90, category: category._id });
  expect(weightless.variants[0]!.weight_grams).toBe(DEFAULT_PACKED_WEIGHT_GRAMS);
  await t.shop.db.update(productVariants).set({ weightGrams: 0 }).where(eq(productVariants.productId, weightless._id));
});

const pincode = (pin: string) => t.shop.request({ method: 'GET', url: `/api/delivery/pincode/${pin}` });

async function quote(body: object): Promise<QuoteResponse> {
  const res = await t.shop.request({ method: 'POST', url: '/api/delivery/quote', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuoteResponse>();
}
const quoteRes = (body: object) => t.shop.request({ method: 'POST', url: '/api/delivery/quote', payload: body });
const line = (p: Product, quantity = 1, variant?: string) => ({ _id: p._id, cart_quantity: quantity, ...(variant ? { variant } : {}) });

function putSettings(body: object, token: string | undefined = t.admin.token) {
  return t.shop.request({ method: 'PUT', url: '/api/delivery/settings', token, payload: body });
}
function putOverride(pin: string, body: object, token: string | undefined = t.admin.token) {
  return t.shop.request({ method: 'PUT', url: `/api/delivery/pincodes/${pin}`, token, payload: body });
}

describe('GET /api/delivery/pincode/{pin}', () => {
  it('finds a PIN in the directory that ships with the shop', async () => {
    const res = await pincode(BENGALURU);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pin: BENGALURU, state: 'Karnataka', district: 'Bangalore', serviceable: true, cod: true });
    expect((await pincode(PUNE)).json()).toMatchObject({ state: 'Maharashtra' });
  });

  it('knows Ladakh and the merged Dadra and Nagar Haveli and Daman and Diu', async () => {
    expect((await pincode('194101')).json()).toMatchObject({ state: 'Ladakh', district: 'Leh' });
    expect((await pincode('194103')).json()).toMatchObject({ state: 'Ladakh', district: 'Kargil' });
    expect((await pincode('396210')).json()).toMatchObject({ state: 'Dadra and Nagar Haveli and Daman and Diu' });
  });

  it('answers 400 for what is not a PIN and 404 for a PIN nobody knows, each with a message', async () => {
    const malformed = await pincode('560001x');
    expectClientError(malformed, 400);
    expect(malformed.json<{ message: string }>().message).toBe('"560001x" is not a PIN code: six digits, the first not 0');
    expectClientError(await pincode('060001'), 400);
    const unknown = await pincode('999999');
    expectClientError(unknown, 404);
    expect(unknown.json<{ message: string }>().message).toBe('We do not know the PIN code 999999: please check it');
  });
});

describe('POST /api/delivery/quote', () => {
  it('charges more the further the parcel goes: the shop state, Kerala, Manipur', async () => {
    const [home, kerala, manipur] = (await Promise.all([PUNE, KOCHI, IMPHAL].map((pin) => quote({ pin, cart: [line(ghee)] })))) as [QuoteResponse, QuoteResponse, QuoteResponse];
    expect(home).toMatchObject({ serviceable: true, state: 'Maharashtra', zone: 'shop_state', items_total: 500, shipping_fee: 60, total: 560 });
    expect(kerala).toMatchObject({ state: 'Kerala', zone: 'rest_of_india', shipping_fee: 110, total: 610 });
    expect(manipur).toMatchObject({ state: 'Manipur', zone: 'remote', shipping_fee: 180, total: 680 });
    expect(home.shipping_fee).toBeLessThan(kerala.shipping_fee);
    expect(kerala.shipping_fee).toBeLessThan(manipur.shipping_fee);
    expect(home).toMatchObject({ district: 'Pune', discount: 0, cod_fee: 0, free_shipping_above: 999, cod_available: true });
  });

  it('delivers free from the threshold, and a heavier cart costs at least as much', async () => {
    const free = await quote({ pin: KOCHI, cart: [line(ghee, 2)] });
    expect(free).toMatchObject({ items_total: 1000, shipping_fee: 0, total: 1000 });
    const light = await quote({ pin: KOCHI, cart: [line(oil, 1, oil.variants[0]!._id)] });
    const heavy = await quote({ pin: KOCHI, cart: [line(oil, 1, oil.variants[1]!._id)] });
    expect(light.shipping_fee).toBe(70);
    // 4,900 g: the first 500 g and nine more steps of 500 g.
    expect(heavy.shipping_fee).toBe(70 + 9 * 40);
    expect(heavy.shipping_fee).toBeGreaterThanOrEqual(light.shipping_fee);
  });

  it('gives an arrival range after today, the earliest day first', async () => {
    const today = shopDay(new Date());
    for (const pin of [PUNE, KOCHI, IMPHAL]) {
      const { eta } = await quote({ pin, cart: [line(ghee)] });
      expect(eta.from > today).toBe(true);
      expect(eta.from <= eta.to).toBe(true);
    }
    const abroad = await quote({ state: 'Outside India', cart: [line(ghee)] });
    expect(abroad).toMatchObject({ zone: 'outside_india', state: 'Outside India', shipping_fee: 2200, cod_available: false });
    expect(abroad.cod_unavailable_reason).toBe('Cash on delivery is only for addresses in India');
  });

  it('adds the COD fee when paying by cash on delivery, and says why COD is not offered over the maximum', async () => {
    const cod = await quote({ pin: BENGALURU, cart: [line(ghee)], payment_method: 'cod' });
    expect(cod).toMatchObject({ cod_available: true, cod_fee: 49, shipping_fee: 110, total: 500 + 110 + 49 });
    const big = await quote({ pin: BENGALURU, cart: [line(ghee, 11)], payment_method: 'cod' });
    expect(big).toMatchObject({ cod_available: false, cod_fee: 0, total: 5500 });
    expect(big.cod_unavailable_reason).toBe('Cash on delivery is for orders up to ₹5,000; the items come to ₹5,500');
  });

  it('refuses a state other than the PIN’s, naming both, and a missing PIN', async () => {
    const wrong = await quoteRes({ pin: BENGALURU, state: 'Kerala', cart: [line(ghee)] });
    expectClientError(wrong, 400);
    expect(wrong.json<{ message: string }>().message).toBe('The PIN code 560001 is in Karnataka, not Kerala: please check the PIN code or the state');
    expect((await quote({ pin: BENGALURU, state: 'Karnataka', cart: [line(ghee)] })).state).toBe('Karnataka');
    expectClientError(await quoteRes({ cart: [line(ghee)] }), 400);
    expectClientError(await quoteRes({ pin: '56001', cart: [line(ghee)] }), 400);
    expectClientError(await quoteRes({ pin: '999999', cart: [line(ghee)] }), 404);
  });

  it('refuses a size without a packed weight, naming it, and a coupon that does not exist', async () => {
    const res = await quoteRes({ pin: PUNE, cart: [line(ghee), line(weightless)] });
    expectClientError(res, 400);
    expect(res.json<{ message: string }>().message).toBe('Plain Jaggery Standard has no packed weight; the shop must set it before it can be delivered');
    // A code that does not exist is refused in plain words, and the cart stays priced without it (issue 31).
    const coupon = await quoteRes({ pin: PUNE, cart: [line(ghee)], coupon: 'DIWALI10' });
    expect(coupon.statusCode).toBe(200);
    expect(coupon.json()).toMatchObject({ coupon_refused: 'The coupon code DIWALI10 is not valid', discount: 0 });
    expectClientError(await quoteRes({ pin: PUNE, cart: [{ _id: '00000000-0000-4000-8000-000000000000', cart_quantity: 1 }] }), 404);
  });

  it('delivers local-only products near the farm only, naming them elsewhere', async () => {
    expect(paneer.local_only).toBe(true);
    expect(ghee.local_only).toBeUndefined();
    expect(await quote({ pin: PUNE, cart: [line(paneer), line(ghee)] })).toMatchObject({ serviceable: true });
    const far = await quote({ pin: BENGALURU, cart: [line(paneer), line(ghee)] });
    expect(far.serviceable).toBe(false);
    expect(far.reason).toBe(
      'A2 Fresh Paneer 200 g is delivered only near the farm (fresh, kept cold), not to the PIN code 560001',
    );
    expect(far.cod_available).toBe(false);
    const abroad = await quote({ state: 'Outside India', cart: [line(paneer)] });
    expect(abroad.reason).toMatch(/^A2 Fresh Paneer 200 g is delivered only near the farm.*outside India$/);
  });

  it('is the same computation POST /orders calls, reading everything from the database', async () => {
    const body = { pin: IMPHAL, cart: [line(ghee), line(oil, 2, oil.variants[0]!._id)], payment_method: 'cod' as const };
    const answered = await quote(body);
    const direct = await quoteCart({ db: t.shop.db, config: t.shop.config, now: () => new Date() }, { pin: IMPHAL, lines: body.cart, paymentMethod: 'cod' });
    expect(direct).toMatchObject(answered);
    expect(direct.paise).toEqual({ items: 74000, shipping: 24000, cod: 4900, discount: 0, total: 102900 });
    expect(direct.weightGrams).toBe(760 + 2 * 300);
  });
});

describe('delivery settings (admin)', () => {
  it('shows the demo defaults, in line with the privacy page', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/delivery/settings', token: t.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const settings = res.json<DeliverySettings>();
    expect(settings).toMatchObject({
      shop_state: 'Maharashtra',
      free_shipping_above: 999,
      dispatch_cutoff: '14:00',
      no_dispatch_weekdays: [0],
      handling_days: 1,
      local_pins: ['411', '412'],
      cod: { enabled: true, fee: 49, min_total: 200, max_total: 5000, max_open_per_phone: 2, confirm_hours: 24, max_returns: 2 },
    });
    expect(settings.zones.outside_india).toMatchObject({ min_days: 10, max_days: 20 });
  });

  it('is for admins only', async () => {
    expectClientError(await t.shop.request({ method: 'GET', url: '/api/delivery/settings' }), 401);
    expectClientError(await t.shop.request({ method: 'GET', url: '/api/delivery/settings', token: t.customer.token }), 403);
    expectClientError(await putSettings({ free_shipping_above: 1 }, t.customer.token), 403);
    expectClientError(await t.shop.request({ method: 'GET', url: '/api/delivery/pincodes', token: t.customer.token }), 403);
    expectClientError(await t.shop.request({ method: 'PUT', url: `/api/delivery/pincodes/${BENGALURU}`, payload: { serviceable: false, cod: false } }), 401);
  });

  it('changes only what a PUT sends, and the next quote follows', async () => {
    const res = await putSettings({ zones: { remote: { first_500g: 150 } }, cod: { fee: 59 }, holidays: ['2030-01-26'] });
    expect(res.statusCode, res.body).toBe(200);
    const settings = res.json<DeliverySettings>();
    expect(settings.zones.remote).toEqual({ first_500g: 150, per_extra_500g: 60, min_days: 5, max_days: 9 });
    expect(settings.zones.shop_state).toEqual({ first_500g: 40, per_extra_500g: 20, min_days: 1, max_days: 2 });
    expect(settings.cod).toMatchObject({ fee: 59, min_total: 200, max_total: 5000 });
    expect(settings).toMatchObject({ free_shipping_above: 999, holidays: ['2030-01-26'], local_pins: ['411', '412'] });
    const again = await t.shop.request({ method: 'GET', url: '/api/delivery/settings', token: t.admin.token });
    expect(again.json()).toEqual(settings);
    expect(await quote({ pin: IMPHAL, cart: [line(ghee)], payment_method: 'cod' })).toMatchObject({ shipping_fee: 210, cod_fee: 59 });

    expect((await putSettings({ zones: { remote: { first_500g: 120 } }, cod: { fee: 49 } })).statusCode).toBe(200);
  });

  it('refuses settings that do not hold together, in plain words, and keeps the old ones', async () => {
    const days = await putSettings({ zones: { rest_of_india: { min_days: 8 } } });
    expectClientError(days, 400);
    expect(days.json<{ message: string }>().message).toBe('Rest of India: the fewest days in transit (8) must not be more than the most (5)');
    const cod = await putSettings({ cod: { min_total: 6000 } });
    expectClientError(cod, 400);
    expect(cod.json<{ message: string }>().message).toMatch(/^Cash on delivery: the smallest item total \(₹6,000\) must not be more than the largest \(₹5,000\)/);
    expectClientError(await putSettings({ dispatch_cutoff: '25:00' }), 400);
    const res = await t.shop.request({ method: 'GET', url: '/api/delivery/settings', token: t.admin.token });
    expect(res.json<DeliverySettings>()).toMatchObject({ zones: { rest_of_india: { min_days: 3 } }, cod: { min_total: 200 } });
  });

  it('reaches another instance on the same database', async () => {
    const peer = await t.shop.buildPeerApp();
    const peerQuote = async () => (await peer.inject({ method: 'POST', url: '/api/delivery/quote', payload: { pin: KOCHI, cart: [line(ghee)] } })).json<QuoteResponse>();
    expect((await peerQuote()).shipping_fee).toBe(110);
    expect((await putSettings({ zones: { rest_of_india: { first_500g: 75 } } })).statusCode).toBe(200);
    await peer.catalogueNoticesHeard();
    expect((await peerQuote()).shipping_fee).toBe(115);
    expect((await putSettings({ zones: { rest_of_india: { first_500g: 70 } } })).statusCode).toBe(200);
  });
});

describe('PIN corrections (admin)', () => {
  it('lists the seeded corrections of stale entries', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/delivery/pincodes', token: t.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const { overrides } = res.json<{ overrides: PincodeOverride[] }>();
    expect(overrides.find((o) => o.pin === '194101')).toMatchObject({ state: 'Ladakh', district: 'Leh', serviceable: true, cod: true });
    expect(overrides.filter((o) => o.state === 'Ladakh')).toHaveLength(14);
    expect(overrides.find((o) => o.pin === '396230')).toMatchObject({ state: 'Dadra and Nagar Haveli and Daman and Diu' });
  });

  it('blocks a PIN: the check and the quote say the shop does not deliver there', async () => {
    const res = await putOverride('560002', { serviceable: false, cod: true, note: 'courier does not serve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pin: '560002', state: 'Karnataka', district: 'Bangalore', serviceable: false, cod: true, note: 'courier does not serve' });
    expect((await pincode('560002')).json()).toMatchObject({ serviceable: false, cod: false });
    const blocked = await quote({ pin: '560002', cart: [line(ghee)] });
    expect(blocked).toMatchObject({ serviceable: false, reason: 'Sorry, we do not deliver to the PIN code 560002 at the moment', cod_available: false });
  });

  it('turns COD off for a PIN', async () => {
    expect((await putOverride('560003', { serviceable: true, cod: false })).statusCode).toBe(200);
    expect((await pincode('560003')).json()).toMatchObject({ serviceable: true, cod: false });
    const q = await quote({ pin: '560003', cart: [line(ghee)], payment_method: 'cod' });
    expect(q).toMatchObject({ serviceable: true, cod_available: false, cod_fee: 0, cod_unavailable_reason: 'Cash on delivery is not available at this PIN code' });
  });

  it('corrects a state, adds a PIN the directory lacks, and removing a correction restores the directory', async () => {
    expect((await putOverride('560004', { state: 'Kerala', serviceable: true, cod: true })).statusCode).toBe(200);
    expect((await pincode('560004')).json<PincodeResponse>().state).toBe('Kerala');
    expect((await quote({ pin: '560004', cart: [line(ghee)] })).zone).toBe('rest_of_india');

    expectClientError(await putOverride('999998', { serviceable: true, cod: true }), 400);
    expect((await putOverride('999998', { state: 'Goa', district: 'North Goa', serviceable: true, cod: true })).statusCode).toBe(200);
    expect((await pincode('999998')).json()).toMatchObject({ state: 'Goa', district: 'North Goa' });

    const removed = await t.shop.request({ method: 'DELETE', url: '/api/delivery/pincodes/560004', token: t.admin.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await pincode('560004')).json<PincodeResponse>().state).toBe('Karnataka');
    expectClientError(await t.shop.request({ method: 'DELETE', url: '/api/delivery/pincodes/560004', token: t.admin.token }), 404);
    expectClientError(await putOverride('56000x', { serviceable: true, cod: true }), 400);
    expectClientError(await putOverride('560005', { state: 'Atlantis', serviceable: true, cod: true }), 400);
  });
});

describe('local_only on products (admin)', () => {
  it('is written by POST and PUT and read back by the shop', async () => {
    const res = await t.shop.request({ method: 'PUT', url: `/api/products/${ghee._id}`, token: t.admin.token, payload: { local_only: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ product: Product }>().product.local_only).toBe(true);
    await t.shop.app.catalogueNoticesHeard();
    const page = await t.shop.request({ method: 'GET', url: `/api/products/${ghee.slug}` });
    expect(page.json<{ product: Product }>().product.local_only).toBe(true);
    expect((await quote({ pin: KOCHI, cart: [line(ghee)] })).serviceable).toBe(false);
    const back = await t.shop.request({ method: 'PUT', url: `/api/products/${ghee._id}`, token: t.admin.token, payload: { local_only: false } });
    expect(back.json<{ product: Product }>().product.local_only).toBeUndefined();
    expect((await quote({ pin: KOCHI, cart: [line(ghee)] })).serviceable).toBe(true);
  });
});
