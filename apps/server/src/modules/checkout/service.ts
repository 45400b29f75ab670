/**
 * Checkout: POST /orders (re-price, reserve, provider order), payment verification, the sandbox checkout,
 * Razorpay webhooks and the reservation sweep, on top of the stock and payment state machine (state.ts).
 * One factory, wired once per app with its dependencies.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { COD_TO_CONFIRM, MAX_LINE_QUANTITY, ORDER_STATUS_AWAITING_PAYMENT, RESERVATION_MINUTES } from '@shop/domain/constants';
import { spreadDiscount } from '@shop/domain/coupons';
import { couponKey } from '@shop/domain/schemas/coupons';
import { paiseToRupees } from '@shop/domain/money';
import { formatOrderNumber } from '@shop/domain/order-number';
import type { CreateOrderBody, CreateOrderResponse } from '@shop/domain/schemas/orders';
import type { PaymentResult } from '@shop/domain/schemas/payments';
import type { Db } from '../../db/client.js';
import { inTransaction, withConflictRetry } from '../../db/transaction.js';
import { checkouts, orders, users, webhookEvents } from '../../db/schema.js';
import { OUTSIDE_INDIA, missingDeliveryDetails, missingDeliveryMessage, type DeliveryDetails } from '@shop/domain/delivery';
import type { DeliveryRules } from '@shop/domain/delivery-quote';
import type { PaymentMethod } from '@shop/domain/schemas/delivery';
import { HttpError, badGateway, badRequest, conflict, forbidden, isUniqueViolation, notFound, tooManyRequests, unauthorized } from '../../lib/http-errors.js';
import type { SandboxProvider } from '../../lib/payments/sandbox.js';
import { sessionColumns, sessionUserOf, type AuthUser, type SessionClaims } from '../../plugins/auth.js';
import type { Deps } from '../../plugins/deps.js';
import { deliverySources, quoteCart, type QuoteSizes } from '../delivery/index.js';
import { COUPON_MESSAGES, cartCouponOf, couponRefusal, couponWindowRefusal, createCouponGuard, type CartCoupon } from '../coupons/index.js';
import { CHECKOUT_MAIL, newOrderMail, refundDueMail } from './mails.js';
import {
  codConfirmMail,
  codConfirmPath,
  codOpenMessage,
  codReturnsMessage,
  confirmCodCheckout,
  hashConfirmToken,
  newCodOrderId,
  newConfirmToken,
  type CodConfirmOutcome,
} from './cod.js';
import {
  PAID,
  PENDING,
  REFUND_DUE,
  applyPayment,
  applyPaymentFailure,
  checkoutMailRenderer,
  closeCheckout,
  ownOpenHolds,
  payInOneStatement,
  preparePayment,
  releaseExpiredReservations,
  readMailCheckout,
  releaseReservation,
  reopenCheckout,
  type PaymentOutcome,
} from './state.js';

/** The outbox renders and sends the payment's mails (written by state.ts in its transaction); invoices/ renders the confirmation. */
export type CheckoutDeps = Pick<Deps, 'db' | 'now' | 'config' | 'outbox' | 'payments' | 'log' | 'readModel' | 'counters'>;

const PAYMENT_UNAVAILABLE = 'Payment provider unavailable, please try again';
const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed';
export const PAYMENT_FAILED = 'Payment Failed';
export const CHECKOUT_RELEASED = 'The payment window was closed; your cart is kept';
const REFUND_DUE_MESSAGE =
  'Your reservation expired and the stock sold out before your payment arrived; your payment will be refunded';
const SECOND_PAYMENT_MESSAGE = 'This order was already paid; this second payment will be refunded';
/** A checkout reused for PAY again must leave the shopper this long to pay; otherwise a new one is made. */
const REUSE_MARGIN_MS = 60_000;
const ORDER_NOT_FOUND = 'Order not found';
const COD_NOT_PAYABLE = 'This is a cash-on-delivery order: it is paid to the courier on delivery';

/** Razorpay's and PostgreSQL integer limits are far above a farm order; anything larger is a mistake. */
const MAX_AMOUNT_PAISE = 1_000_000_000;
/** Unpaid checkouts one shopper may hold at once, so nobody can hoard stock with reservations. */
export const MAX_OPEN_CHECKOUTS = 5;
export const TOO_MANY_OPEN_CHECKOUTS = `You have ${MAX_OPEN_CHECKOUTS} unpaid checkouts waiting; pay one or try again in ${RESERVATION_MINUTES} minutes`;

function heldUnitsMessage(max: number, held: number): string {
  return held > 0
    ? `Your unpaid checkouts already hold ${held} of the ${max} units one shopper may hold at once; pay for them or try again in ${RESERVATION_MINUTES} minutes`
    : `At most ${max} units can be bought in one checkout`;
}

/**
 * Same sizes, quantities and prices to the same place with the same coupon: the same checkout (PAY pressed again);
 * another PIN, another fee; another code (or none), another checkout.
 */
function cartKeyOf(lines: CartLine[], to: DeliveryDetails, coupon: string): string {
  const canonical = lines
    .map((l) => `${l.product.id}:${l.size.id}:${l.quantity}:${l.size.pricePaise}`)
    .sort()
    .join(',');
  return createHash('sha256').update(`${canonical}|${to.pin}|${to.state}${coupon ? `|${coupon}` : ''}`).digest('base64url');
}

function stockMessage(name: string, left: number): string {
  return left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`;
}

function newReceipt(): string {
  return `rcpt_${randomBytes(8).toString('hex')}`;
}

/** A verification the shopper is told about: `{ success: false, message }` with its status. */
const verificationRefused = (status: 400 | 409, message: string) => new HttpError(status, message, undefined, { success: false });
export type WebhookResult = 'processed' | 'duplicate' | 'ignored';

function entity(payload: unknown, kind: 'payment' | 'order'): Record<string, unknown> | undefined {
  const wrapper = (payload as Record<string, unknown> | undefined)?.[kind] as { entity?: unknown } | undefined;
  const e = wrapper?.entity;
  return e && typeof e === 'object' ? (e as Record<string, unknown>) : undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);

/** A cart's product as POST /orders prices, checks and snapshots it, with every size it has or had. */
interface CartProduct {
  id: string;
  name: string;
  slug: string;
  image: string | null;
  hsnCode: string | null;
  gstRateBp: number | null;
  removed: boolean;
  /** Delivered only to the shop's local PINs. */
  localOnly: boolean;
  sizes: CartSize[];
}

/** A size of a cart's product: its price and stock, and what an order line keeps of it. */
interface CartSize {
  id: string;
  label: string;
  sku: string;
  pricePaise: number;
  quantity: number;
  isDefault: boolean;
  removed: boolean;
  position: number;
  /** Packed weight, for the delivery fee (0 when the shop has not set it: such a size cannot be delivered). */
  weightGrams: number;
}

/** One line of a cart, resolved to its size. */
interface CartLine {
  product: CartProduct;
  size: CartSize;
  quantity: number;
}

/**
 * The size a cart line means: the one named (`variant`), or the product's default size when none is named (carts saved
 * before sizes, spec clients); a product whose sizes were all removed falls back to its first size, which is then
 * answered as gone (404). A size id that is not one of the product's answers 400; undefined for a product without sizes.
 */
function sizeOf(product: CartProduct, variant: string | undefined): CartSize | undefined {
  if (variant !== undefined) {
    const named = product.sizes.find((s) => s.id === variant);
    if (!named) throw badRequest(`${product.name} has no size ${variant}; please choose one of its sizes again`);
    return named;
  }
  const byPosition = [...product.sizes].sort((a, b) => Number(a.removed) - Number(b.removed) || Number(b.isDefault) - Number(a.isDefault) || a.position - b.position);
  return byPosition[0];
}

/** How answers name a size: the product alone when it has one size on sale, else with the size's label (as shop_size_name). */
function sizeName(product: CartProduct, size: CartSize): string {
  const onSale = product.sizes.filter((s) => !s.removed).length;
  return onSale <= 1 || product.name.toLowerCase().endsWith(size.label.toLowerCase()) ? product.name : `${product.name} ${size.label}`;
}

/** An unpaid checkout still holding stock: what the caps, PAY again and its delivery snapshot need of it. */
interface OpenCheckout {
  id: string;
  cartKey: string | null;
  amountPaise: number;
  units: number;
  /** Milliseconds since the epoch. */
  reservedUntil: number;
  deliveryName: string | null;
  deliveryPhone: string | null;
  deliveryAddress: string | null;
  deliveryPin: string | null;
  deliveryState: string | null;
  discountPaise: number;
  couponCode: string | null;
}

/**
 * A coupon as POST /orders reads it with the cart (by its key; null without a code or when none has it): what
 * cartCouponOf takes, with its window as JSON writes it. The version is updated_at, microseconds kept: the reservation
 * refuses a coupon changed since.
 */
type PreReadCoupon = Parameters<typeof cartCouponOf>[0] & { active: boolean; startsAt: string; endsAt: string };

/**
 * What POST /orders reads before it asks the payment provider, in one call (drizzle/functions/checkout.sql,
 * shop_checkout_pre_read): the shopper's session and delivery details, their open and closed checkouts, the cart's
 * products and the coupon the code names (no row when the shopper is gone). Outside the reservation, for the early
 * answers; shop_reserve_checkout reads the caps, PAY again and the stock again under its locks. The cart's product ids
 * (validated uuids) come as one comma-joined parameter: one statement for any number of lines.
 */
function preparePreRead(db: Db) {
  const p = sql.placeholder;
  const column = <T>(name: string) => sql<T>`${sql.identifier(name)}`;
  return db
    .select({
      // The shopper's session, checked with this read (sessionUserOf): the route reads no row of its own for it.
      id: column<string>('id'),
      name: column<string>('name'),
      email: column<string>('email'),
      phone: column<string>('phone'),
      role: column<string>('role'),
      status: column<string>('status'),
      tokenVersion: column<number>('token_version'),
      address: column<string>('address'),
      pin: column<string>('pin'),
      state: column<string>('state'),
      open: column<OpenCheckout[]>('open'),
      // Checkouts whose payment window the shopper closed (units back in stock, still Pending), for PAY again.
      closed: column<OpenCheckout[]>('closed'),
      products: column<CartProduct[]>('products'),
      coupon: column<PreReadCoupon | null>('coupon'),
    })
    .from(sql`shop_checkout_pre_read(${p('userId')}::uuid, ${p('ids')}, ${p('at')}::timestamptz, ${p('couponKey')})`)
    .prepare('checkout_pre_read');
}

/** What a reservation that kept nothing answers (shop_reserve_checkout). */
interface RefusedReservation {
  outcome: string;
  productId: string | null;
  variantId: string | null;
  held: number | null;
  productName: string | null;
  productQuantity: number | null;
}

/** What the verdict found (see prepareVerdict). */
interface Verdict {
  reuseId: string | null;
  caps: 'too_many' | 'held_units' | null;
  held: number;
  goneId: string | null;
  shortId: string | null;
  shortName: string | null;
  shortQuantity: number | null;
}

/**
 * Checkout's rules applied to a cart (drizzle/functions/checkout.sql, shop_checkout_verdict; PL/pgSQL since 0015, so
 * its plan is kept), without locks: PAY again's open checkout, the caps, and the first size gone or short of stock. The early answer before any provider call;
 * shop_reserve_checkout asks the same function again under its locks, and that decides.
 */
function prepareVerdict(db: Db) {
  const p = sql.placeholder;
  return db
    .select({
      reuseId: sql<string | null>`reuse_id`,
      caps: sql<Verdict['caps']>`caps`,
      held: sql<number>`held`,
      goneId: sql<string | null>`gone_id`,
      shortId: sql<string | null>`short_id`,
      shortName: sql<string | null>`short_name`,
      shortQuantity: sql<number | null>`short_quantity`,
    })
    .from(
      sql`shop_checkout_verdict(${p('userId')}::uuid, ${p('cartKey')}, ${p('lines')}::jsonb, ${p('units')}::integer,
        ${p('at')}::timestamptz, ${p('maxOpen')}::integer, ${p('maxUnits')}::integer, ${p('reuseMarginMs')}::integer)`,
    )
    .prepare('checkout_verdict');
}

/**
 * The reservation, online or cash on delivery (drizzle/functions/checkout.sql, shop_reserve_checkout), prepared: for
 * COD the phone's lock and the per-phone and returns rules first; then the shopper's row lock, the caps and PAY again
 * read under it, the stock of the sizes, the coupon's use and the rows, in one call, so nothing is held across a round
 * trip; a deadlock victim is called again (withConflictRetry). It answers an outcome and the fields that outcome fills.
 */
/** The COD arguments of an online checkout's reservation: none. */
const ONLINE = { codFeePaise: null, maxOpenPerPhone: null, maxReturns: null, mails: null };

function prepareReservation(db: Db) {
  const p = sql.placeholder;
  return db
    .select({
      outcome: sql<
        'created' | 'reused' | 'no_user' | 'too_many' | 'held_units' | 'gone' | 'out_of_stock' | 'cod_open' | 'cod_returns' | `coupon_${string}`
      >`outcome`,
      orderId: sql<string | null>`order_id`,
      orderNumber: sql<number | null>`order_number`,
      amountPaise: sql<number | null>`amount_paise`,
      phone: sql<string | null>`phone`,
      held: sql<number | null>`held`,
      productId: sql<string | null>`product_id`,
      variantId: sql<string | null>`variant_id`,
      productName: sql<string | null>`product_name`,
      productQuantity: sql<number | null>`product_quantity`,
      openCount: sql<number | null>`open_count`,
      returns: sql<number | null>`returns`,
    })
    .from(
      sql`shop_reserve_checkout(${p('id')}, ${p('userId')}::uuid, ${p('userName')}, ${p('userEmail')}, ${p('receipt')},
        ${p('amountPaise')}::integer, ${p('units')}::integer, ${p('cartKey')}, ${p('lines')}::jsonb, ${p('status')},
        ${p('at')}::timestamptz, ${p('reservedUntil')}::timestamptz, ${p('maxOpen')}::integer, ${p('maxUnits')}::integer,
        ${p('reuseMarginMs')}::integer, ${p('shippingFeePaise')}::integer, ${p('couponId')}::uuid, ${p('couponVersion')}::timestamptz,
        ${p('couponCode')}, ${p('discountPaise')}::integer, ${p('codFeePaise')}::integer, ${p('maxOpenPerPhone')}::integer,
        ${p('maxReturns')}::integer, ${p('mails')}::jsonb)`,
    )
    .prepare('checkout_reserve');
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, now, config, outbox, payments, log } = deps;
  const couponGuard = createCouponGuard(deps.counters, log);

  const { brandName, shopEmail } = config;
  outbox.register(CHECKOUT_MAIL.newOrder, checkoutMailRenderer(db, config.orderPrefix, (c) => newOrderMail(brandName, shopEmail, c)));
  outbox.register(CHECKOUT_MAIL.refundDue, checkoutMailRenderer(db, config.orderPrefix, (c, d) => refundDueMail(brandName, shopEmail, c, d.reason)));
  // The confirm link's token is made as the mail goes out and only its hash is stored: the outbox row holds no secret.
  // Sent again (a crash between send and mark), the newer link replaces the older; a confirmed or lapsed order sends none.
  outbox.register(CHECKOUT_MAIL.codConfirm, async (data) => {
    const { checkoutId } = data as { checkoutId: string };
    const { token, hash } = newConfirmToken();
    const [open] = await db
      .update(checkouts)
      .set({ codTokenHash: hash })
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.payment, COD_TO_CONFIRM), gt(checkouts.reservedUntil, now())))
      .returning({ id: checkouts.id });
    if (!open) return null;
    const c = await readMailCheckout(db, checkoutId, '', config.orderPrefix);
    if (!c?.customerEmail || !c.confirmBy) return null;
    return codConfirmMail(brandName, `${config.publicUrl}${codConfirmPath(token)}`, c, c.confirmBy);
  });

  const preRead = preparePreRead(db);
  // The delivery rules and PIN corrections as the read model keeps them (what the cart's quote used).
  const deliveryKept = deliverySources(deps);

  /** The delivery quote of the cart's lines as read here (sizes, prices, weights), to the shopper's delivery details. */
  async function quoteOf(lines: CartLine[], d: DeliveryDetails, method: PaymentMethod, rules: DeliveryRules, coupon?: CartCoupon) {
    const sizes: QuoteSizes = { sizes: new Map(), defaults: new Map(), products: new Map() };
    for (const { product, size } of lines) {
      sizes.products.set(product.id, product.name);
      sizes.sizes.set(size.id, {
        productId: product.id,
        variantId: size.id,
        name: sizeName(product, size),
        pricePaise: size.pricePaise,
        weightGrams: size.weightGrams,
        localOnly: product.localOnly,
      });
    }
    const abroad = d.state === OUTSIDE_INDIA;
    return quoteCart(
      deps,
      {
        ...(abroad ? {} : { pin: d.pin }),
        state: d.state,
        lines: lines.map(({ product, size, quantity }) => ({ _id: product.id, variant: size.id, cart_quantity: quantity })),
        paymentMethod: method,
        ...(coupon ? { coupon } : {}),
      },
      { rules, overrides: await deliveryKept.overrides(), sizes },
    );
  }
  const verdictOf = prepareVerdict(db);
  const reservation = prepareReservation(db);
  const payment = preparePayment(db, 'checkout_pay');
  // A checkout of the caller's, read with the session's user (sessionUserOf checks it) in one round trip.
  const ownCheckoutAs = db
    .select({ ...sessionColumns, checkout: { id: checkouts.id, userId: checkouts.userId, payment: checkouts.payment, paymentMethod: checkouts.paymentMethod } })
    .from(users)
    .leftJoin(checkouts, eq(checkouts.id, sql.placeholder('id')))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('checkout_own_as');

  /**
   * A checkout of the caller's, for the session of `claims` checked in the same read (401/403 as plugins/auth.ts
   * answers); someone else's answers the same 404 as a missing one.
   */
  async function findOwnCheckout(claims: SessionClaims, checkoutId: string) {
    const [row] = await ownCheckoutAs.execute({ id: checkoutId, userId: claims.userId });
    const user = sessionUserOf(claims, row);
    if (!row!.checkout || row!.checkout.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    return row!.checkout;
  }

  /**
   * The shopper's payment: the common case (their own unpaid checkout, its units held) in one statement, anything else
   * through applyPayment in a transaction. A payment id already recorded on another checkout is a 409.
   */
  async function payCheckout(checkoutId: string, paymentId: string, claims: SessionClaims, sessionUser: () => Promise<AuthUser>): Promise<PaymentOutcome> {
    try {
      const at = now();
      const ownerId = claims.userId;
      // A verified payment must be recorded: a deadlock or serialization failure runs the whole attempt again.
      return await withConflictRetry(async () => {
        const opts = { ownerId, held: true, sessionVersion: claims.version };
        if (await payInOneStatement(payment, at, checkoutId, paymentId, config.shop.invoicePrefix, opts)) return { kind: 'paid', changed: true };
        // Not paid in one statement: an ended session is answered first (401/403), then the checkout is read and decided.
        await sessionUser();
        return db.transaction((tx) => applyPayment(tx, at, checkoutId, paymentId, config.shop.invoicePrefix, ownerId));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This payment was already recorded for another order');
      throw err;
    }
  }

  /** Answers an open checkout again, with the delivery details as the profile has them now. */
  async function reuse(c: OpenCheckout, user: AuthUser, d: DeliveryDetails): Promise<CreateOrderResponse> {
    if (c.deliveryName !== d.name || c.deliveryPhone !== d.phone || c.deliveryAddress !== d.address || c.deliveryPin !== d.pin || c.deliveryState !== d.state) {
      await db
        .update(checkouts)
        .set({ deliveryName: d.name, deliveryPhone: d.phone, deliveryAddress: d.address, deliveryPin: d.pin, deliveryState: d.state })
        .where(and(eq(checkouts.id, c.id), eq(checkouts.payment, PENDING)));
    }
    return {
      amount: c.amountPaise,
      order_id: c.id,
      name: user.name,
      email: user.email,
      phone: d.phone,
      ...(c.couponCode ? { coupon: c.couponCode, discount: paiseToRupees(c.discountPaise) } : {}),
    };
  }

  /** Reopens a closed checkout of the shopper's for another RESERVATION_MINUTES; false when it cannot be (caps, stock). */
  function reopen(checkoutId: string, userId: string): Promise<boolean> {
    const at = now();
    const until = new Date(at.getTime() + RESERVATION_MINUTES * 60_000);
    return inTransaction(db, (tx) => reopenCheckout(tx, at, checkoutId, userId, until, { maxOpen: MAX_OPEN_CHECKOUTS, maxUnits: config.maxHeldUnits }));
  }

  /** Releases the shopper's open checkouts that hold any of `productIds`; answers whether any units came back. */
  async function releaseOwnHolds(userId: string, productIds: string[]): Promise<boolean> {
    const holding = await db
      .selectDistinct({ id: checkouts.id })
      .from(checkouts)
      .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
      .where(ownOpenHolds(userId, productIds));
    let released = false;
    for (const { id } of holding) {
      if (await inTransaction(db, (tx) => releaseReservation(tx, now(), id))) released = true;
    }
    return released;
  }

  /** Confirms a COD checkout (cod.ts confirmCodCheckout) in its own transaction, and sends its mails. */
  async function confirmCod(checkoutId: string): Promise<CodConfirmOutcome> {
    const outcome = await inTransaction(db, (tx) => confirmCodCheckout(tx, now(), checkoutId, config.shop.invoicePrefix));
    if (outcome === 'confirmed') outbox.wake();
    return outcome;
  }

  /** The answer to a cart the rules refuse: the caps first, then the stock (as shop_reserve_checkout orders them). */
  function refuse(v: Verdict): void {
    if (v.caps === 'too_many') throw tooManyRequests(TOO_MANY_OPEN_CHECKOUTS);
    if (v.caps === 'held_units') throw conflict(heldUnitsMessage(config.maxHeldUnits, v.held));
    if (v.shortName !== null) throw conflict(stockMessage(v.shortName, v.shortQuantity!));
  }

  return {
    /**
     * POST /orders. The amount comes from the database only (client prices and currency are ignored); the units
     * are taken from stock atomically (all lines or none) together with the checkout and its lines. The session of
     * `claims` is checked by the pre-read (sessionUserOf) as it reads the cart.
     */
    async createOrder(claims: SessionClaims, body: CreateOrderBody, address = ''): Promise<CreateOrderResponse> {
      // Duplicate lines of one size become one line: first those that name it alike, then (once the sizes are read)
      // a line without a size and one naming the default size.
      const tooMany = () => badRequest(`At most ${MAX_LINE_QUANTITY} of one product fit in one order`);
      const wanted = new Map<string, { productId: string; variant: string | undefined; quantity: number }>();
      for (const item of body.cart) {
        const key = `${item._id}/${item.variant ?? ''}`;
        const line = wanted.get(key) ?? { productId: item._id, variant: item.variant, quantity: 0 };
        line.quantity += item.cart_quantity;
        wanted.set(key, line);
      }
      let units = 0;
      for (const { quantity } of wanted.values()) {
        if (quantity > MAX_LINE_QUANTITY) throw tooMany();
        units += quantity;
      }
      if (units > config.maxHeldUnits) throw conflict(heldUnitsMessage(config.maxHeldUnits, 0));

      const ids = [...new Set([...wanted.values()].map((w) => w.productId))];
      const code = body.coupon?.trim() ?? '';
      const key = code ? couponKey(code) : '';
      const read = async () => (await preRead.execute({ userId: claims.userId, ids: ids.join(','), at: now().toISOString(), couponKey: key || null }))[0];
      const linesOf = (rows: CartProduct[]): CartLine[] => {
        const byId = new Map(rows.map((r) => [r.id, r]));
        const bySize = new Map<string, CartLine>();
        for (const w of wanted.values()) {
          const product = byId.get(w.productId);
          const size = product && sizeOf(product, w.variant);
          if (!product || !size) throw notFound(`Product ${w.productId} was not found; it may have been removed from the shop`);
          if (product.removed || size.removed) throw notFound(`Product ${sizeName(product, size)} was removed from the shop`);
          const line = bySize.get(size.id) ?? { product, size, quantity: 0 };
          line.quantity += w.quantity;
          if (line.quantity > MAX_LINE_QUANTITY) throw tooMany();
          bySize.set(size.id, line);
        }
        return [...bySize.values()];
      };
      const verdict = async (ls: CartLine[], cartKey: string) =>
        (await verdictOf.execute({
          userId: claims.userId,
          cartKey,
          lines: JSON.stringify(ls.map(({ product, size, quantity }) => ({ product_id: product.id, variant_id: size.id, quantity }))),
          units,
          at: now().toISOString(),
          maxOpen: MAX_OPEN_CHECKOUTS,
          maxUnits: config.maxHeldUnits,
          reuseMarginMs: REUSE_MARGIN_MS,
        }))[0]!;
      // Lapsed reservations of other shoppers go back to stock when they would block this one (the sweep does it
      // every minute anyway): a checkout that finds its stock short sweeps once and looks again.
      let swept = false;
      const releaseLapsed = async () => {
        swept = true;
        return (await releaseExpiredReservations(db, now())) > 0;
      };

      /** The answer to a reservation that kept nothing: the shopper gone, a size removed, the caps or the stock. */
      const refuseReservation = (r: RefusedReservation): never => {
        if (r.outcome === 'no_user') throw unauthorized();
        const couponRefused = coupon && couponRefusal(r.outcome, coupon);
        if (couponRefused) throw couponRefused;
        if (r.outcome === 'gone') {
          const gone = lines.find((l) => l.size.id === r.variantId);
          throw notFound(`Product ${gone ? sizeName(gone.product, gone.size) : r.productId} was removed from the shop`);
        }
        refuse({
          reuseId: null,
          caps: r.outcome === 'too_many' || r.outcome === 'held_units' ? r.outcome : null,
          held: r.held ?? 0,
          goneId: null,
          shortId: r.variantId,
          shortName: r.productName,
          shortQuantity: r.productQuantity,
        });
        throw new Error(`shop_reserve_checkout answered ${r.outcome} without a reason`);
      };

      let found = await read();
      const user = sessionUserOf(claims, found);
      const { open, closed, products: cartProducts, coupon: couponRow } = found!;
      const profile: DeliveryDetails = { name: found!.name, phone: found!.phone, address: found!.address, pin: found!.pin, state: found!.state };
      const missing = missingDeliveryDetails(profile);
      if (missing.length > 0) throw badRequest(missingDeliveryMessage(missing));
      const method = body.payment_method ?? 'online';
      const cod = method === 'cod';
      let lines = linesOf(cartProducts);
      let cartKey = cartKeyOf(lines, profile, key);
      let v = await verdict(lines, cartKey);
      if (v.shortName !== null && (await releaseLapsed())) {
        lines = linesOf((await read())?.products ?? []);
        cartKey = cartKeyOf(lines, profile, key);
        v = await verdict(lines, cartKey);
      }

      // PAY again for the same cart while its checkout is open: the same checkout, nothing new reserved. (Never for cash
      // on delivery: a COD order is a new order each time.)
      const same = cod ? undefined : open.find((c) => c.id === v.reuseId);
      if (same) return reuse(same, user, profile);
      // PAY again after the shopper closed the payment window: that checkout takes its units again.
      const reopenable = cod ? undefined : closed.find((c) => c.cartKey === cartKey);
      if (reopenable && (await reopen(reopenable.id, user.id))) return reuse(reopenable, user, profile);

      // The shopper's own open checkouts never count against their cart: a new cart short of what they hold lets them go
      // (a payment that still comes for one follows the usual rules: its units taken again, or Refund due).
      if (v.shortName !== null && open.length > 0 && (await releaseOwnHolds(user.id, ids))) {
        found = await read();
        if (!found) throw unauthorized();
        lines = linesOf(found.products);
        cartKey = cartKeyOf(lines, profile, key);
        v = await verdict(lines, cartKey);
      }
      // A cheap early answer before any provider call; shop_reserve_checkout, under the row locks, is what decides.
      refuse(v);

      // The code: guessing counted like logins (429 past the limit); unknown, turned off or outside its dates is a 400.
      // Its limits (used up, already used by you, first order only) are the reservation's, under its locks.
      let coupon: (CartCoupon & { startsAt: Date; endsAt: Date }) | undefined;
      const attempt = key ? await couponGuard.begin(address, user.id) : undefined;
      if (attempt) {
        const refused = !couponRow
          ? COUPON_MESSAGES.unknown(key)
          : couponWindowRefusal({ code: couponRow.codeKey, active: couponRow.active, startsAt: new Date(couponRow.startsAt), endsAt: new Date(couponRow.endsAt) }, now());
        await attempt.finish(!refused);
        if (refused) throw badRequest(refused);
        coupon = { ...cartCouponOf(couponRow!), startsAt: new Date(couponRow!.startsAt), endsAt: new Date(couponRow!.endsAt) };
      }

      // What the order costs delivered: the quote the cart showed (delivery/quoteCart), over the sizes and prices read
      // here, so the amount charged is the quote's total to the paisa. It refuses a PIN of another state, an unknown
      // PIN or a size without a packed weight (4xx) and says why it cannot deliver (a blocked PIN, a local-only product).
      const rules = await deliveryKept.rules();
      const quote = await quoteOf(lines, profile, method, rules, coupon);
      if (quote.coupon_refused) throw badRequest(quote.coupon_refused);
      if (!quote.serviceable) throw badRequest(quote.reason ?? 'The shop cannot deliver this order to that address');
      if (cod && !quote.cod_available) throw badRequest(`${quote.cod_unavailable_reason ?? 'Cash on delivery is not available for this order'}; please pay online`);
      const { shipping: shippingFeePaise, cod: codFeePaise, total: amountPaise, discount: discountPaise } = quote.paise;
      // The discount spread over the lines in proportion to their value, by largest remainder: the lines add up to it.
      const lineDiscounts = spreadDiscount(discountPaise, lines.map((l) => l.size.pricePaise * l.quantity));
      const couponArgs = {
        couponId: coupon?.id ?? null,
        couponVersion: coupon?.version ?? null,
        couponCode: coupon?.code ?? null,
        discountPaise,
      };
      const couponAnswer = coupon ? { coupon: coupon.code, discount: paiseToRupees(discountPaise) } : {};
      if (amountPaise > MAX_AMOUNT_PAISE) throw badRequest('The order total is too large for one payment; please split the order');

      // The snapshot each line keeps, in the order the amount was computed from.
      const snapshot = JSON.stringify(
        lines.map(({ product, size, quantity }, i) => ({
          product_id: product.id,
          variant_id: size.id,
          quantity,
          name: product.name,
          slug: product.slug,
          image: product.image,
          variant_label: size.label,
          sku: size.sku,
          price_paise: size.pricePaise,
          hsn_code: product.hsnCode,
          gst_rate_bp: product.gstRateBp,
          discount_paise: lineDiscounts[i]!,
        })),
      );
      // What both reservations pass alike; each adds its own (cart key and PAY again, or the COD rules).
      const reservationArgs = (id: string, receipt: string, at: Date, until: Date) => ({
        id,
        userId: user.id,
        userName: user.name,
        userEmail: user.email,
        receipt,
        amountPaise,
        units,
        lines: snapshot,
        status: ORDER_STATUS_AWAITING_PAYMENT,
        at: at.toISOString(),
        reservedUntil: until.toISOString(),
        maxOpen: MAX_OPEN_CHECKOUTS,
        maxUnits: config.maxHeldUnits,
        shippingFeePaise,
        ...couponArgs,
      });

      if (cod) {
        // No provider: the shop names the order, holds its units until the confirm deadline and mails the confirm link,
        // in one call that also keeps the per-phone cap under its lock (drizzle/functions/checkout.sql).
        const placedAt = now();
        const codId = newCodOrderId();
        // Like the online reservation: a deadlock victim's statement is rolled back whole and run again.
        const placeCod = async () =>
          (await withConflictRetry(() => reservation.execute({
            ...reservationArgs(codId, newReceipt(), placedAt, new Date(placedAt.getTime() + rules.cod.confirmHours * 3_600_000)),
            // No cart key: a COD order never reuses an open online checkout (nor is reused by one).
            cartKey: null,
            reuseMarginMs: 0,
            codFeePaise,
            maxOpenPerPhone: rules.cod.maxOpenPerPhone,
            maxReturns: rules.cod.maxReturns,
            mails: JSON.stringify([{ kind: CHECKOUT_MAIL.codConfirm, data: { checkoutId: codId } }]),
          })))[0]!;
        let placed = await placeCod();
        if (placed.outcome === 'out_of_stock' && !swept && (await releaseLapsed())) placed = await placeCod();
        switch (placed.outcome) {
          case 'created':
            outbox.wake();
            return {
              amount: placed.amountPaise!,
              order_id: placed.orderId!,
              name: user.name,
              email: user.email,
              phone: placed.phone!,
              payment_method: 'cod',
              order_number: formatOrderNumber(config.orderPrefix, placed.orderNumber!),
              ...couponAnswer,
            };
          case 'cod_open':
            throw conflict(codOpenMessage(placed.openCount ?? rules.cod.maxOpenPerPhone, rules.cod.maxOpenPerPhone));
          case 'cod_returns':
            throw forbidden(codReturnsMessage(placed.returns ?? rules.cod.maxReturns));
          default:
            return refuseReservation(placed);
        }
      }

      // The provider order comes first, outside any transaction: when the provider fails nothing is reserved, and no
      // row lock is held during a network call. An order whose reservation then fails is simply never paid.
      const receipt = newReceipt();
      let providerOrderId: string;
      try {
        providerOrderId = (await payments.createOrder({ amountPaise, receipt })).id;
      } catch (err) {
        log.error({ err, receipt }, 'payment provider could not create an order');
        throw badGateway(PAYMENT_UNAVAILABLE);
      }

      const createdAt = now();
      const reservedUntil = new Date(createdAt.getTime() + RESERVATION_MINUTES * 60_000);
      // One statement: a deadlock victim's is rolled back whole (its row locks freed) and run again here
      // (drizzle/functions/checkout.sql says why not inside the function).
      const reserve = async () => {
        const [row] = await withConflictRetry(() => reservation.execute({
          ...reservationArgs(providerOrderId, receipt, createdAt, reservedUntil),
          cartKey,
          reuseMarginMs: REUSE_MARGIN_MS,
          ...ONLINE,
        }));
        return row!;
      };
      let reserved = await reserve();
      // Nothing was kept: once lapsed holds are back in stock, the same try again.
      if (reserved.outcome === 'out_of_stock' && !swept && (await releaseLapsed())) reserved = await reserve();
      switch (reserved.outcome) {
        case 'created':
        case 'reused':
          return { amount: reserved.amountPaise!, order_id: reserved.orderId!, name: user.name, email: user.email, phone: reserved.phone!, ...couponAnswer };
        default:
          return refuseReservation(reserved);
      }
    },

    /**
     * POST /orders/paymentverification: a signed checkout result marks the checkout paid, once. The session of `claims`
     * is checked by the payment's own statement, or with the checkout's read when the signature is bad; `sessionUser`
     * reads and checks it apart when the checkout was not paid at once.
     */
    async verifyPayment(claims: SessionClaims, body: PaymentResult, sessionUser: () => Promise<AuthUser>): Promise<{ success: true }> {
      // The signature is checked first and ownership inside the paying transaction (one read less per payment);
      // the answers stay as they were: 404 for a checkout that is missing or someone else's, then 400 for a bad signature.
      if (!payments.verifySignature(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature)) {
        const checkout = await findOwnCheckout(claims, body.razorpay_order_id);
        log.warn({ orderId: checkout.id }, 'payment signature did not verify');
        throw verificationRefused(400, PAYMENT_VERIFICATION_FAILED);
      }
      const outcome = await payCheckout(body.razorpay_order_id, body.razorpay_payment_id, claims, sessionUser);
      if (outcome.kind === 'not_found') throw notFound(ORDER_NOT_FOUND);
      if (outcome.changed) outbox.wake();
      if (outcome.kind === 'refund_due') throw verificationRefused(409, REFUND_DUE_MESSAGE);
      if (outcome.kind === 'extra_payment') throw verificationRefused(409, SECOND_PAYMENT_MESSAGE);
      return { success: true };
    },

    /** POST /payments/sandbox/checkout, outcome success: what Razorpay's checkout would hand the browser. */
    async sandboxPay(sandbox: SandboxProvider, claims: SessionClaims, orderId: string) {
      const checkout = await findOwnCheckout(claims, orderId);
      if (checkout.paymentMethod === 'cod') throw conflict(COD_NOT_PAYABLE);
      if (checkout.payment === PAID || checkout.payment === REFUND_DUE) throw conflict('This order is already paid');
      return sandbox.completePayment(checkout.id);
    },

    /**
     * POST /orders/release: the shopper closed the payment window without paying (the sandbox's Cancel payment,
     * Razorpay's dismiss). Its units go back at once; PAY again reopens it. Someone else's checkout is a 404.
     */
    async closeCheckout(user: AuthUser, orderId: string): Promise<void> {
      const outcome = await inTransaction(db, (tx) => closeCheckout(tx, now(), orderId, user.id));
      if (outcome === 'not_found') throw notFound(ORDER_NOT_FOUND);
      if (outcome === 'paid') throw conflict('This order is already paid');
      if (outcome === 'cod') throw conflict(COD_NOT_PAYABLE);
    },

    /** Outcome failure: the checkout is marked Failed and its reservation released at once. */
    async sandboxFail(claims: SessionClaims, orderId: string): Promise<void> {
      const checkout = await findOwnCheckout(claims, orderId);
      if (checkout.paymentMethod === 'cod') throw conflict(COD_NOT_PAYABLE);
      if (checkout.payment === PAID || checkout.payment === REFUND_DUE) throw conflict('This order is already paid');
      await inTransaction(db, (tx) => applyPaymentFailure(tx, now(), checkout.id));
    },

    /**
     * One verified webhook delivery. The event id is recorded in the same transaction as its effect, so a delivery
     * that failed half-way is retried by Razorpay, and one that succeeded is dropped when delivered again.
     */
    async handleWebhookEvent(body: unknown, eventId: string | undefined): Promise<WebhookResult> {
      const event = str((body as { event?: unknown } | null)?.event) ?? '';
      const payload = (body as { payload?: unknown } | null)?.payload;
      let mailed = false;
      const result = await inTransaction(db, async (tx): Promise<WebhookResult> => {
        mailed = false;
        if (eventId) {
          const inserted = await tx
            .insert(webhookEvents)
            .values({ id: eventId, event: event.slice(0, 100), createdAt: now() })
            .onConflictDoNothing()
            .returning({ id: webhookEvents.id });
          if (inserted.length === 0) return 'duplicate';
        }
        const payment = entity(payload, 'payment');
        switch (event) {
          case 'payment.captured':
          case 'order.paid': {
            const orderId = str(event === 'order.paid' ? (entity(payload, 'order')?.id ?? payment?.order_id) : payment?.order_id);
            const paymentId = str(payment?.id);
            if (!orderId || !paymentId) return 'ignored';
            const outcome = await applyPayment(tx, now(), orderId, paymentId, config.shop.invoicePrefix);
            if (outcome.kind === 'not_found') return 'ignored';
            mailed = outcome.changed;
            return 'processed';
          }
          case 'payment.failed': {
            const orderId = str(payment?.order_id);
            if (!orderId) return 'ignored';
            const outcome = await applyPaymentFailure(tx, now(), orderId);
            return outcome === 'failed' ? 'processed' : 'ignored';
          }
          default:
            return 'ignored';
        }
      });
      if (mailed) outbox.wake();
      return result;
    },

    /**
     * GET /checkouts/cod/confirm/{token}: the shopper's one-time link. Confirms the COD order it names, once; a second
     * use changes nothing and answers 'already'. With the order's number and total for the page.
     */
    async confirmCodByToken(token: string): Promise<{ outcome: CodConfirmOutcome; order?: { number: string; totalPaise: number } }> {
      const [row] = await db
        .select({ id: checkouts.id, orderNumber: checkouts.orderNumber, amountPaise: checkouts.amountPaise })
        .from(checkouts)
        .where(eq(checkouts.codTokenHash, hashConfirmToken(token)));
      if (!row) return { outcome: 'not_found' };
      const outcome = await confirmCod(row.id);
      return { outcome, order: { number: formatOrderNumber(config.orderPrefix, row.orderNumber), totalPaise: row.amountPaise } };
    },

    /** POST /checkouts/{order_id}/confirm-cod (admin): as the shopper's link. */
    confirmCod,

    /** The reservation sweep: unpaid reservations that lapsed go back to stock. */
    releaseExpired(): Promise<number> {
      return releaseExpiredReservations(db, now());
    },
  };
}
