/**
 * Delivery: where a PIN is (the directory that ships with the shop, the admin's corrections on top), the shop's
 * delivery settings, and the quote: what a cart costs delivered to a PIN, paid online or by cash on delivery, and
 * when it arrives. `quoteCart` is the one computation the product page, the cart and POST /orders share.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import { OUTSIDE_INDIA, type IndianState } from '@shop/domain/delivery';
import {
  arrivalRange,
  codUnavailableReasons,
  deliveryFeePaise,
  isLocalPin,
  isPinCode,
  notAPinMessage,
  rulesToSettings,
  zoneOf,
  type DeliveryRules,
} from '@shop/domain/delivery-quote';
import { couponDiscountPaise, type CouponTerms } from '@shop/domain/coupons';
import { checkoutAmountPaise, formatPaise, paiseToRupees } from '@shop/domain/money';
import type {
  DeliverySettings,
  DeliverySettingsBody,
  PaymentMethod,
  PincodeOverride,
  PincodeOverrideBody,
  PincodeResponse,
  QuoteResponse,
} from '@shop/domain/schemas/delivery';
import type { MessageResponse } from '@shop/domain/schemas/common';
import type { Db, Tx } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { pincodeOverrides, productVariants, products } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { pinDirectory } from './directory.js';
import { readDeliveryRules, saveDeliverySettings } from './settings.js';

export type DeliveryDeps = Pick<Deps, 'db' | 'config' | 'now' | 'readModel'>;

/** The read model's keys of what quotes need (dropped with the catalogue: their tables notify its channel, 0016). */
const RULES = 'delivery-rules';
const OVERRIDES = 'delivery-overrides';
const SIZES = 'delivery-sizes';

/**
 * What a quote reads, kept in the read model, so a quote (the product page's, the cart's, POST /orders') costs no
 * database round trip; each is read again after any write to its tables, on every instance.
 */
export function deliverySources(deps: Pick<Deps, 'db' | 'readModel'>) {
  return {
    rules: () => deps.readModel.memo(RULES, () => readDeliveryRules(deps.db)),
    overrides: () => deps.readModel.memo(OVERRIDES, () => readOverrides(deps.db)),
    sizes: () => deps.readModel.memo(SIZES, () => readQuoteSizes(deps.db)),
  };
}

/** The admin's corrections, by PIN. */
export type PincodeOverrides = Map<string, PincodeOverride>;

async function readOverrides(db: Db | Tx, pins?: readonly string[]): Promise<PincodeOverrides> {
  const query = db
    .select({
      pin: pincodeOverrides.pin,
      state: pincodeOverrides.state,
      district: pincodeOverrides.district,
      serviceable: pincodeOverrides.serviceable,
      cod: pincodeOverrides.cod,
      note: pincodeOverrides.note,
    })
    .from(pincodeOverrides)
    .$dynamic();
  const rows = await (pins ? query.where(inArray(pincodeOverrides.pin, [...pins])) : query).orderBy(asc(pincodeOverrides.pin));
  // Only the shop's spellings are ever written (the route validates them, the migration seeds them).
  return new Map(rows.map((r) => [r.pin, { ...r, state: r.state as IndianState }]));
}

/** Where a PIN is and whether the shop delivers there (before the COD setting): the correction, else the directory. */
interface Place {
  pin: string;
  state: IndianState;
  district: string;
  serviceable: boolean;
  /** COD not turned off for this PIN. */
  cod: boolean;
}

function placeOf(pin: string, overrides: PincodeOverrides): Place | undefined {
  const corrected = overrides.get(pin);
  if (corrected) return { pin, state: corrected.state, district: corrected.district, serviceable: corrected.serviceable, cod: corrected.cod };
  const listed = pinDirectory().get(pin);
  return listed ? { pin, ...listed, serviceable: true, cod: true } : undefined;
}

const unknownPin = (pin: string) => notFound(`We do not know the PIN code ${pin}: please check it`);

/** The place of a well-formed, known PIN; 400 for a malformed one, 404 for an unknown one. */
function knownPlace(pin: string, overrides: PincodeOverrides): Place {
  if (!isPinCode(pin)) throw badRequest(notAPinMessage(pin));
  const place = placeOf(pin, overrides);
  if (!place) throw unknownPin(pin);
  return place;
}

/** GET /delivery/pincode/{pin}. */
function pincodeAnswer(pin: string, overrides: PincodeOverrides, rules: DeliveryRules): PincodeResponse {
  const place = knownPlace(pin.trim(), overrides);
  return { ...place, cod: place.serviceable && place.cod && rules.cod.enabled };
}

async function savePincodeOverride(db: Db, pin: string, body: PincodeOverrideBody, now: Date): Promise<PincodeOverride> {
  if (!isPinCode(pin)) throw badRequest(notAPinMessage(pin));
  const [current] = (await readOverrides(db, [pin])).values();
  const listed = pinDirectory().get(pin);
  const state = body.state ?? current?.state ?? listed?.state;
  if (!state) throw badRequest(`The PIN code ${pin} is not in the directory: say which state it is in`);
  const row = {
    state,
    district: (body.district ?? current?.district ?? listed?.district ?? '').trim(),
    serviceable: body.serviceable,
    cod: body.cod,
    note: (body.note ?? current?.note ?? '').trim(),
    updatedAt: now,
  };
  await db.insert(pincodeOverrides).values({ pin, ...row }).onConflictDoUpdate({ target: pincodeOverrides.pin, set: row });
  return { pin, state, district: row.district, serviceable: row.serviceable, cod: row.cod, note: row.note };
}

async function deletePincodeOverride(db: Db, pin: string): Promise<MessageResponse> {
  if (!isPinCode(pin)) throw badRequest(notAPinMessage(pin));
  const deleted = await db.delete(pincodeOverrides).where(eq(pincodeOverrides.pin, pin)).returning({ pin: pincodeOverrides.pin });
  if (deleted.length === 0) throw notFound(`The PIN code ${pin} has no correction`);
  return { message: `The correction of PIN code ${pin} is removed: the directory's entry applies again` };
}

/** One size on sale as a quote prices it. */
interface QuoteSize {
  productId: string;
  variantId: string;
  /** "Fresh Malai Paneer 200 g": the product with its size, as the shopper knows it. */
  name: string;
  pricePaise: number;
  weightGrams: number;
  localOnly: boolean;
}

/** The sizes on sale by size id, and each product's default size. */
export interface QuoteSizes {
  sizes: Map<string, QuoteSize>;
  defaults: Map<string, QuoteSize>;
  /** Products on sale, by id (a product whose sizes are all gone still names itself in a refusal). */
  products: Map<string, string>;
}

/** The product's name with its size, unless the name already ends with it ("Spiced Chaas 500 ml"). */
function sizeName(name: string, label: string): string {
  return label && !name.toLowerCase().endsWith(label.toLowerCase()) ? `${name} ${label}` : name;
}

/** The sizes on sale (of `productIds` only, when given): one query. */
async function readQuoteSizes(db: Db | Tx, productIds?: readonly string[]): Promise<QuoteSizes> {
  const onSale = and(isNull(products.removedAt), isNull(productVariants.removedAt));
  const rows = await db
    .select({
      productId: products.id,
      productName: products.name,
      localOnly: products.localOnly,
      variantId: productVariants.id,
      label: productVariants.label,
      pricePaise: productVariants.pricePaise,
      weightGrams: productVariants.weightGrams,
      isDefault: productVariants.isDefault,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(productIds ? and(onSale, inArray(products.id, [...productIds])) : onSale)
    .orderBy(productVariants.productId, productVariants.position, productVariants.createdAt, productVariants.id);
  const sizes = new Map<string, QuoteSize>();
  const defaults = new Map<string, QuoteSize>();
  const names = new Map<string, string>();
  for (const r of rows) {
    const size: QuoteSize = {
      productId: r.productId,
      variantId: r.variantId,
      name: sizeName(r.productName, r.label),
      pricePaise: r.pricePaise,
      weightGrams: r.weightGrams,
      localOnly: r.localOnly,
    };
    sizes.set(r.variantId, size);
    names.set(r.productId, r.productName);
    if (r.isDefault || !defaults.has(r.productId)) defaults.set(r.productId, size);
  }
  return { sizes, defaults, products: names };
}

/** A cart line to price: the product, its size (absent: the default size) and how many. */
interface QuoteLineInput {
  _id: string;
  variant?: string;
  cart_quantity: number;
}

export interface QuoteInput {
  /** Six digits; may be left out only with `state: 'Outside India'`. */
  pin?: string;
  /** The state the shopper chose; a state other than the PIN's is refused (400). */
  state?: string;
  lines: readonly QuoteLineInput[];
  /** Default 'online'. */
  paymentMethod?: PaymentMethod;
  /**
   * A coupon already found and checked by the caller (coupons/: active, its dates, its uses); the quote checks its
   * minimum item total and prices it. A cart below the minimum answers `coupon_refused`, priced without it.
   */
  coupon?: QuoteCoupon;
  /**
   * The COD rules a guest's quote cannot know: the phone's open COD orders and the account's returned COD parcels.
   * POST /orders passes them (counted in its transaction); left out, those two rules are not checked.
   */
  openCodOrders?: number;
  codReturns?: number;
}

/** A coupon as the quote prices it: its code as applied (`DIWALI10`), terms and minimum item total. */
interface QuoteCoupon extends CouponTerms {
  code: string;
  minOrderPaise: number | null;
}

/** The answer when the items are short of the coupon's minimum, with that minimum in rupees. */
function belowMinimumMessage(code: string, minPaise: number, itemsPaise: number): string {
  return `The coupon code ${code} needs an item total of at least ₹${formatPaise(minPaise)}; add ₹${formatPaise(minPaise - itemsPaise)} more to use it`;
}

/** A priced line of the quote. */
interface QuotedLine {
  size: QuoteSize;
  quantity: number;
}

/** The quote's answer, and the same in paise with the priced lines for POST /orders. */
export interface Quote extends QuoteResponse {
  paise: { items: number; shipping: number; cod: number; discount: number; total: number };
  weightGrams: number;
  lines: QuotedLine[];
}

/**
 * What the quote reads, when the caller already holds it (the quote route keeps it in the read model); whatever is
 * left out is read from `deps.db` (POST /orders passes its transaction and nothing else).
 */
export interface QuoteSources {
  rules?: DeliveryRules;
  overrides?: PincodeOverrides;
  sizes?: QuoteSizes;
}

export type QuoteDeps = { db: Db | Tx; config: Pick<Deps['config'], 'shop'>; now: () => Date };

const tooMany = () => badRequest(`At most ${MAX_LINE_QUANTITY} of one product fit in one order`);

/** The cart's sizes and quantities, a size sent twice added up; 404 for a product not on sale, 400 for a bad size. */
function pricedLines(lines: readonly QuoteLineInput[], catalogue: QuoteSizes): QuotedLine[] {
  const wanted = new Map<string, QuotedLine>();
  for (const line of lines) {
    const productId = line._id.toLowerCase();
    const name = catalogue.products.get(productId);
    if (name === undefined) throw notFound(`Product ${line._id} was not found; it may have been removed from the shop`);
    const size = line.variant === undefined ? catalogue.defaults.get(productId) : catalogue.sizes.get(line.variant.toLowerCase());
    if (!size || size.productId !== productId) throw badRequest(`${name} has no size ${line.variant ?? ''}; please choose one of its sizes again`);
    const priced = wanted.get(size.variantId);
    if (priced) priced.quantity += line.cart_quantity;
    else wanted.set(size.variantId, { size, quantity: line.cart_quantity });
  }
  const priced = [...wanted.values()];
  if (priced.some((l) => l.quantity > MAX_LINE_QUANTITY)) throw tooMany();
  const weightless = priced.find((l) => !(l.size.weightGrams > 0));
  if (weightless) throw badRequest(`${weightless.size.name} has no packed weight; the shop must set it before it can be delivered`);
  return priced;
}

/** "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What a cart costs delivered to a PIN (or abroad), paid online or by cash on delivery, and when it arrives.
 * Throws 400 for a malformed PIN, a state other than the PIN's, a size without a packed weight;
 * 404 for an unknown PIN or product. A PIN the shop does not serve, or a local-only product going too far, answers
 * `serviceable: false` with the reason in plain words.
 */
export async function quoteCart(deps: QuoteDeps, input: QuoteInput, sources: QuoteSources = {}): Promise<Quote> {
  const pin = input.pin?.trim() ?? '';
  let place: Place | undefined;
  if (pin !== '') {
    if (!isPinCode(pin)) throw badRequest(notAPinMessage(pin));
    const overrides = sources.overrides ?? (await readOverrides(deps.db, [pin]));
    place = knownPlace(pin, overrides);
    if (input.state !== undefined && input.state !== place.state) {
      throw badRequest(`The PIN code ${pin} is in ${place.state}, not ${input.state}: please check the PIN code or the state`);
    }
  } else if (input.state !== OUTSIDE_INDIA) {
    throw badRequest('Please give the PIN code of the delivery address (six digits), or choose Outside India');
  }

  const catalogue = sources.sizes ?? (await readQuoteSizes(deps.db, [...new Set(input.lines.map((l) => l._id.toLowerCase()))]));
  const lines = pricedLines(input.lines, catalogue);
  const rules = sources.rules ?? (await readDeliveryRules(deps.db));

  const state = place?.state ?? OUTSIDE_INDIA;
  const zone = zoneOf(state, deps.config.shop.state);
  const itemsPaise = lines.reduce((sum, l) => sum + l.size.pricePaise * l.quantity, 0);
  // The coupon: its minimum compares the item total before the discount; the free-delivery threshold (and the COD
  // limits) compare the item total after it. Free delivery waives the delivery fee, never the cash-on-delivery fee.
  const coupon = input.coupon;
  const couponRefused = coupon && coupon.minOrderPaise !== null && itemsPaise < coupon.minOrderPaise
    ? belowMinimumMessage(coupon.code, coupon.minOrderPaise, itemsPaise)
    : undefined;
  const applied = coupon && !couponRefused ? coupon : undefined;
  const discountPaise = applied ? couponDiscountPaise(applied, itemsPaise) : 0;
  const itemsAfterDiscountPaise = itemsPaise - discountPaise;
  const weightGrams = lines.reduce((sum, l) => sum + l.size.weightGrams * l.quantity, 0);
  const feePaise = deliveryFeePaise({ weightGrams, itemsAfterDiscountPaise, zone: rules.zones[zone], freeAbovePaise: rules.freeAbovePaise });
  const shippingPaise = applied?.kind === 'free_shipping' ? 0 : feePaise;

  let reason: string | undefined;
  if (place && !place.serviceable) reason = `Sorry, we do not deliver to the PIN code ${place.pin} at the moment`;
  else {
    const farOff = lines.filter((l) => l.size.localOnly && !(place && isLocalPin(place.pin, rules.localPins))).map((l) => l.size.name);
    if (farOff.length > 0) {
      const where = place ? `the PIN code ${place.pin}` : 'outside India';
      reason = `${listed(farOff)} ${farOff.length > 1 ? 'are' : 'is'} delivered only near the farm (fresh, kept cold), not to ${where}`;
    }
  }
  const serviceable = reason === undefined;

  const codReasons = codUnavailableReasons({
    cod: rules.cod,
    state,
    pinCod: place?.cod ?? false,
    itemsAfterDiscountPaise,
    ...(input.openCodOrders !== undefined ? { openCodOrders: input.openCodOrders } : {}),
    ...(input.codReturns !== undefined ? { codReturns: input.codReturns } : {}),
  });
  const codAvailable = serviceable && codReasons.length === 0;
  const codPaise = input.paymentMethod === 'cod' && codAvailable ? rules.cod.feePaise : 0;
  const totalPaise = checkoutAmountPaise({ itemsPaise: itemsAfterDiscountPaise, shippingFeePaise: shippingPaise, codFeePaise: codPaise });

  return {
    serviceable,
    ...(reason !== undefined ? { reason } : {}),
    state,
    ...(place ? { district: place.district } : {}),
    zone,
    items_total: paiseToRupees(itemsPaise),
    shipping_fee: paiseToRupees(shippingPaise),
    cod_fee: paiseToRupees(codPaise),
    discount: paiseToRupees(discountPaise),
    total: paiseToRupees(totalPaise),
    ...(applied ? { coupon: { code: applied.code, kind: applied.kind, shipping_waived: paiseToRupees(feePaise - shippingPaise) } } : {}),
    ...(couponRefused ? { coupon_refused: couponRefused } : {}),
    free_shipping_above: paiseToRupees(rules.freeAbovePaise),
    cod_available: codAvailable,
    ...(codReasons[0] !== undefined ? { cod_unavailable_reason: codReasons[0] } : {}),
    eta: arrivalRange(deps.now(), rules, rules.zones[zone]),
    paise: { items: itemsPaise, shipping: shippingPaise, cod: codPaise, discount: discountPaise, total: totalPaise },
    weightGrams,
    lines,
  };
}

export function createDeliveryService(deps: DeliveryDeps) {
  // Read the directory now, at start-up, not on the first shopper's request.
  pinDirectory();
  const shopState = deps.config.shop.state as IndianState;
  const kept = deliverySources(deps);
  return {
    /** The rules, the PIN corrections and the sizes on sale, as the read model keeps them. */
    kept,
    settings: async (): Promise<DeliverySettings> => rulesToSettings(await readDeliveryRules(deps.db), shopState),
    saveSettings: (body: DeliverySettingsBody) => saveDeliverySettings(deps.db, body, shopState, deps.now()),
    pincode: (pin: string, overrides: PincodeOverrides, rules: DeliveryRules) => pincodeAnswer(pin, overrides, rules),
    /** Every correction, by PIN. */
    overrides: () => readOverrides(deps.db),
    saveOverride: (pin: string, body: PincodeOverrideBody) => savePincodeOverride(deps.db, pin.trim(), body, deps.now()),
    deleteOverride: (pin: string) => deletePincodeOverride(deps.db, pin.trim()),
    quote: (input: QuoteInput, sources?: QuoteSources) => quoteCart(deps, input, sources),
  };
}
