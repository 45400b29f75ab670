import type { Blog } from '@shop/domain/schemas/blogs';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import type { Order } from '@shop/domain/schemas/orders';
import type { CheckoutSummary } from '@shop/domain/schemas/checkouts';
import type { Product } from '@shop/domain/schemas/products';
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

export function makeProduct(over: Partial<Product> = {}): Product {
  const name = over.name ?? 'A2 Cow Ghee';
  return {
    _id: uuid(),
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    price: 595,
    quantity: 12,
    category: makeCategory('Ghee'),
    solutions: [],
    shortdesc: 'Slow-cooked bilona ghee',
    description: 'From our grass-fed cows.',
    contents: '<p>Rich and golden.</p>',
    image: '/uploads/ghee.webp',
    highlighted: false,
    ...over,
  };
}

export function makeOrder(over: Partial<Order> = {}): Order {
  return {
    _id: uuid(),
    user: { name: 'Asha Rao', email: 'asha@example.in' },
    product: { _id: uuid(), name: 'A2 Cow Ghee', slug: 'a2-cow-ghee', price: 595 },
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

/** A paid two-line checkout as GET /checkouts lists it. */
export function makeCheckout(over: Partial<CheckoutSummary> = {}): CheckoutSummary {
  return {
    order_id: 'order_ScpFS4FgEWWtf6',
    order_number: 'SF-10234',
    customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '+919800000000' },
    items: [
      { _id: uuid(), product_id: uuid(), name: 'A2 Cow Ghee', quantity: 2, price: 595, status: 'Processing' },
      { _id: uuid(), product_id: uuid(), name: 'Bhringraj Hair Oil', quantity: 1, price: 350, status: 'Processing' },
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
