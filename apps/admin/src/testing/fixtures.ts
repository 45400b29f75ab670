import type { DeliverySettings } from '@shop/domain/schemas/delivery';
import type { Blog } from '@shop/domain/schemas/blogs';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import type { CheckoutAfterSales, ProblemReport, Refund } from '@shop/domain/schemas/refunds';
import type { Order } from '@shop/domain/schemas/orders';
import type { CheckoutSummary } from '@shop/domain/schemas/checkouts';
import type { Product, Variant } from '@shop/domain/schemas/products';
import type { Slider } from '@shop/domain/schemas/sliders';
import type { User } from '@shop/domain/schemas/users';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function makeUser(over: Partial<User> = {}): User {
  return {
    _id: uuid(),
    name: 'Asha Rao',
    email: 'asha@example.in',
    phone: '+919800000001',
    address: 'Pune',
    status: 'active',
    ph_verified: false,
    role: 'user',
    createdAt: '2026-03-05T06:00:00.000Z',
    ...over,
  };
}

export const ADMIN = makeUser({ name: 'Farm Admin', email: 'admin@shuddhfarm.in', role: 'admin' });

export function makeCategory(name: string): Category {
  return { _id: uuid(), name, slug: name.toLowerCase().replace(/\s+/g, '-') };
}
export function makeSolution(name: string): Solution {
  return { _id: uuid(), name, slug: name.toLowerCase().replace(/\s+/g, '-') };
}

/** One size of a product; `position` and `is_default` are set by makeProduct from the list's order. */
export function makeVariant(over: Partial<Variant> = {}): Variant {
  return {
    _id: uuid(),
    label: '500 ml',
    sku: `SKU-${++n}`,
    price: 595,
    quantity: 12,
    weight_grams: 550,
    position: 0,
    is_default: false,
    ...over,
  };
}

export const SHOP_LABEL_DETAILS = {
  packer: 'Shuddh Farm, Survey 12, Mulshi, Pune 412108',
  country_of_origin: 'India',
  best_before: 'Best before 9 months from packing',
  consumer_care: 'care@shuddhfarm.in, +91 98000 00000',
};

/**
 * A product as the API answers it. Without `variants` it has one default size carrying `price` and `quantity`;
 * with them, `price` and `quantity` are the default size's and price_from/price_to span the sizes.
 */
export function makeProduct(over: Partial<Product> = {}): Product {
  const name = over.name ?? 'A2 Cow Ghee';
  const sizes = (over.variants ?? [makeVariant({ price: over.price ?? 595, quantity: over.quantity ?? 12, is_default: true })]).map(
    (v, i) => ({ ...v, position: i }),
  );
  const byDefault = sizes.find((v) => v.is_default) ?? sizes[0]!;
  const prices = sizes.map((v) => v.price);
  return {
    _id: uuid(),
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    price: byDefault.price,
    quantity: byDefault.quantity,
    price_from: Math.min(...prices),
    price_to: Math.max(...prices),
    label_details: SHOP_LABEL_DETAILS,
    category: makeCategory('Ghee'),
    solutions: [],
    shortdesc: 'Slow-cooked bilona ghee',
    description: 'From our grass-fed cows.',
    contents: '<p>Rich and golden.</p>',
    image: '/uploads/ghee.webp',
    highlighted: false,
    ...over,
    variants: sizes,
  };
}

export function makeOrder(over: Partial<Order> = {}): Order {
  return {
    _id: uuid(),
    user: { name: 'Asha Rao', email: 'asha@example.in' },
    product: { _id: uuid(), name: 'A2 Cow Ghee', slug: 'a2-cow-ghee', price: 595, available: true },
    variant_label: '500 ml',
    sku: 'GHEE-A2-500',
    cart_quantity: 2,
    payment: 'Paid',
    payment_id: 'pay_123',
    order_id: 'order_ABC',
    receipt: 'rcpt_1',
    status: 'Processing',
    shippingStatus: 'Processing',
    createdAt: '2026-03-05T06:00:00.000Z',
    delivery: { name: 'Asha Rao', phone: '+919800000000', address: '12 Mill Road\nKothrud', pin: '411038', state: 'Maharashtra' },
    order_total: 1190,
    ...over,
  };
}

/** What the order detail shows beside a checkout: nothing refunded, nothing reported, everything left to refund. */
export function makeAfterSales(over: Partial<CheckoutAfterSales> = {}): CheckoutAfterSales {
  return {
    order_id: 'order_ABC',
    order_number: 'SF-10234',
    cancel: { allowed: false, reason: 'Orders can be cancelled only on the day they are placed.', request_allowed: true },
    refunds: [],
    paid: 1190,
    refunded: 0,
    refundable: 1190,
    problems: [],
    lines: [],
    ...over,
  };
}

/** A refund as GET refunds lists it (processed, with its credit note, unless told otherwise). */
export function makeRefund(over: Partial<Refund> = {}): Refund {
  return {
    _id: uuid(),
    order_id: 'order_ABC',
    amount: 595,
    status: 'processed',
    reason: 'Jar broken in transit',
    payment_id: 'pay_123',
    provider_refund_id: 'rfnd_1',
    lines: [{ _id: uuid(), name: 'A2 Cow Ghee', variant_label: '500 ml', quantity: 1, amount: 595 }],
    includes_fees: false,
    restock: false,
    created_at: '2026-03-06T06:00:00.000Z',
    processed_at: '2026-03-06T06:05:00.000Z',
    credit_note: { number: 'CN/2025-26/0001', date: '2026-03-06T06:05:00.000Z', invoice_number: 'SF/2025-26/0007', url: '/api/credit-notes/x' },
    ...over,
  };
}

/** An open problem report with two photos, on the A2 Cow Ghee line (500 ml, 2 units) of order_ABC. */
export function makeProblemReport(over: Partial<ProblemReport> = {}): ProblemReport {
  return {
    _id: uuid(),
    order_id: 'order_ABC',
    order_number: 'SF-10234',
    line_id: uuid(),
    product_name: 'A2 Cow Ghee',
    variant_label: '500 ml',
    quantity: 2,
    customer: { name: 'Asha Rao', email: 'asha@example.in' },
    message: 'One jar arrived cracked.',
    photos: ['/uploads/problems/jar-1.webp', '/uploads/problems/jar-2.webp'],
    status: 'open',
    created_at: '2026-03-07T05:00:00.000Z',
    ...over,
  };
}

/** A paid two-line checkout as GET /checkouts lists it. */
export function makeCheckout(over: Partial<CheckoutSummary> = {}): CheckoutSummary {
  return {
    order_id: 'order_ScpFS4FgEWWtf6',
    order_number: 'SF-10234',
    customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '+919800000000' },
    items: [
      { _id: uuid(), product_id: uuid(), name: 'A2 Cow Ghee', variant_label: '500 ml', sku: 'GHEE-A2-500', quantity: 2, price: 595, status: 'Processing' },
      { _id: uuid(), product_id: uuid(), name: 'Bhringraj Hair Oil', variant_label: '100 ml', sku: 'OIL-BHR-100', quantity: 1, price: 350, status: 'Processing' },
    ],
    amount: 1540,
    payment: 'Paid',
    status: 'Processing',
    createdAt: '2026-03-05T06:00:00.000Z',
    delivery: { name: 'Asha Rao', phone: '+919800000000', address: '12 Mill Road\nKothrud', pin: '411038', state: 'Maharashtra' },
    ...over,
  };
}

export function makeSlider(name: string): Slider {
  return { _id: uuid(), name, url: '/allproducts', image: `/uploads/${name}.webp` };
}

export function makeBlog(over: Partial<Blog> = {}): Blog {
  const title = over.title ?? 'Why A2 ghee';
  return {
    _id: uuid(),
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    content: '<p>Our cows graze freely.</p>',
    image: '/uploads/blog.webp',
    ...over,
  };
}

/** A tiny valid PNG file, as a user would pick it. */
export function pngFile(name = 'photo.png', bytes?: number): File {
  const data = bytes ? new Uint8Array(bytes) : Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/2ZP0NwAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
  return new File([data], name, { type: 'image/png' });
}

/** The delivery settings as GET /api/delivery/settings answers them (the demo shop's, roughly). */
export function makeDeliverySettings(over: Partial<DeliverySettings> = {}): DeliverySettings {
  return {
    shop_state: 'Maharashtra',
    zones: {
      shop_state: { first_500g: 49, per_extra_500g: 20, min_days: 1, max_days: 3 },
      rest_of_india: { first_500g: 79, per_extra_500g: 35, min_days: 3, max_days: 6 },
      remote: { first_500g: 129, per_extra_500g: 60, min_days: 5, max_days: 10 },
      outside_india: { first_500g: 1500, per_extra_500g: 600, min_days: 10, max_days: 20 },
    },
    free_shipping_above: 999,
    dispatch_cutoff: '14:00',
    no_dispatch_weekdays: [0],
    holidays: ['2026-11-08'],
    handling_days: 1,
    local_pins: ['411', '412108'],
    cod: { enabled: true, fee: 40, min_total: 200, max_total: 5000, max_open_per_phone: 2, confirm_hours: 24, max_returns: 2 },
    ...over,
  };
}
