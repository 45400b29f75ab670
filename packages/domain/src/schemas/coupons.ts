/**
 * Coupons (issue 31): codes the owner manages (admin) and the shopper applies, one per checkout, on the delivery
 * quote and on POST /orders. Money is INR rupees (two decimals at most); the server keeps paise.
 *
 * A code is compared without regard to letter case or surrounding spaces (`" diwali10 "` is `DIWALI10`); it is stored
 * as the admin typed it. `starts_at` and `ends_at` are days (`YYYY-MM-DD`) or date-times; a day or a date-time without
 * an offset is meant in IST: a day as `starts_at` starts at 00:00:00 IST, as `ends_at` it lasts until 23:59:59 IST.
 * Answers give both as date-times in IST (`2026-12-31T23:59:59.999+05:30`).
 *
 * A use is a checkout holding the code: open and not lapsed (unpaid online, COD to confirm) or paid (Paid, COD to
 * collect). A checkout that fails, lapses or is cancelled before payment gives its use back at once.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeSchema, IdSchema } from './common.js';

export const COUPON_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const CouponKindSchema = Type.Union(COUPON_KINDS.map((k) => Type.Literal(k)));
export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  percent: 'Percent off',
  fixed: 'Rupees off',
  free_shipping: 'Free delivery',
};

/** A code: 3 to 30 letters, digits, `-` or `_` once trimmed (the server says so in words when it is not). */
export const COUPON_CODE_PATTERN = '^[A-Za-z0-9_-]{3,30}$';
export const COUPON_CODE_MAX = 30;
/** The key a code is compared by: trimmed, upper case. */
export function couponKey(code: string): string {
  return code.trim().toUpperCase();
}

/** Sent as typed: the server trims and checks it (400 naming the field for odd characters). */
const CodeInput = Type.String({ minLength: 1, maxLength: 60, description: 'the code, 3 to 30 letters, digits, - or _' });
/** `YYYY-MM-DD` (IST) or an ISO date-time (IST when it has no offset). */
const WhenInput = Type.String({ minLength: 10, maxLength: 40, description: 'YYYY-MM-DD or a date-time, IST unless it has an offset' });
const RupeesInput = (description: string) => Type.Number({ description });
const CountInput = (description: string) => Type.Integer({ description });

/**
 * POST /api/coupons (admin). `value`: percent 0-100 (exclusive of 0) for `percent`, rupees for `fixed`, ignored (send 0)
 * for `free_shipping`. `max_discount` (rupees) caps a percent coupon. `min_order`: the item total (before the
 * discount) the cart must reach, rupees. Limits absent: unlimited. 400 naming the field for bad input; 409 when the
 * code exists already in any letter case.
 */
export const CreateCouponBodySchema = Type.Object(
  {
    code: CodeInput,
    kind: CouponKindSchema,
    value: RupeesInput('percent for percent, rupees for fixed, 0 for free_shipping'),
    max_discount: Type.Optional(RupeesInput('largest discount of a percent coupon, INR')),
    min_order: Type.Optional(RupeesInput('smallest item total, INR')),
    starts_at: WhenInput,
    ends_at: WhenInput,
    usage_limit: Type.Optional(CountInput('uses in all')),
    per_customer_limit: Type.Optional(CountInput('uses per customer (account or delivery phone)')),
    first_order_only: Type.Optional(Type.Boolean({ description: 'default false' })),
    active: Type.Optional(Type.Boolean({ description: 'default true' })),
  },
  { additionalProperties: false },
);
export type CreateCouponBody = Static<typeof CreateCouponBodySchema>;

/** PUT /api/coupons/{id} (admin): any of the fields; the rest stay. `null` clears an optional limit. */
export const UpdateCouponBodySchema = Type.Object(
  {
    code: Type.Optional(CodeInput),
    kind: Type.Optional(CouponKindSchema),
    value: Type.Optional(RupeesInput('percent for percent, rupees for fixed, 0 for free_shipping')),
    max_discount: Type.Optional(Type.Union([RupeesInput('largest discount of a percent coupon, INR'), Type.Null()])),
    min_order: Type.Optional(Type.Union([RupeesInput('smallest item total, INR'), Type.Null()])),
    starts_at: Type.Optional(WhenInput),
    ends_at: Type.Optional(WhenInput),
    usage_limit: Type.Optional(Type.Union([CountInput('uses in all'), Type.Null()])),
    per_customer_limit: Type.Optional(Type.Union([CountInput('uses per customer'), Type.Null()])),
    first_order_only: Type.Optional(Type.Boolean()),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateCouponBody = Static<typeof UpdateCouponBodySchema>;

/** A coupon as the admin sees it, with its uses and what it brought. */
export const CouponSchema = Type.Object(
  {
    _id: IdSchema,
    /** As the admin typed it (compared trimmed and in upper case). */
    code: Type.String(),
    kind: CouponKindSchema,
    value: Type.Number(),
    max_discount: Type.Optional(Type.Number()),
    min_order: Type.Optional(Type.Number()),
    /** Date-times in IST (`+05:30`). */
    starts_at: DateTimeSchema,
    ends_at: DateTimeSchema,
    usage_limit: Type.Optional(Type.Integer()),
    per_customer_limit: Type.Optional(Type.Integer()),
    first_order_only: Type.Boolean(),
    active: Type.Boolean(),
    /** Checkouts holding the code: `paid` (Paid, COD to collect) and `held` (open, not lapsed; COD to confirm). */
    uses: Type.Object({ paid: Type.Integer(), held: Type.Integer() }),
    /** What the paid checkouts with this code were paid in all (after the discount, fees included), INR rupees. */
    revenue: Type.Number(),
    /** What the code took off those paid checkouts, INR rupees. */
    discount_given: Type.Number(),
    createdAt: DateTimeSchema,
  },
  { $id: 'Coupon' },
);
export type Coupon = Static<typeof CouponSchema>;

export const CouponResponseSchema = Type.Object({ coupon: CouponSchema });
export type CouponResponse = Static<typeof CouponResponseSchema>;
/** GET /api/coupons (admin): every coupon, newest first. */
export const CouponsResponseSchema = Type.Object({ coupons: Type.Array(CouponSchema) });
export type CouponsResponse = Static<typeof CouponsResponseSchema>;

/**
 * The code a shopper sends (`coupon` on the quote and on POST /orders): as typed; the server trims it and compares it
 * in upper case. Empty or only spaces: no coupon.
 */
export const CouponInputSchema = Type.String({ maxLength: 40, description: 'a coupon code, any letter case' });

/**
 * The coupon a quote or a checkout applied: its code as the shop writes it (`DIWALI10`), its kind, and for free delivery
 * the delivery fee it waived (INR rupees; 0 for the other kinds). The items' saving is the answer's `discount`.
 */
export const AppliedCouponSchema = Type.Object({
  code: Type.String(),
  kind: CouponKindSchema,
  shipping_waived: Type.Number(),
});
export type AppliedCoupon = Static<typeof AppliedCouponSchema>;
