/** Test data shaped exactly like the API's answers (@shop/domain schemas). */
import type { Blog } from '@shop/domain/schemas/blogs';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import type { Order } from '@shop/domain/schemas/orders';
import type { CartDetail, Product } from '@shop/domain/schemas/products';
import type { ShopInfoResponse } from '@shop/domain/schemas/shop';
import type { HomeTile } from '@shop/domain/schemas/home-tiles';
import type { Slider } from '@shop/domain/schemas/sliders';
import type { User } from '@shop/domain/schemas/users';

let seq = 0;
const uuid = () => {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

export const categories: Category[] = [
  { _id: uuid(), name: 'Ghee', slug: 'ghee' },
  { _id: uuid(), name: 'Hair Oil', slug: 'hair-oil' },
];
export const solutions: Solution[] = [
  { _id: uuid(), name: 'Immunity Power', slug: 'immunity-power' },
  { _id: uuid(), name: 'Digestive issues', slug: 'digestive-issues' },
];
export const rates = { INR: 1, USD: 0.012, EUR: 0.011, AED: 0.044 };

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = uuid();
  const name = overrides.name ?? `Product ${id.slice(-4)}`;
  return {
    _id: id,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    price: 595,
    quantity: 10,
    category: categories[0]!,
    solutions: [solutions[0]!],
    shortdesc: 'Hand-churned from A2 milk.',
    description: 'Slow cooked over a wood fire.',
    contents: '<p>Made the <strong>bilona</strong> way.</p>',
    image: '/uploads/products/ghee.webp',
    highlighted: false,
    ...overrides,
  };
}

export function makeProducts(count: number, prefix = 'Ghee'): Product[] {
  return Array.from({ length: count }, (_, i) => makeProduct({ name: `${prefix} ${i + 1}` }));
}

export function cartDetailOf(p: Product, cart_quantity = 1): CartDetail {
  return { _id: p._id, name: p.name, slug: p.slug, price: p.price, image: p.image, shortdesc: p.shortdesc, quantity: p.quantity, cart_quantity };
}

export const customer: User = {
  _id: uuid(),
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+919800000000',
  address: 'Farm Road 1, Pune',
  pin: '411001',
  state: 'Maharashtra',
  status: 'active',
  ph_verified: false,
  role: 'user',
  createdAt: '2026-01-05T10:00:00.000Z',
};

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: uuid(),
    user: { name: customer.name, email: customer.email },
    product: { _id: uuid(), name: 'A2 Cow Ghee', slug: 'a2-cow-ghee', price: 595, image: '/uploads/products/ghee.webp' },
    cart_quantity: 2,
    payment: 'Paid',
    payment_id: 'pay_1',
    order_id: 'order_ABC123',
    receipt: 'rcpt_1',
    status: 'Processing',
    shippingStatus: 'Processing',
    createdAt: '2026-03-05T10:00:00.000Z',
    delivery: { name: 'Asha Rao', phone: '+919800000000', address: 'Farm Road 1, Pune', pin: '411001', state: 'Maharashtra' },
    order_total: 1190,
    ...overrides,
  };
}

export const sliders: Slider[] = [
  { _id: uuid(), name: 'Fresh ghee', url: '/allproducts', image: '/uploads/sliders/one.webp' },
  { _id: uuid(), name: 'Hair oil', url: '/products/hair-oil', image: '/uploads/sliders/two.webp' },
];

/** The home video tiles as the demo shop seeds them: each sells a real product at the SPEC's 595, 595 and 995. */
export const homeTiles: HomeTile[] = [
  { position: 1, title: 'A2 Cow Ghee', video: 'a2-cow-ghee', product: { _id: uuid(), name: 'A2 Gir Cow Bilona Ghee 250 ml', slug: 'a2-gir-cow-bilona-ghee-250-ml', price: 595 } },
  { position: 2, title: 'Ayurvedic Hair Oil', video: 'herbal-hair-oil', product: { _id: uuid(), name: 'Bhringraj Ayurvedic Hair Oil 200 ml', slug: 'bhringraj-ayurvedic-hair-oil-200-ml', price: 595 } },
  { position: 3, title: 'Bilona Ghee 500 ml', video: 'bilona-ghee', product: { _id: uuid(), name: 'A2 Gir Cow Bilona Ghee 500 ml', slug: 'a2-gir-cow-bilona-ghee-500-ml', price: 995 } },
];

export const blogs: Blog[] = [
  { _id: uuid(), title: 'Why A2 ghee', slug: 'why-a2-ghee', content: '<p>Because <em>cows</em> matter.</p>', image: '/uploads/blogs/a2.webp' },
];

export const shopInfo: ShopInfoResponse = {
  brand_name: 'Shuddh Farm',
  legal_name: 'Shuddh Farm LLP',
  address: 'Survey 12, Mulshi, Pune 412108',
  gstin: '27ABCDE1234F1Z5',
  state: 'Maharashtra',
  fssai: '11524998000123',
};
