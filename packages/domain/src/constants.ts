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
export const SHIPPING_STATUSES = ['Processing', 'Shipped', 'Delivered', 'Canceled'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];
/** What the admin sees for each shipping status ("Canceled" reads "Cancelled"). */
export const SHIPPING_STATUS_LABELS: Record<ShippingStatus, string> = {
  Processing: 'Processing',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Canceled: 'Cancelled',
};
/** An unpaid order line waits in this status. */
export const ORDER_STATUS_AWAITING_PAYMENT = 'Awaiting payment';

export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Refund due'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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

/** The four 'Why' claims and the solution tiles of the home page are content, kept here once. */
export const WHY_CLAIMS = ['Farm fresh', 'No flavor', 'Number 1 Ghee in the world', 'Well Packed', 'Honest'] as const;
export const HOME_SOLUTIONS = ['Immunity Power', 'Best for Health', 'Digestive issues', 'Best for childrens'] as const;
