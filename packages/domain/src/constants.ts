/** Products per list page (all products, category, solution). */
export const PAGE_SIZE = 8;
/** The home slider shows at most this many slides; the server refuses a fourth. */
export const MAX_SLIDERS = 3;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MIN_LENGTH = 3;
/** Stock is held for an unpaid checkout this long (the checkout note says 5 minutes). */
export const RESERVATION_MINUTES = 5;
/** Largest number of distinct lines a cart may hold. */
export const MAX_CART_LINES = 50;
/** Largest quantity of one product in one order line. */
export const MAX_LINE_QUANTITY = 100;
/** Largest decoded image upload in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Shipping status values an admin may set on an order line. */
export const SHIPPING_STATUSES = ['Processing', 'Shipped', 'Delivered', 'Canceled', 'Returned'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];
/** What the admin sees for each shipping status ("Canceled" reads "Cancelled"). */
export const SHIPPING_STATUS_LABELS: Record<ShippingStatus, string> = {
  Processing: 'Processing',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Canceled: 'Cancelled',
  /** Return to origin: the courier brought the parcel back (refused, nobody home); its stock goes back on the shelf. */
  Returned: 'Returned (to origin)',
};
/** An unpaid order line waits in this status. */
export const ORDER_STATUS_AWAITING_PAYMENT = 'Awaiting payment';

/**
 * Pending: checkout open, stock reserved. Paid. Failed: the provider refused the payment. Expired: the checkout
 * lapsed unpaid (or a cash-on-delivery order was not confirmed in time) and its units went back. Refund due: money
 * came in that the shop must give back. Cash on delivery: 'COD: to confirm' (placed, stock held, waiting for the
 * shopper's mailed link or the admin's Confirm), 'COD: to collect' (confirmed and invoiced; the courier collects the
 * cash, and Delivered makes it Paid), 'COD: not collected' (nothing was delivered: returned to origin or cancelled).
 */
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Expired', 'Refund due', 'COD: to confirm', 'COD: to collect', 'COD: not collected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const COD_TO_CONFIRM = 'COD: to confirm' satisfies PaymentStatus;
export const COD_TO_COLLECT = 'COD: to collect' satisfies PaymentStatus;
export const COD_NOT_COLLECTED = 'COD: not collected' satisfies PaymentStatus;
/** Cash-on-delivery orders still open: waiting for confirmation or for the cash (the per-phone cap counts these). */
export const COD_OPEN_PAYMENT_STATUSES = [COD_TO_CONFIRM, COD_TO_COLLECT] as const;
/** What the shop says for each payment method (orders, the admin, the invoice). */
export const PAYMENT_METHOD_LABELS = { online: 'Paid online', cod: 'Cash on delivery' } as const;

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ADMIN_ROLE = 'admin';
export const CUSTOMER_ROLE = 'user';

/** Words the products routes use as path segments; no product slug may take one. */
export const RESERVED_PRODUCT_SLUGS = [
  'list',
  'highlighted',
  'dashboard',
  'search',
  'category',
  'solutions',
  'related-products',
  'currencyexchangerates',
  'getcart',
] as const;

/** Payment statuses of a checkout that brought money in and stays with the shop: what "orders" means by default. */
export const PAID_PAYMENT_STATUSES = ['Paid', 'Refund due'] as const;
/**
 * Checkouts that are orders, as the order lists show them by default: those whose money came in (PAID_PAYMENT_STATUSES)
 * and cash-on-delivery orders once placed (to confirm, to collect, not collected). Unpaid online attempts and
 * unconfirmed COD orders that expired are not.
 */
export const PLACED_PAYMENT_STATUSES = [...PAID_PAYMENT_STATUSES, COD_TO_CONFIRM, COD_TO_COLLECT, COD_NOT_COLLECTED] as const;
/** Checkouts with a tax invoice to show: paid, or cash on delivery once confirmed and not yet collected. */
export const INVOICED_PAYMENT_STATUSES = ['Paid', COD_TO_COLLECT] as const;
/** Checkouts whose goods may be shipped: money in, or cash on delivery confirmed. */
export const SHIPPABLE_PAYMENT_STATUSES = [...PAID_PAYMENT_STATUSES, COD_TO_COLLECT] as const;

// Delivery places and the home page's content live in their own modules (so an app's entry chunk, which needs a few
// of the numbers above, does not carry the list of states); re-exported here for the code that knows them here.
export { DELIVERY_STATES, INDIAN_STATES, OUTSIDE_INDIA, PIN_CODE_PATTERN, type DeliveryState, type IndianState } from './delivery.js';
export { HOME_SOLUTIONS, WHY_CLAIMS } from './home-content.js';

/** GST rates (percent) a product may carry. */
export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];
/** HSN codes are 4, 6 or 8 digits. */
export const HSN_CODE_PATTERN = '^([0-9]{4}|[0-9]{6}|[0-9]{8})$';

/** Default cap on the units one shopper's unpaid checkouts may hold at once (the server's MAX_HELD_UNITS). */
export const DEFAULT_MAX_HELD_UNITS = 20;

/**
 * The packed weight of a size made without one (a spec client's product, a product from before sizes had weights):
 * one delivery weight step, until the admin sets the real weight in the sizes grid. A size saved at 0 g cannot be
 * delivered (the quote names it).
 */
export const DEFAULT_PACKED_WEIGHT_GRAMS = 500;
