/**
 * The shop's tables. Money is integer paise. Ids are UUIDs (sent as `_id`).
 * After a change run `pnpm --filter @shop/server db:generate` and commit the SQL under drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Delivery PIN code and state (DELIVERY_STATES), '' until given. */
    pin: text('pin').notNull().default(''),
    state: text('state').notNull().default(''),
    status: text('status').notNull().default('active'),
    role: text('role').notNull().default('user'),
    phVerified: boolean('ph_verified').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Raised on password change, deactivation or role change: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Cash-on-delivery parcels of this account returned to origin (once per checkout); too many and COD is off for it. */
    codReturns: integer('cod_returns').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_created_at_idx').on(t.createdAt)],
);

/** Email verification and password reset tokens, stored as SHA-256 hashes, single use. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(), // 'verify' | 'reset'
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug)],
);

export const solutions = pgTable(
  'solutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('solutions_slug_key').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    shortdesc: text('shortdesc').notNull().default(''),
    description: text('description').notNull().default(''),
    contents: text('contents').notNull().default(''),
    image: text('image'),
    highlighted: boolean('highlighted').notNull().default(false),
    /** "Local delivery only" (fresh dairy): delivered only to the shop's local PINs (delivery settings). */
    localOnly: boolean('local_only').notNull().default(false),
    /** For the tax invoice: HSN code and GST rate in hundredths of a percent (500 = 5%); null when not set. */
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    /** The label's details (Legal Metrology); null means the shop's default from configuration. */
    packer: text('packer'),
    countryOfOrigin: text('country_of_origin'),
    bestBefore: text('best_before'),
    consumerCare: text('consumer_care'),
    /**
     * Set when the admin deleted a product that was ever ordered: it is gone from the shop (lists, search, its page,
     * carts) but its row stays, so order lines, invoices and the order desk still name it. Never-ordered products are
     * deleted outright.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_slug_key').on(t.slug), index('products_category_idx').on(t.categoryId)],
);

/**
 * A product's sizes (issue 28). Price and stock live here, per size; a product has 1 to 20 sizes on sale and exactly
 * one default (what a client that knows nothing of sizes buys). A size that was ever ordered is never deleted: removing
 * it sets `removed_at`, so order lines and invoices keep naming it.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The net quantity as the label says it: "500 ml". */
    label: text('label').notNull(),
    /** Upper case; unique across the shop, and never given to another size (product_skus). */
    sku: text('sku').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise'),
    /** Stock on hand, not counting units held by unpaid checkouts. Never below 0. */
    quantity: integer('quantity').notNull().default(0),
    weightGrams: integer('weight_grams').notNull().default(0),
    position: integer('position').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The shop is mailed once when the stock goes from above this to at or below it (issue 33). */
    lowStockAt: integer('low_stock_at').notNull().default(5),
    /** Set by the stock trigger (drizzle/functions/stock.sql) when the shop was told; re-armed above the threshold. */
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('product_variants_low_stock_nonnegative', sql`${t.lowStockAt} >= 0`),
    uniqueIndex('product_variants_sku_key').on(t.sku),
    index('product_variants_product_idx').on(t.productId, t.position),
    // One default per product among the sizes on sale.
    uniqueIndex('product_variants_one_default').on(t.productId).where(sql`${t.isDefault} AND ${t.removedAt} IS NULL`),
    check('product_variants_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('product_variants_price_positive', sql`${t.pricePaise} > 0`),
    check('product_variants_mrp_not_below_price', sql`${t.mrpPaise} IS NULL OR ${t.mrpPaise} >= ${t.pricePaise}`),
    check('product_variants_weight_nonnegative', sql`${t.weightGrams} >= 0`),
  ],
);

/** Every SKU ever given, and to which size: a SKU is never given to another size, even after its size is deleted. */
export const productSkus = pgTable('product_skus', {
  sku: text('sku').primaryKey(),
  variantId: uuid('variant_id').notNull(),
  createdAt: createdAt(),
});

export const productSolutions = pgTable(
  'product_solutions',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    solutionId: uuid('solution_id')
      .notNull()
      .references(() => solutions.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.solutionId] }), index('product_solutions_solution_idx').on(t.solutionId)],
);

export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blogs_slug_key').on(t.slug)],
);

export const sliders = pgTable('sliders', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  image: text('image').notNull(),
  createdAt: createdAt(),
});

/** The home page's three video tiles (positions 1 to 3): a title, one of the shop's clips and the product it sells. */
export const homeTiles = pgTable(
  'home_tiles',
  {
    position: integer('position').primaryKey(),
    title: text('title').notNull(),
    video: text('video').notNull(),
    /** The tile shows this product's live price; a deleted product leaves the tile without one. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The size the tile sells (its price shown, chosen on the product page); null: the default size. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('home_tiles_position_range', sql`${t.position} BETWEEN 1 AND 3`)],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** 1 INR in each currency; rows here override the EXCHANGE_RATES config. */
export const exchangeRates = pgTable('exchange_rates', {
  code: text('code').primaryKey(),
  rate: doublePrecision('rate').notNull(),
  updatedAt: updatedAt(),
});

/**
 * One checkout: the payment provider's order. Its lines are rows of `orders`.
 * Stock is held while `stock_state` is 'reserved' and `reserved_until` is in the future.
 */
/**
 * Coupons (drizzle/0021_coupons.sql): the code as the admin typed it and its key (upper(trim(code)), unique), what
 * it takes off (a percent in hundredths of a percent, or paise), its dates (instants; a typed day is meant in IST) and
 * limits. Its uses are the checkouts holding it (checkouts.coupon_id; functions/checkout.sql, shop_checkout_holds).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    /** percent | fixed | free_shipping */
    kind: text('kind').notNull(),
    percentBp: integer('percent_bp').notNull().default(0),
    amountPaise: integer('amount_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    minOrderPaise: integer('min_order_paise'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key_key').on(t.codeKey),
    check('coupons_key_is_code', sql`${t.codeKey} = upper(btrim(${t.code}))`),
    check('coupons_kind', sql`${t.kind} IN ('percent', 'fixed', 'free_shipping')`),
    check(
      'coupons_values',
      sql`${t.percentBp} BETWEEN 0 AND 10000 AND ${t.amountPaise} >= 0 AND coalesce(${t.maxDiscountPaise}, 0) >= 0 AND coalesce(${t.minOrderPaise}, 0) >= 0`,
    ),
    check('coupons_limits', sql`coalesce(${t.usageLimit}, 1) >= 1 AND coalesce(${t.perCustomerLimit}, 1) >= 1`),
    check('coupons_window', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

export const checkouts = pgTable(
  'checkouts',
  {
    /** The provider's order id (order_...). */
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    receipt: text('receipt').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** Pending, Paid, Failed, Expired, Refund due, COD: to confirm, COD: to collect or COD: not collected. */
    payment: text('payment').notNull().default('Pending'),
    paymentId: text('payment_id'),
    /** reserved | sold | released */
    stockState: text('stock_state').notNull().default('reserved'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Units the checkout's lines took from stock, for the per-shopper cap on units held by unpaid checkouts. */
    units: integer('units').notNull().default(0),
    /** Products, quantities and prices of the cart, hashed: PAY again for the same cart reuses the open checkout. */
    cartKey: text('cart_key'),
    /** Where it goes, snapshotted from the profile at checkout (null on checkouts made before this was kept). */
    deliveryName: text('delivery_name'),
    deliveryPhone: text('delivery_phone'),
    deliveryAddress: text('delivery_address'),
    deliveryPin: text('delivery_pin'),
    deliveryState: text('delivery_state'),
    /** Tax invoice number, allocated in sequence per financial year when the checkout is paid. */
    invoiceNumber: text('invoice_number'),
    /**
     * The order's number for people (shown as `SF-10234`, see formatOrderNumber): given in sequence when the checkout
     * is placed, by the column's default. Gaps are fine (a failed insert uses a number up).
     */
    orderNumber: integer('order_number')
      .notNull()
      .default(sql`nextval('checkout_order_number_seq')`),
    /** 'online' (a payment provider) or 'cod' (cash on delivery; the id is the shop's own, cod_...). */
    paymentMethod: text('payment_method').notNull().default('online'),
    /** The delivery fee and the cash-on-delivery fee charged, in paise; amountPaise is the items plus both. */
    shippingFeePaise: integer('shipping_fee_paise').notNull().default(0),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** SHA-256 (hex) of the COD confirm link's token: the token itself is only in the mail. */
    codTokenHash: text('cod_token_hash'),
    /** When a COD checkout was confirmed (its invoice's date). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When a parcel of this checkout first came back (shipping status Returned): counted once against the account. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** The coupon the checkout holds (one; a use of it while open or paid), its code as applied, and what it took off the items. */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    couponCode: text('coupon_code'),
    discountPaise: integer('discount_paise').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checkouts_receipt_key').on(t.receipt),
    uniqueIndex('checkouts_invoice_number_key').on(t.invoiceNumber),
    uniqueIndex('checkouts_payment_id_key').on(t.paymentId),
    uniqueIndex('checkouts_order_number_key').on(t.orderNumber),
    uniqueIndex('checkouts_cod_token_hash_key').on(t.codTokenHash),
    check('checkouts_fees_not_negative', sql`${t.shippingFeePaise} >= 0 AND ${t.codFeePaise} >= 0`),
    check('checkouts_discount_not_negative', sql`${t.discountPaise} >= 0`),
    // drizzle/0021_coupons.sql also makes checkouts_phone_key_idx (every checkout by phone key).
    index('checkouts_coupon_idx').on(t.couponId).where(sql`${t.couponId} IS NOT NULL`),
    // drizzle/0017_cash_on_delivery.sql also makes checkouts_open_cod_phone_idx (open COD checkouts by phone key).
    index('checkouts_user_idx').on(t.userId),
    index('checkouts_reserved_idx').on(t.stockState, t.reservedUntil),
    // The order desk lists checkouts newest first, by day.
    index('checkouts_created_at_idx').on(t.createdAt),
  ],
);

/** One order line. Name, price and image are a snapshot taken at checkout. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The size sold, and its label and SKU as sold (null on lines sold before sizes). */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    variantLabel: text('variant_label'),
    sku: text('sku'),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    productImage: text('product_image'),
    unitPricePaise: integer('unit_price_paise').notNull(),
    cartQuantity: integer('cart_quantity').notNull(),
    /** What a coupon took off this line, in paise (drizzle/0019): paid = unit price x quantity - discount. */
    discountPaise: integer('discount_paise').notNull().default(0),
    /** Shipping status once paid; 'Awaiting payment' before. */
    status: text('status').notNull(),
    /** Whether this line's units were given back to stock (cancel or lapse). */
    restocked: boolean('restocked').notNull().default(false),
    /** Paid for after an admin had canceled it while unpaid: the shop owes this line's money back. */
    refundDue: boolean('refund_due').notNull().default(false),
    /** HSN code and GST rate (hundredths of a percent) of the product at checkout, for the invoice. */
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    /** Set with the Shipped status. */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** When its customer was mailed for a review (once per line). */
    reviewAskedAt: timestamp('review_asked_at', { withTimezone: true }),
    /** When the line became Delivered (set by drizzle/functions/refunds.sql's trigger): a problem may be reported for 48 h. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Units a partial refund already put back on the shelf (issue 30): cancel and return then give back only the rest. */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_review_ask_idx').on(t.deliveredAt).where(sql`${t.status} = 'Delivered' AND ${t.reviewAskedAt} IS NULL`),
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    check('orders_quantity_positive', sql`${t.cartQuantity} > 0`),
  ],
);

/** Webhook deliveries already handled, by x-razorpay-event-id. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  createdAt: createdAt(),
});

/**
 * Slugs a product or blog had before a rename: their old address answers 301 to the current one, so shared
 * links and search results keep working. A live slug always wins over a history entry with the same text.
 */
export const productSlugHistory = pgTable('product_slug_history', {
  oldSlug: text('old_slug').primaryKey(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** A retired product's URL (two products merged into one with sizes) opens this size: 301 to `?variant=`. */
  variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const blogSlugHistory = pgTable('blog_slug_history', {
  oldSlug: text('old_slug').primaryKey(),
  blogId: uuid('blog_id')
    .notNull()
    .references(() => blogs.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Slugs a category or solution had before a rename: /category/{old} and /solutions/{old} answer 301 to the current one. */
export const categorySlugHistory = pgTable('category_slug_history', {
  oldSlug: text('old_slug').primaryKey(),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const solutionSlugHistory = pgTable('solution_slug_history', {
  oldSlug: text('old_slug').primaryKey(),
  solutionId: uuid('solution_id')
    .notNull()
    .references(() => solutions.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The last invoice number used in each financial year ('2026-27'); bumped in the paying transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A second, different payment for a checkout that was already paid (or already due a refund): kept as Refund due
 * for the admin, never dropped.
 */
export const extraPayments = pgTable(
  'extra_payments',
  {
    paymentId: text('payment_id').primaryKey(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('Refund due'),
    createdAt: createdAt(),
  },
  (t) => [index('extra_payments_checkout_idx').on(t.checkoutId)],
);

/**
 * Mails to send, written in the same transaction as the change they tell of (a payment, a shipping update), so a
 * crash after the commit never loses one. `lib/mail-outbox.ts` sends each once and retries failures with a backoff;
 * instances claim rows with SKIP LOCKED, so two never send the same mail. `kind` names how `data` becomes a mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    /** When to try next: now for a new mail, a few minutes ahead while one instance sends it, later after a failure. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the sender gave up (after MAX_ATTEMPTS failures); the row stays for the record. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.dueAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);

/**
 * The shop's delivery settings (issue 29): one row, written by the admin's first save; until then the demo defaults
 * of packages/domain/src/delivery-quote.ts apply. `rules` is a DeliveryRules (money in paise).
 */
export const deliverySettings = pgTable('delivery_settings', {
  id: integer('id').primaryKey().default(1),
  rules: jsonb('rules').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The shop's corrections of the PIN code directory that ships with it (pincodes/india-post.tsv): a PIN added, blocked
 * (`serviceable` false), with cash on delivery off, or in another state than the directory says.
 */
export const pincodeOverrides = pgTable('pincode_overrides', {
  pin: text('pin').primaryKey(),
  state: text('state').notNull(),
  district: text('district').notNull().default(''),
  serviceable: boolean('serviceable').notNull().default(true),
  cod: boolean('cod').notNull().default(true),
  note: text('note').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * What the stock trigger (drizzle/functions/stock.sql) saw, written in the transaction that changed the stock: a size
 * ran low ('low') or came back from 0 ('back'). modules/stock turns each into mails once (`done_at`).
 */
export const stockEvents = pgTable(
  'stock_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The stock right after the change. */
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('stock_events_open_idx').on(t.id).where(sql`${t.doneAt} IS NULL`), check('stock_events_kind', sql`${t.kind} IN ('low', 'back')`)],
);

/**
 * "Notify me when it is back" (issue 33): one row per address and size; mailed once per restock (`notified_at`), never
 * after `unsubscribed_at`. Asking again re-arms it. The last mail's unsubscribe token is kept as its SHA-256 hash.
 */
export const stockSubscriptions = pgTable(
  'stock_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_subscriptions_variant_email_key').on(t.variantId, t.email),
    uniqueIndex('stock_subscriptions_token_hash_key').on(t.tokenHash),
  ],
);

/** Reviews (issue 33): one per customer and product, plain text, pending until the admin publishes or rejects it. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    /** pending | published | rejected */
    status: text('status').notNull().default('pending'),
    /** The author had a Delivered, not refunded line of the product when they wrote it (the server's alone). */
    verified: boolean('verified').notNull().default(false),
    /** The shop's public answer. */
    reply: text('reply'),
    /** Why it was rejected (its author and the admin see it). */
    reason: text('reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_user_product_key').on(t.userId, t.productId),
    index('reviews_published_idx').on(t.productId, t.createdAt).where(sql`${t.status} = 'published'`),
    index('reviews_status_idx').on(t.status, t.updatedAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_status', sql`${t.status} IN ('pending', 'published', 'rejected')`),
  ],
);

/** A refunded line as `refunds.lines` keeps it: which line, how many units, and the paise they returned. */
export interface RefundLineRow {
  lineId: string;
  quantity: number;
  amountPaise: number;
}

/**
 * Money given back through the payment provider (issue 30). A row is written `pending` in the transaction that locks
 * its checkout (so refunds never add up to more than was paid), then the provider is asked, with the row's id as its
 * idempotency key and in its notes; the provider's answer or webhook moves it to processed or failed, once
 * (`WHERE status = 'pending'`). `idempotency_key` is the admin's Idempotency-Key (or one the shop makes for a
 * cancellation); `request_hash` the body it came with.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    lines: jsonb('lines').$type<RefundLineRow[]>().notNull().default([]),
    /** The part of the amount that is delivery and COD fees (a whole-checkout refund). */
    feesPaise: integer('fees_paise').notNull().default(0),
    reason: text('reason').notNull(),
    restock: boolean('restock').notNull().default(false),
    /** admin | customer_cancel | admin_cancel | problem_report */
    source: text('source').notNull().default('admin'),
    /** pending | processed | failed */
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    speedRequested: text('speed_requested').notNull().default('normal'),
    speedProcessed: text('speed_processed'),
    arn: text('arn'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdBy: uuid('created_by'),
    creditNoteNumber: text('credit_note_number'),
    creditNoteDate: timestamp('credit_note_date', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_checkout_key').on(t.checkoutId, t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_id_key').on(t.providerRefundId),
    uniqueIndex('refunds_credit_note_number_key').on(t.creditNoteNumber),
    index('refunds_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    index('refunds_created_at_idx').on(t.createdAt),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_known', sql`${t.status} IN ('pending', 'processed', 'failed')`),
  ],
);

/** The last credit note number used in each financial year (shop_next_credit_note_number). */
export const creditNoteCounters = pgTable('credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A checkout's history (issue 30): shipped, delivered and cancelled lines (written by a trigger on orders), refunds,
 * problem reports, cancellation requests. Placed and paid are read from the checkout's own columns.
 */
export const checkoutEvents = pgTable(
  'checkout_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkout_events_checkout_idx').on(t.checkoutId, t.at)],
);

/** A customer's report of a problem with a delivered line (a broken jar), and the shop's answer. */
export const problemReports = pgTable(
  'problem_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** open | answered */
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('problem_reports_checkout_idx').on(t.checkoutId),
    index('problem_reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    uniqueIndex('problem_reports_one_open_per_line').on(t.lineId).where(sql`${t.status} = 'open'`),
  ],
);
