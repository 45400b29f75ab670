import { Type, type Static } from '@sinclair/typebox';
import { DateTimeSchema, IdSchema, ImageUrlSchema } from './common.js';
import { CartItemSchema, CurrencyCodeSchema } from './products.js';
import { PaymentMethodSchema } from './delivery.js';
import { LowStockSizeSchema } from './reviews.js';
import { ProblemReportSchema } from './refunds.js';
import { CouponInputSchema } from './coupons.js';
import { DELIVERY_STATES, MAX_CART_LINES, SHIPPING_STATUSES } from '../constants.js';

export const ShippingStatusSchema = Type.Union(SHIPPING_STATUSES.map((s) => Type.Literal(s)));

/** Where a checkout goes, as the customer gave it at checkout (a later profile edit never changes it). */
export const DeliverySchema = Type.Object({
  name: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  /** Six-digit Indian PIN code; '' outside India. */
  pin: Type.String(),
  /** An Indian state or union territory, or 'Outside India' (DELIVERY_STATES). */
  state: Type.String(),
});
export type Delivery = Static<typeof DeliverySchema>;

/**
 * One order line. `product` is what was sold (name, slug, unit price and image as sold) with `available` false once the
 * shop no longer sells it; it is null only for lines whose product was deleted before products were kept (issue 28).
 */
export const OrderSchema = Type.Object(
  {
    _id: IdSchema,
    user: Type.Object({ name: Type.String(), email: Type.String() }),
    product: Type.Union([
      Type.Object({
        _id: IdSchema,
        name: Type.String(),
        slug: Type.String(),
        /** The unit price paid, in INR rupees. */
        price: Type.Number(),
        image: Type.Optional(ImageUrlSchema),
        /** False when the product or this size is no longer on sale ("Product no longer available"). */
        available: Type.Boolean(),
      }),
      Type.Null(),
    ]),
    /** The size as sold: its label ("500 ml") and SKU; absent on lines sold before sizes. */
    variant_label: Type.Optional(Type.String()),
    sku: Type.Optional(Type.String()),
    cart_quantity: Type.Integer(),
    /** Payment status: Pending, Paid, Failed, Expired, Refund due, or for cash on delivery COD: to confirm, COD: to collect, COD: not collected. */
    payment: Type.String(),
    payment_id: Type.String(),
    /** The payment provider's order id, shared by the lines of one checkout. */
    order_id: Type.String(),
    /** The order's number for people (`SF-10234`), shared by the lines of one checkout. */
    order_number: Type.Optional(Type.String()),
    receipt: Type.String(),
    /** Shipping status once paid (Processing, Shipped, Delivered, Canceled, Returned). */
    status: Type.String(),
    shippingStatus: Type.String(),
    createdAt: DateTimeSchema,
    /** The delivery snapshot of the checkout; null only for lines made before deliveries were recorded. */
    delivery: Type.Union([DeliverySchema, Type.Null()]),
    /** What the whole checkout (all lines sharing `order_id`) cost, INR rupees. */
    order_total: Type.Number(),
    /** Set by the admin when the line is marked Shipped. */
    courier: Type.Optional(Type.String()),
    tracking_number: Type.Optional(Type.String()),
    tracking_url: Type.Optional(Type.String()),
    /** The tax invoice's number, once the checkout is paid; the PDF is at GET /api/invoices/{order_id}. */
    invoice_number: Type.Optional(Type.String()),
    /** How the checkout is paid: 'online' or 'cod' (cash on delivery); absent on answers of older servers. */
    payment_method: Type.Optional(PaymentMethodSchema),
    /** The checkout's delivery fee and cash-on-delivery fee, INR rupees (part of `order_total`); absent when 0. */
    shipping_fee: Type.Optional(Type.Number()),
    cod_fee: Type.Optional(Type.Number()),
    /** What the coupon took off this line, INR rupees; this line was paid `price x cart_quantity - discount`. Absent when 0. */
    discount: Type.Optional(Type.Number()),
    /** The coupon code the checkout used (`DIWALI10`), when it used one. */
    coupon: Type.Optional(Type.String()),
  },
  { $id: 'Order' },
);
export type Order = Static<typeof OrderSchema>;

export const OrdersResponseSchema = Type.Object({ orders: Type.Array(OrderSchema) });
export type OrdersResponse = Static<typeof OrdersResponseSchema>;
export const OrderResponseSchema = Type.Object({ order: OrderSchema });

/**
 * GET orders/ and GET orders/all. Without `attempts` the lists hold paid checkouts only (Paid, Refund due);
 * `attempts=true` adds the unpaid ones (Pending, Failed, Expired).
 */
export const OrdersQuerySchema = Type.Object({ attempts: Type.Optional(Type.Boolean()) });
export type OrdersQuery = Static<typeof OrdersQuerySchema>;
export type OrderResponse = Static<typeof OrderResponseSchema>;

/** POST /orders. Prices and currency sent by the client never set the amount. */
export const CreateOrderBodySchema = Type.Object({
  cart: Type.Array(CartItemSchema, { minItems: 1, maxItems: MAX_CART_LINES }),
  currency: Type.Optional(CurrencyCodeSchema),
  /** 'online' (the default): the payment window follows. 'cod': no provider; the shopper confirms by the mailed link. */
  payment_method: Type.Optional(PaymentMethodSchema),
  /**
   * A coupon code, any letter case. Refused in plain words, with nothing reserved: 400 (unknown, not yet valid, expired,
   * below the minimum), 409 (used up, already used by you, first order only), 429 (too many codes tried).
   */
  coupon: Type.Optional(CouponInputSchema),
});
export type CreateOrderBody = Static<typeof CreateOrderBodySchema>;

export const CreateOrderResponseSchema = Type.Object({
  /** Amount to pay in INR paise. */
  amount: Type.Integer(),
  order_id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  /** 'cod': the order is placed and waits for the shopper's confirmation (mailed link); no payment window opens. */
  payment_method: Type.Optional(PaymentMethodSchema),
  /** What people call the order (`SF-10234`); a COD order answers it, since no payment step follows. */
  order_number: Type.Optional(Type.String()),
  /** What the coupon took off the items, INR rupees (already out of `amount`); absent without a coupon. */
  discount: Type.Optional(Type.Number()),
  /** The coupon code applied (`DIWALI10`). */
  coupon: Type.Optional(Type.String()),
});
export type CreateOrderResponse = Static<typeof CreateOrderResponseSchema>;

/** PUT orders/{id}. Courier and tracking are kept when the status is Shipped (the customer's mail carries them). */
export const UpdateOrderStatusBodySchema = Type.Object({
  status: ShippingStatusSchema,
  courier: Type.Optional(Type.String({ maxLength: 80 })),
  tracking_number: Type.Optional(Type.String({ maxLength: 60, pattern: '^[A-Za-z0-9 /_-]*$' })),
  tracking_url: Type.Optional(Type.Union([Type.Literal(''), Type.String({ maxLength: 500, pattern: '^https?://[^\\s]+$' })])),
});
export type UpdateOrderStatusBody = Static<typeof UpdateOrderStatusBodySchema>;

export const OrdersDashboardResponseSchema = Type.Object({
  orders_count: Type.Integer(),
  orders: Type.Array(Type.Object({ day: Type.String(), number_of_orders: Type.Integer() })),
  recent_orders: Type.Array(OrderSchema),
  /**
   * Money of paid checkouts (INR rupees) paid today and in the last 30 days, in the shop's time zone, net of the
   * refunds (not failed) of paid checkouts started in the same span (issue 30).
   */
  revenue: Type.Object({ today: Type.Number(), last_30_days: Type.Number() }),
  /** The refunds taken off `revenue` (pending and processed, by the day they were started), INR rupees. */
  refunded: Type.Optional(Type.Object({ today: Type.Number(), last_30_days: Type.Number() })),
  /** Problem reports waiting for the shop's answer: how many, and the newest (at most 10). */
  open_problem_reports: Type.Optional(Type.Integer()),
  problem_reports: Type.Optional(Type.Array(ProblemReportSchema)),
  /** Cash on delivery still to collect: the total of confirmed COD orders not yet delivered (INR rupees). */
  cash_to_collect: Type.Optional(Type.Number()),
  /** COD orders placed and waiting for the shopper's (or the admin's) confirmation. */
  cod_to_confirm: Type.Optional(Type.Integer()),
  /** Sizes at or below their low-stock threshold, fewest units first (at most 100; issue 33). */
  low_stock: Type.Optional(Type.Array(LowStockSizeSchema)),
  /** Reviews waiting for the admin to publish or reject them (issue 33). */
  reviews_pending: Type.Optional(Type.Integer()),
});
export type OrdersDashboardResponse = Static<typeof OrdersDashboardResponseSchema>;

/** GET /api/invoices/{order_id}: the PDF tax invoice of a paid checkout (its owner and admins). */
export const InvoiceParamsSchema = Type.Object({
  order_id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_]+$' }),
});
export type InvoiceParams = Static<typeof InvoiceParamsSchema>;

/** The states a delivery may name, as a schema (profile and checkout). */
export const DeliveryStateSchema = Type.Union(DELIVERY_STATES.map((s) => Type.Literal(s)));
