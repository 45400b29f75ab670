/**
 * Coupons (issue 31): the admin's codes (CRUD, with each code's uses and revenue), and what a shopper's code means
 * for a cart: found by its key (trimmed, upper case), checked (active, its dates in IST, its limits), priced by the
 * quote (delivery/quoteCart) and taken for good by the reservation, in the same SQL call that writes the checkout
 * (drizzle/functions/checkout.sql, shop_take_coupon). Code guessing is rate-limited like logins (CouponGuard).
 */
import { desc, eq, sql } from 'drizzle-orm';
import { couponMoment, istDateTime, percentToBp, type CouponTerms } from '@shop/domain/coupons';
import { paiseToRupees, rupeesToPaise } from '@shop/domain/money';
import { couponKey, type Coupon, type CreateCouponBody, type UpdateCouponBody } from '@shop/domain/schemas/coupons';
import type { MessageResponse } from '@shop/domain/schemas/common';
import { checkouts, coupons } from '../../db/schema.js';
import { HttpError, badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound, serviceUnavailable, tooManyRequests } from '../../lib/http-errors.js';
import { COUPON_GUESSES } from '../../lib/limits.js';
import type { Deps } from '../../plugins/deps.js';
import { LIMITS_RETRY_AFTER_SECONDS, LIMITS_UNAVAILABLE_MESSAGE } from '../../plugins/rate-limit.js';

export type CouponsDeps = Pick<Deps, 'db' | 'now' | 'counters' | 'log'>;

type CouponRow = typeof coupons.$inferSelect;

/** A coupon as a cart needs it: its terms, and what the reservation checks again under its locks. */
export interface CartCoupon extends CouponTerms {
  id: string;
  /** The code as applied: its key (`DIWALI10`). */
  code: string;
  minOrderPaise: number | null;
  /** updated_at exactly as stored (text, microseconds): the reservation refuses a coupon edited since. */
  version: string;
}

/** The code in a message: the shop's spelling (its key), or what the shopper typed when no coupon has it. */
export const COUPON_MESSAGES = {
  unknown: (code: string) => `The coupon code ${code} is not valid`,
  inactive: (code: string) => `The coupon code ${code} is not on offer at the moment`,
  notStarted: (code: string, from: Date) => `The coupon code ${code} can be used from ${istWhen(from)}`,
  ended: (code: string, to: Date) => `The coupon code ${code} expired on ${istWhen(to)}`,
  usedUp: (code: string) => `The coupon code ${code} has been used up`,
  usedByYou: (code: string) => `You have already used the coupon code ${code}`,
  firstOrder: (code: string) => `The coupon code ${code} is for a first order only`,
  changed: (code: string) => `The coupon code ${code} was changed by the shop just now; please apply it again`,
  tooMany: 'Too many coupon codes tried, please try again in 15 minutes',
} as const;

/** "31/12/2026 at 23:59 IST". */
function istWhen(at: Date): string {
  const t = istDateTime(at);
  const [y, m, d] = t.slice(0, 10).split('-');
  return `${Number(d)}/${Number(m)}/${y} at ${t.slice(11, 16)} IST`;
}

/** Letters, digits, - and _: what a code may be made of, once trimmed. */
const CODE = /^[A-Za-z0-9_-]{3,30}$/;
const MAX_RUPEES = 10_000_000;
const MAX_COUNT = 1_000_000;

/** What the reservation answers for a coupon it would not take (shop_take_coupon), as the shopper reads it. */
export function couponRefusal(outcome: string, coupon: CartCoupon & { startsAt?: Date; endsAt?: Date }): HttpError | undefined {
  const code = coupon.code;
  switch (outcome) {
    case 'coupon_used_up':
      return conflict(COUPON_MESSAGES.usedUp(code));
    case 'coupon_used_by_you':
      return conflict(COUPON_MESSAGES.usedByYou(code));
    case 'coupon_first_order':
      return conflict(COUPON_MESSAGES.firstOrder(code));
    case 'coupon_inactive':
      return badRequest(COUPON_MESSAGES.inactive(code));
    case 'coupon_not_started':
      return badRequest(coupon.startsAt ? COUPON_MESSAGES.notStarted(code, coupon.startsAt) : COUPON_MESSAGES.inactive(code));
    case 'coupon_ended':
      return badRequest(coupon.endsAt ? COUPON_MESSAGES.ended(code, coupon.endsAt) : COUPON_MESSAGES.inactive(code));
    case 'coupon_changed':
      return conflict(COUPON_MESSAGES.changed(code));
    default:
      return undefined;
  }
}

/** A coupon row as a cart uses it. */
export function cartCouponOf(row: {
  id: string;
  codeKey: string;
  kind: string;
  percentBp: number;
  amountPaise: number;
  maxDiscountPaise: number | null;
  minOrderPaise: number | null;
  version: string;
}): CartCoupon {
  return {
    id: row.id,
    code: row.codeKey,
    kind: row.kind as CouponTerms['kind'],
    percentBp: row.percentBp,
    amountPaise: row.amountPaise,
    maxDiscountPaise: row.maxDiscountPaise,
    minOrderPaise: row.minOrderPaise,
    version: row.version,
  };
}

/** Active and within its dates at `at`; else the message that says why not. */
export function couponWindowRefusal(c: { code: string; active: boolean; startsAt: Date; endsAt: Date }, at: Date): string | undefined {
  if (!c.active) return COUPON_MESSAGES.inactive(c.code);
  if (at < c.startsAt) return COUPON_MESSAGES.notStarted(c.code, c.startsAt);
  if (at > c.endsAt) return COUPON_MESSAGES.ended(c.code, c.endsAt);
  return undefined;
}

/**
 * Coupon guessing, limited like logins (lib/limits.ts, COUPON_GUESSES): each try takes a slot per client address and
 * per account before the code is looked up, with one atomic increment each, so concurrent guesses never get past the
 * limit; an applied code hands its slots back, a refused one keeps them for the window.
 */
export function createCouponGuard(counters: Deps['counters'], log: Deps['log']) {
  return {
    /** One shopper's try of a code: `finish(true)` when it was applied (the slot is handed back), `finish(false)` keeps it. */
    async begin(address: string, userId: string | undefined): Promise<{ finish(applied: boolean): Promise<void> }> {
      const keys: Array<[string, number, number]> = [[`coupon:ip:${address}`, COUPON_GUESSES.ip.max, COUPON_GUESSES.ip.windowMs]];
      if (userId) keys.push([`coupon:account:${userId}`, COUPON_GUESSES.account.max, COUPON_GUESSES.account.windowMs]);
      const taken: string[] = [];
      const giveBack = () => Promise.all(taken.map((k) => counters.decr(k)));
      try {
        for (const [key, max, windowMs] of keys) {
          taken.push(key);
          if ((await counters.incr(key, windowMs)) > max) {
            await giveBack();
            throw tooManyRequests(COUPON_MESSAGES.tooMany, COUPON_GUESSES.ip.windowMs / 1000);
          }
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        log.error({ err }, 'coupon guard counters failed');
        throw serviceUnavailable(LIMITS_UNAVAILABLE_MESSAGE, LIMITS_RETRY_AFTER_SECONDS);
      }
      let finished = false;
      return {
        async finish(applied) {
          if (finished) return;
          finished = true;
          if (!applied) return;
          try {
            await giveBack();
          } catch (err) {
            log.error({ err }, 'coupon guard could not hand back its slots');
          }
        },
      };
    },
  };
}

/** The columns the quote reads of a coupon, the version as exact text (POST /orders reads them in shop_checkout_pre_read). */
const cartCouponColumns = {
  id: coupons.id,
  codeKey: coupons.codeKey,
  kind: coupons.kind,
  percentBp: coupons.percentBp,
  amountPaise: coupons.amountPaise,
  maxDiscountPaise: coupons.maxDiscountPaise,
  minOrderPaise: coupons.minOrderPaise,
  active: coupons.active,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  version: sql<string>`${coupons.updatedAt}::text`,
};

function couponAnswer(row: CouponRow, uses: { paid: number; held: number; revenuePaise: number; discountPaise: number }): Coupon {
  const value = row.kind === 'percent' ? row.percentBp / 100 : row.kind === 'fixed' ? paiseToRupees(row.amountPaise) : 0;
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind as Coupon['kind'],
    value,
    ...(row.maxDiscountPaise !== null ? { max_discount: paiseToRupees(row.maxDiscountPaise) } : {}),
    ...(row.minOrderPaise !== null ? { min_order: paiseToRupees(row.minOrderPaise) } : {}),
    starts_at: istDateTime(row.startsAt),
    ends_at: istDateTime(row.endsAt),
    ...(row.usageLimit !== null ? { usage_limit: row.usageLimit } : {}),
    ...(row.perCustomerLimit !== null ? { per_customer_limit: row.perCustomerLimit } : {}),
    first_order_only: row.firstOrderOnly,
    active: row.active,
    uses: { paid: uses.paid, held: uses.held },
    revenue: paiseToRupees(uses.revenuePaise),
    discount_given: paiseToRupees(uses.discountPaise),
    createdAt: row.createdAt.toISOString(),
  };
}

type CouponFields = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt'>;

/** A body's fields over the coupon they change (none for a new one), checked whole: 400 naming the field. */
function couponFields(body: CreateCouponBody | UpdateCouponBody, current: CouponRow | undefined, now: Date): CouponFields {
  const code = (body.code ?? current?.code ?? '').trim();
  if (!CODE.test(code)) throw badRequest('code: use 3 to 30 letters, digits, - or _ (no spaces or other characters)');
  const kind = body.kind ?? (current?.kind as CreateCouponBody['kind'] | undefined);
  if (!kind) throw badRequest('kind: choose percent, fixed or free_shipping');
  const rupees = (field: string, value: number | null | undefined): number | null => {
    if (value === undefined || value === null) return null;
    if (!Number.isFinite(value) || value < 0) throw badRequest(`${field}: must be zero or more rupees`);
    if (value > MAX_RUPEES) throw badRequest(`${field}: at most ₹${MAX_RUPEES}`);
    if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw badRequest(`${field}: rupees with at most two decimals (paise)`);
    return rupeesToPaise(value);
  };
  const count = (field: string, value: number | null | undefined): number | null => {
    if (value === undefined || value === null) return null;
    if (!Number.isInteger(value) || value < 1 || value > MAX_COUNT) throw badRequest(`${field}: a whole number from 1 to ${MAX_COUNT}, or leave it out for no limit`);
    return value;
  };
  const pick = <T>(v: T | undefined, old: T | undefined): T | undefined => (v !== undefined ? v : old);

  const value = body.value ?? (current ? (current.kind === 'percent' ? current.percentBp / 100 : paiseToRupees(current.amountPaise)) : undefined);
  let percentBp = 0;
  let amountPaise = 0;
  if (kind === 'percent') {
    if (value === undefined || !Number.isFinite(value) || value <= 0) throw badRequest('value: a percent coupon takes more than 0%');
    if (value > 100) throw badRequest('value: a percent coupon takes at most 100%');
    if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw badRequest('value: a percent with at most two decimals');
    percentBp = percentToBp(value);
  } else if (kind === 'fixed') {
    const paise = rupees('value', value);
    if (paise === null || paise <= 0) throw badRequest('value: a fixed coupon takes more than ₹0');
    amountPaise = paise;
  } else if (value !== undefined && body.value !== undefined && value !== 0) {
    throw badRequest('value: a free-delivery coupon waives the delivery fee; send 0');
  }
  const maxDiscountPaise = rupees('max_discount', pick(body.max_discount, current ? current.maxDiscountPaise === null ? null : paiseToRupees(current.maxDiscountPaise) : undefined));
  if (maxDiscountPaise !== null && kind !== 'percent') throw badRequest('max_discount: only a percent coupon has a largest discount');
  if (maxDiscountPaise === 0) throw badRequest('max_discount: must be more than ₹0, or leave it out');
  const minOrderPaise = rupees('min_order', pick(body.min_order, current ? current.minOrderPaise === null ? null : paiseToRupees(current.minOrderPaise) : undefined));

  const when = (field: 'starts_at' | 'ends_at', edge: 'start' | 'end'): Date => {
    const text = body[field];
    if (text === undefined) {
      const old = field === 'starts_at' ? current?.startsAt : current?.endsAt;
      if (!old) throw badRequest(`${field}: give a day (YYYY-MM-DD) or a date-time`);
      return old;
    }
    const at = couponMoment(text, edge);
    if (!at) throw badRequest(`${field}: give a day (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:MM, IST), not "${text.slice(0, 40)}"`);
    return at;
  };
  const startsAt = when('starts_at', 'start');
  const endsAt = when('ends_at', 'end');
  if (endsAt < startsAt) throw badRequest('ends_at: must not be before starts_at');

  return {
    code,
    codeKey: couponKey(code),
    kind,
    percentBp,
    amountPaise,
    maxDiscountPaise,
    minOrderPaise,
    startsAt,
    endsAt,
    usageLimit: count('usage_limit', pick(body.usage_limit, current?.usageLimit)),
    perCustomerLimit: count('per_customer_limit', pick(body.per_customer_limit, current?.perCustomerLimit)),
    firstOrderOnly: body.first_order_only ?? current?.firstOrderOnly ?? false,
    active: body.active ?? current?.active ?? true,
    updatedAt: now,
  };
}

const duplicate = (code: string) => conflict(`A coupon with the code ${couponKey(code)} exists already (codes are the same in any letter case)`);
const COUPON_NOT_FOUND = 'Coupon not found';

export function createCouponsService(deps: CouponsDeps) {
  const { db, now } = deps;
  const guard = createCouponGuard(deps.counters, deps.log);

  /** Every coupon's uses, revenue and discount, at `at` (shop_checkout_holds: paid, or open and not lapsed). */
  async function usesOf(ids?: string[]) {
    const at = now().toISOString();
    const rows = await db
      .select({
        couponId: checkouts.couponId,
        paid: sql<number>`count(*) filter (where ${checkouts.payment} in ('Paid', 'COD: to collect'))::int`,
        held: sql<number>`count(*) filter (where ${checkouts.payment} not in ('Paid', 'COD: to collect')
          and shop_checkout_holds(${checkouts.payment}, ${checkouts.stockState}, ${checkouts.reservedUntil}, ${at}::timestamptz))::int`,
        revenuePaise: sql<string>`coalesce(sum(${checkouts.amountPaise}) filter (where ${checkouts.payment} in ('Paid', 'COD: to collect')), 0)`,
        discountPaise: sql<string>`coalesce(sum(${checkouts.discountPaise}) filter (where ${checkouts.payment} in ('Paid', 'COD: to collect')), 0)`,
      })
      .from(checkouts)
      .where(ids ? sql`${checkouts.couponId} = any(${`{${ids.join(',')}}`}::uuid[])` : sql`${checkouts.couponId} is not null`)
      .groupBy(checkouts.couponId);
    return new Map(rows.map((r) => [r.couponId!, { paid: r.paid, held: r.held, revenuePaise: Number(r.revenuePaise), discountPaise: Number(r.discountPaise) }]));
  }
  const none = { paid: 0, held: 0, revenuePaise: 0, discountPaise: 0 };

  async function answer(row: CouponRow): Promise<Coupon> {
    return couponAnswer(row, (await usesOf([row.id])).get(row.id) ?? none);
  }

  /**
   * The limits a quote can check without locks (the reservation decides): used up, and for a signed-in shopper,
   * already used by them (account or phone) and first order only. Undefined when none refuses.
   */
async function usesRefusal(c: { id: string; codeKey: string }, shopper: { id: string; phone: string } | undefined): Promise<string | undefined> {
    const rows = (await db.execute(sql`select k.usage_limit as "usageLimit", k.per_customer_limit as "perCustomerLimit", k.first_order_only as "firstOrderOnly",
        u.total, u.mine, u.ordered
      from coupons k, shop_coupon_uses(k.id, ${shopper?.id ?? null}::uuid, shop_phone_key(${shopper?.phone ?? ''}), ${now().toISOString()}::timestamptz, null) u
      where k.id = ${c.id}`)) as unknown as { rows: Array<{ usageLimit: number | null; perCustomerLimit: number | null; firstOrderOnly: boolean; total: number; mine: number; ordered: boolean }> };
    const r = rows.rows[0];
    if (!r) return COUPON_MESSAGES.unknown(c.codeKey);
    if (r.usageLimit !== null && r.total >= r.usageLimit) return COUPON_MESSAGES.usedUp(c.codeKey);
    if (!shopper) return undefined;
    if (r.perCustomerLimit !== null && r.mine >= r.perCustomerLimit) return COUPON_MESSAGES.usedByYou(c.codeKey);
    if (r.firstOrderOnly && r.ordered) return COUPON_MESSAGES.firstOrder(c.codeKey);
    return undefined;
}

  async function write<T>(code: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(code);
      throw err;
    }
  }

  return {
    guard,

    /** GET /coupons: newest first, each with its uses and revenue. */
    async list(): Promise<Coupon[]> {
      const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
      const uses = await usesOf();
      return rows.map((r) => couponAnswer(r, uses.get(r.id) ?? none));
    },

    async create(body: CreateCouponBody): Promise<Coupon> {
      const fields = couponFields(body, undefined, now());
      const [row] = await write(fields.code, () => db.insert(coupons).values({ ...fields, createdAt: now() }).returning());
      return couponAnswer(row!, none);
    },

    async update(id: string, body: UpdateCouponBody): Promise<Coupon> {
      const [current] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!current) throw notFound(COUPON_NOT_FOUND);
      const fields = couponFields(body, current, now());
      // The row lock of the reservations that count this coupon's uses orders this change with them.
      const [row] = await write(fields.code, () => db.update(coupons).set(fields).where(eq(coupons.id, id)).returning());
      if (!row) throw notFound(COUPON_NOT_FOUND);
      return answer(row);
    },

    /** A coupon never used may be deleted; one that was keeps its checkouts' record: turn it off instead (409). */
    async remove(id: string): Promise<MessageResponse> {
      try {
        const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning({ code: coupons.code });
        if (!row) throw notFound(COUPON_NOT_FOUND);
        return { message: `The coupon ${row.code} is deleted` };
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict('This coupon was used by checkouts, so it is kept; turn it off (active: false) instead');
        throw err;
      }
    },

    /**
     * A shopper's code for the quote: the guard's slots taken (429 past the limit), the coupon found by its key and
     * checked (active, dates, uses; a signed-in shopper's own limits too). The caller prices it (quoteCart checks the
     * minimum) and then calls `attempt.finish(applied)`.
     */
    async forQuote(code: string, address: string, shopper: { id: string; phone: string } | undefined) {
      const attempt = await guard.begin(address, shopper?.id);
      try {
        const [row] = await db.select(cartCouponColumns).from(coupons).where(eq(coupons.codeKey, couponKey(code)));
        if (!row) return { attempt, refused: COUPON_MESSAGES.unknown(couponKey(code)) };
        const refused = couponWindowRefusal({ code: row.codeKey, ...row }, now()) ?? (await usesRefusal(row, shopper));
        return refused ? { attempt, refused } : { attempt, coupon: cartCouponOf(row) };
      } catch (err) {
        await attempt.finish(true);
        throw err;
      }
    },

    /** A shopper's code as a cart uses it (found by its key); undefined when no coupon has it. */
    async find(code: string) {
      const [row] = await db.select(cartCouponColumns).from(coupons).where(eq(coupons.codeKey, couponKey(code)));
      return row;
    },

    usesRefusal,
  };
}
