import { Type, type Static } from '@sinclair/typebox';
import { DateTimeSchema, IdSchema, ImageUrlSchema } from './common.js';
import { CartItemSchema, CurrencyCodeSchema } from './products.js';
import { MAX_CART_LINES, SHIPPING_STATUSES } from '../constants.js';

export const ShippingStatusSchema = Type.Union(SHIPPING_STATUSES.map((s) => Type.Literal(s)));

/** One order line. `product` is null when the product was deleted since. */
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
      }),
      Type.Null(),
    ]),
    cart_quantity: Type.Integer(),
    /** Payment status: Pending, Paid, Failed or Refund due. */
    payment: Type.String(),
    payment_id: Type.String(),
    /** The payment provider's order id, shared by the lines of one checkout. */
    order_id: Type.String(),
    receipt: Type.String(),
    /** Shipping status once paid (Processing, Shipped, Delivered, Canceled). */
    status: Type.String(),
    shippingStatus: Type.String(),
    createdAt: DateTimeSchema,
  },
  { $id: 'Order' },
);
export type Order = Static<typeof OrderSchema>;

export const OrdersResponseSchema = Type.Object({ orders: Type.Array(OrderSchema) });
export type OrdersResponse = Static<typeof OrdersResponseSchema>;
export const OrderResponseSchema = Type.Object({ order: OrderSchema });
export type OrderResponse = Static<typeof OrderResponseSchema>;

/** POST /orders. Prices and currency sent by the client never set the amount. */
export const CreateOrderBodySchema = Type.Object({
  cart: Type.Array(CartItemSchema, { minItems: 1, maxItems: MAX_CART_LINES }),
  currency: Type.Optional(CurrencyCodeSchema),
});
export type CreateOrderBody = Static<typeof CreateOrderBodySchema>;

export const CreateOrderResponseSchema = Type.Object({
  /** Amount to pay in INR paise. */
  amount: Type.Integer(),
  order_id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
});
export type CreateOrderResponse = Static<typeof CreateOrderResponseSchema>;

export const UpdateOrderStatusBodySchema = Type.Object({ status: ShippingStatusSchema });
export type UpdateOrderStatusBody = Static<typeof UpdateOrderStatusBodySchema>;

export const OrdersDashboardResponseSchema = Type.Object({
  orders_count: Type.Integer(),
  orders: Type.Array(Type.Object({ day: Type.String(), number_of_orders: Type.Integer() })),
  recent_orders: Type.Array(OrderSchema),
});
export type OrdersDashboardResponse = Static<typeof OrdersDashboardResponseSchema>;
