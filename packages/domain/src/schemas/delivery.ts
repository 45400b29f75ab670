/**
 * Delivery: the PIN code directory, the shop's delivery settings (zones, free-delivery threshold, dispatch calendar,
 * local PINs, cash on delivery) and the quote every screen and POST /orders compute the same way.
 * Money is INR rupees (two decimals at most), days are ISO days (YYYY-MM-DD, IST).
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../constants.js';
import { DELIVERY_STATES, INDIAN_STATES, PIN_CODE_PATTERN } from '../delivery.js';
import { AppliedCouponSchema, CouponInputSchema } from './coupons.js';

/** A path's PIN as typed: anything short, so a malformed one gets the 400 with a message, not a route miss. */
export const PinParamsSchema = Type.Object({ pin: Type.String({ minLength: 1, maxLength: 20 }) });
export type PinParams = Static<typeof PinParamsSchema>;
export const PinCodeSchema = Type.String({ pattern: PIN_CODE_PATTERN, description: 'a six-digit Indian PIN code' });
export const IndianStateSchema = Type.Union(INDIAN_STATES.map((s) => Type.Literal(s)));
export const DeliveryStateSchema = Type.Union(DELIVERY_STATES.map((s) => Type.Literal(s)));

/** GET /api/delivery/pincode/{pin}: where a PIN is and whether the shop delivers there, and with cash on delivery. */
export const PincodeResponseSchema = Type.Object({
  pin: Type.String(),
  state: IndianStateSchema,
  district: Type.String(),
  /** False when the admin blocked the PIN. */
  serviceable: Type.Boolean(),
  /** Cash on delivery may be offered there (the COD setting on, the PIN not excluded). */
  cod: Type.Boolean(),
});
export type PincodeResponse = Static<typeof PincodeResponseSchema>;

/** The admin's correction of the directory for one PIN: add it, block it, turn COD off, or correct its state. */
export const PincodeOverrideSchema = Type.Object({
  pin: Type.String(),
  state: IndianStateSchema,
  district: Type.String({ maxLength: 100 }),
  serviceable: Type.Boolean(),
  cod: Type.Boolean(),
  /** Why (for the next admin): 'Ladakh since 2019', 'courier does not serve'. */
  note: Type.String({ maxLength: 200 }),
});
export type PincodeOverride = Static<typeof PincodeOverrideSchema>;
/** PUT /api/delivery/pincodes/{pin} (admin): state and district default to the directory's, when it has the PIN. */
export const PincodeOverrideBodySchema = Type.Object({
  state: Type.Optional(IndianStateSchema),
  district: Type.Optional(Type.String({ maxLength: 100 })),
  serviceable: Type.Boolean(),
  cod: Type.Boolean(),
  note: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PincodeOverrideBody = Static<typeof PincodeOverrideBodySchema>;
/** GET /api/delivery/pincodes (admin): every override, by PIN. */
export const PincodeOverridesResponseSchema = Type.Object({ overrides: Type.Array(PincodeOverrideSchema) });
export type PincodeOverridesResponse = Static<typeof PincodeOverridesResponseSchema>;

/** The four delivery zones, in the order fees normally rise. */
export const DELIVERY_ZONES = ['shop_state', 'rest_of_india', 'remote', 'outside_india'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];
export const DELIVERY_ZONE_LABELS: Record<DeliveryZone, string> = {
  shop_state: 'Within the shop’s state',
  rest_of_india: 'Rest of India',
  remote: 'Remote (North East, J&K, Ladakh, islands)',
  outside_india: 'Outside India',
};

const Rupees = (description: string) => Type.Number({ minimum: 0, maximum: 100000, multipleOf: 0.01, description });
const Days = Type.Integer({ minimum: 0, maximum: 60 });

/** One zone's fee and transit time: the first 500 g of packed weight, each further 500 g (or part), days in transit. */
export const ZoneRateSchema = Type.Object({
  first_500g: Rupees('fee for the first 500 g, INR'),
  per_extra_500g: Rupees('fee for each further 500 g or part of it, INR'),
  min_days: Days,
  max_days: Days,
});
export type ZoneRate = Static<typeof ZoneRateSchema>;

export const CodSettingsSchema = Type.Object({
  enabled: Type.Boolean(),
  /** Added to a COD order's total, INR. */
  fee: Rupees('cash on delivery fee, INR'),
  /** The item total (after any discount) a COD order must reach and may not pass, INR. */
  min_total: Rupees('smallest item total for COD, INR'),
  max_total: Rupees('largest item total for COD, INR'),
  /** Open (unconfirmed or uncollected) COD orders one phone number may have at once. */
  max_open_per_phone: Type.Integer({ minimum: 1, maximum: 20 }),
  /** A COD order not confirmed within this many hours expires and its stock goes back. */
  confirm_hours: Type.Integer({ minimum: 1, maximum: 168 }),
  /** An account with this many COD parcels returned may no longer choose COD. */
  max_returns: Type.Integer({ minimum: 1, maximum: 20 }),
});
export type CodSettings = Static<typeof CodSettingsSchema>;

const ZonesSchema = Type.Object({
  shop_state: ZoneRateSchema,
  rest_of_india: ZoneRateSchema,
  remote: ZoneRateSchema,
  outside_india: ZoneRateSchema,
});

/** The shop's delivery settings (GET /api/delivery/settings, admin). */
export const DeliverySettingsSchema = Type.Object({
  /** The shop's own state (SHOP_STATE): the first zone, and CGST+SGST. Read only. */
  shop_state: IndianStateSchema,
  zones: ZonesSchema,
  /** Delivery is free when the item total after any discount reaches this, INR; 0 means never free. */
  free_shipping_above: Rupees('free delivery from this item total, INR (0: never)'),
  /** Orders placed after this time (IST, HH:MM) are dispatched the next dispatch day. */
  dispatch_cutoff: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, IST' }),
  /** Weekdays the shop does not dispatch, 0 = Sunday … 6 = Saturday. */
  no_dispatch_weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 6, uniqueItems: true }),
  /** Days the shop does not dispatch (festivals), YYYY-MM-DD. */
  holidays: Type.Array(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), { maxItems: 100, uniqueItems: true }),
  /** Dispatch days between the order and the parcel leaving (packing). */
  handling_days: Type.Integer({ minimum: 0, maximum: 14 }),
  /** Where "local delivery only" products may go: whole PINs or PIN prefixes (1 to 6 digits). */
  local_pins: Type.Array(Type.String({ pattern: '^[1-9][0-9]{0,5}$' }), { maxItems: 500, uniqueItems: true }),
  cod: CodSettingsSchema,
});
export type DeliverySettings = Static<typeof DeliverySettingsSchema>;

/** PUT /api/delivery/settings (admin): any of the fields; a zone or COD block may itself be partial. */
export const DeliverySettingsBodySchema = Type.Object(
  {
    zones: Type.Optional(
      Type.Object(
        {
          shop_state: Type.Optional(Type.Partial(ZoneRateSchema)),
          rest_of_india: Type.Optional(Type.Partial(ZoneRateSchema)),
          remote: Type.Optional(Type.Partial(ZoneRateSchema)),
          outside_india: Type.Optional(Type.Partial(ZoneRateSchema)),
        },
        { additionalProperties: false },
      ),
    ),
    free_shipping_above: Type.Optional(DeliverySettingsSchema.properties.free_shipping_above),
    dispatch_cutoff: Type.Optional(DeliverySettingsSchema.properties.dispatch_cutoff),
    no_dispatch_weekdays: Type.Optional(DeliverySettingsSchema.properties.no_dispatch_weekdays),
    holidays: Type.Optional(DeliverySettingsSchema.properties.holidays),
    handling_days: Type.Optional(DeliverySettingsSchema.properties.handling_days),
    local_pins: Type.Optional(DeliverySettingsSchema.properties.local_pins),
    cod: Type.Optional(Type.Partial(CodSettingsSchema, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type DeliverySettingsBody = Static<typeof DeliverySettingsBodySchema>;

export const PAYMENT_METHODS = ['online', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = Type.Union(PAYMENT_METHODS.map((m) => Type.Literal(m)));

/** A cart line a quote prices: the product, its size (absent: the default) and how many. */
export const QuoteLineSchema = Type.Object({
  _id: IdSchema,
  variant: Type.Optional(IdSchema),
  cart_quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
});

/**
 * POST /api/delivery/quote: what a cart costs delivered to a PIN (or abroad: `state: 'Outside India'`, no PIN),
 * paid online or by cash on delivery. POST /orders charges the same `total` for the same cart, place and method.
 */
export const QuoteBodySchema = Type.Object({
  /** Six digits; may be left out only with `state: 'Outside India'`. */
  pin: Type.Optional(Type.String({ maxLength: 20 })),
  /** Only 'Outside India' changes anything (an Indian PIN decides its own state); a disagreeing state is a 400. */
  state: Type.Optional(DeliveryStateSchema),
  cart: Type.Array(QuoteLineSchema, { minItems: 1, maxItems: MAX_CART_LINES }),
  payment_method: Type.Optional(PaymentMethodSchema),
  /**
   * A coupon code, any letter case (`" diwali10 "` is `DIWALI10`). Signed in (bearer token), the shopper's own limits
   * are checked too (already used by you, first order only); a guest's are checked at POST /orders.
   */
  coupon: Type.Optional(CouponInputSchema),
});
export type QuoteBody = Static<typeof QuoteBodySchema>;

/** An ISO day range: the earliest and latest arrival. */
export const EtaSchema = Type.Object({
  from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  to: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});
export type Eta = Static<typeof EtaSchema>;

export const QuoteResponseSchema = Type.Object({
  serviceable: Type.Boolean(),
  /** Why the shop cannot deliver this cart there, in plain words (a blocked PIN, a local-only product named). */
  reason: Type.Optional(Type.String()),
  /** The destination's state (from the PIN), or 'Outside India'. */
  state: Type.String(),
  district: Type.Optional(Type.String()),
  zone: Type.Union(DELIVERY_ZONES.map((z) => Type.Literal(z))),
  items_total: Type.Number(),
  shipping_fee: Type.Number(),
  cod_fee: Type.Number(),
  /** What the coupon takes off the items, INR rupees (0 without one). The free-delivery threshold compares the item total after it. */
  discount: Type.Number(),
  total: Type.Number(),
  /** The coupon applied, when `coupon` was sent and is valid for this cart. */
  coupon: Type.Optional(AppliedCouponSchema),
  /**
   * Why the `coupon` sent was not applied, in plain words (unknown, not yet valid, expired, below the minimum, used up,
   * already used by you, first order only); the totals are then those without it. (429 when too many codes were tried.)
   */
  coupon_refused: Type.Optional(Type.String()),
  /** 0 when delivery is never free. */
  free_shipping_above: Type.Number(),
  cod_available: Type.Boolean(),
  cod_unavailable_reason: Type.Optional(Type.String()),
  eta: EtaSchema,
});
export type QuoteResponse = Static<typeof QuoteResponseSchema>;
