/**
 * The order desk (admin): orders worked as whole checkouts, the accountant's CSV and the packing slips.
 * The SPEC's per-line calls (GET orders/all, GET/PUT orders/{id}) keep working beside these.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeSchema, PageSchema } from './common.js';
import { DeliverySchema, ShippingStatusSchema } from './orders.js';
import { PaymentMethodSchema } from './delivery.js';
import { PAYMENT_STATUSES } from '../constants.js';

export const PaymentStatusSchema = Type.Union(PAYMENT_STATUSES.map((s) => Type.Literal(s)));
/** A day in the shop's time zone (IST), YYYY-MM-DD. */
export const ShopDaySchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a day, YYYY-MM-DD (IST)' });

/** One line of a checkout as the order desk shows it: what was sold, as sold. */
export const CheckoutItemSchema = Type.Object({
  /** The order line's id (the SPEC's order `_id`). */
  _id: Type.String(),
  /** null when the product was deleted since. */
  product_id: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  /** The size as sold and its SKU; absent on lines sold before sizes. */
  variant_label: Type.Optional(Type.String()),
  sku: Type.Optional(Type.String()),
  quantity: Type.Integer(),
  /** Unit price paid, INR rupees. */
  price: Type.Number(),
  /** What the coupon took off this line, INR rupees (the line was paid price x quantity - discount); absent when 0. */
  discount: Type.Optional(Type.Number()),
  /** This line's shipping status (or 'Awaiting payment'). */
  status: Type.String(),
  courier: Type.Optional(Type.String()),
  tracking_number: Type.Optional(Type.String()),
  tracking_url: Type.Optional(Type.String()),
});
export type CheckoutItem = Static<typeof CheckoutItemSchema>;

/** One checkout (one order as the customer placed it). */
export const CheckoutSummarySchema = Type.Object(
  {
    /** The payment provider's order id: the key of PUT /checkouts/{order_id}. */
    order_id: Type.String(),
    /** What people call the order: `SF-10234`. */
    order_number: Type.String(),
    customer: Type.Object({ name: Type.String(), email: Type.String(), phone: Type.String() }),
    items: Type.Array(CheckoutItemSchema),
    /** What the checkout cost, INR rupees. */
    amount: Type.Number(),
    /** Pending, Paid, Failed, Expired, Refund due, COD: to confirm, COD: to collect or COD: not collected. */
    payment: Type.String(),
    /** 'online' or 'cod' (cash on delivery); absent on answers of older servers. */
    payment_method: Type.Optional(PaymentMethodSchema),
    /** Delivery fee and cash-on-delivery fee, INR rupees, part of `amount`; absent when 0. */
    shipping_fee: Type.Optional(Type.Number()),
    cod_fee: Type.Optional(Type.Number()),
    /** What the coupon took off the items, INR rupees (already out of `amount`), and its code; absent without one. */
    discount: Type.Optional(Type.Number()),
    coupon: Type.Optional(Type.String()),
    /** A COD order waiting for confirmation: when it expires unless confirmed. */
    confirm_by: Type.Optional(DateTimeSchema),
    /** The lines' shipping status when they agree; 'Mixed' when they differ (each item has its own). */
    status: Type.String(),
    createdAt: DateTimeSchema,
    delivery: Type.Union([DeliverySchema, Type.Null()]),
    invoice_number: Type.Optional(Type.String()),
  },
  { $id: 'CheckoutSummary' },
);
export type CheckoutSummary = Static<typeof CheckoutSummarySchema>;

/** GET /checkouts: newest first, paged; every filter optional. */
export const CheckoutsQuerySchema = Type.Object({
  page: Type.Optional(PageSchema),
  /** Order number, customer name, email or phone (any part, any case; a phone by its digits). */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  payment: Type.Optional(PaymentStatusSchema),
  status: Type.Optional(ShippingStatusSchema),
  from: Type.Optional(ShopDaySchema),
  to: Type.Optional(ShopDaySchema),
});
export type CheckoutsQuery = Static<typeof CheckoutsQuerySchema>;

export const CheckoutsResponseSchema = Type.Object({
  checkouts: Type.Array(CheckoutSummarySchema),
  /** Checkouts matching the filters, all pages. */
  total: Type.Integer(),
  page: Type.Integer(),
  pages: Type.Integer(),
});
export type CheckoutsResponse = Static<typeof CheckoutsResponseSchema>;

export const CheckoutParamsSchema = Type.Object({ order_id: Type.String({ minLength: 1, maxLength: 100 }) });
export type CheckoutParams = Static<typeof CheckoutParamsSchema>;

/** PUT /checkouts/{order_id}: every line of the checkout moves together; Shipped takes the tracking in the same step. */
export const ShipCheckoutBodySchema = Type.Object({
  status: ShippingStatusSchema,
  courier: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  tracking_number: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  tracking_url: Type.Optional(Type.String({ format: 'uri', maxLength: 500 })),
});
export type ShipCheckoutBody = Static<typeof ShipCheckoutBodySchema>;

export const ShipCheckoutResponseSchema = Type.Object({ message: Type.String(), checkout: CheckoutSummarySchema });
export type ShipCheckoutResponse = Static<typeof ShipCheckoutResponseSchema>;

/** POST /checkouts/{order_id}/confirm-cod (admin): confirms a cash-on-delivery order for the shopper (as their mailed link does). */
export const ConfirmCodResponseSchema = Type.Object({ message: Type.String(), checkout: CheckoutSummarySchema });
export type ConfirmCodResponse = Static<typeof ConfirmCodResponseSchema>;
/** GET /checkouts/cod/confirm/{token}: the token from the shopper's mail (a page answers, not JSON). */
export const CodConfirmParamsSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type CodConfirmParams = Static<typeof CodConfirmParamsSchema>;

/** GET /orders/export.csv: the same filters as the list, and one row per line or per checkout. */
export const OrdersExportQuerySchema = Type.Object({
  from: Type.Optional(ShopDaySchema),
  to: Type.Optional(ShopDaySchema),
  payment: Type.Optional(PaymentStatusSchema),
  status: Type.Optional(ShippingStatusSchema),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  format: Type.Optional(Type.Union([Type.Literal('lines'), Type.Literal('orders')])),
});
export type OrdersExportQuery = Static<typeof OrdersExportQuerySchema>;

/** GET /orders/slips.pdf: `ids` are order line ids or checkout ids (order_id), comma-separated. */
export const SlipsQuerySchema = Type.Object({
  ids: Type.String({ minLength: 1, maxLength: 20000 }),
  layout: Type.Optional(Type.Union([Type.Literal('a4'), Type.Literal('label')])),
});
export type SlipsQuery = Static<typeof SlipsQuerySchema>;
