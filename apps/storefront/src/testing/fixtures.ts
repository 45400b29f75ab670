/** Test data shaped exactly like the API's answers (@shop/domain schemas). */
import type { Blog } from '@shop/domain/schemas/blogs';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import type { PincodeResponse, QuoteBody, QuoteResponse } from '@shop/domain/schemas/delivery';
import type { Order } from '@shop/domain/schemas/orders';
import type { CartDetail, LabelDetails, Product, Variant } from '@shop/domain/schemas/products';
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

const labelDetails: LabelDetails = {
  packer: 'Shuddh Farm LLP, Survey 12, Mulshi, Pune 412108',
  country_of_origin: 'India',
  best_before: 'Best before 9 months from packing',
  consumer_care: 'care@shuddhfarm.test, +91 98000 00000',
};

/** One size of a product; `sku` and `_id` are made up when not given. */
export function makeVariant(overrides: Partial<Variant> = {}): Variant {
  const id = uuid();
  return {
    _id: id,
    label: '500 ml',
    sku: `SKU-${id.slice(-4)}`,
    price: 595,
    quantity: 10,
    weight_grams: 600,
    position: 0,
    is_default: true,
    ...overrides,
  };
}

/**
 * A product as the API answers it. Without `variants` it has one size (500 ml) carrying `price` and `quantity`; with
 * `variants`, `price` and `quantity` are the default size's and `price_from`/`price_to` the cheapest and dearest.
 */
/** Every product made here, so the fake delivery quote (makeQuote) can price a cart as the server would. */
const madeProducts = new Map<string, Product>();

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const product = buildProduct(overrides);
  madeProducts.set(product._id, product);
  return product;
}

function buildProduct(overrides: Partial<Product>): Product {
  const id = uuid();
  const name = overrides.name ?? `Product ${id.slice(-4)}`;
  const variants = (overrides.variants ?? [makeVariant({ price: overrides.price ?? 595, quantity: overrides.quantity ?? 10 })]).map((v, position) => ({
    ...v,
    position,
  }));
  const main = variants.find((v) => v.is_default) ?? variants[0]!;
  const prices = variants.map((v) => v.price);
  return {
    _id: id,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    price: main.price,
    quantity: main.quantity,
    variants,
    price_from: Math.min(...prices),
    price_to: Math.max(...prices),
    label_details: labelDetails,
    category: categories[0]!,
    solutions: [solutions[0]!],
    shortdesc: 'Hand-churned from A2 milk.',
    description: 'Slow cooked over a wood fire.',
    contents: '<p>Made the <strong>bilona</strong> way.</p>',
    image: '/uploads/products/ghee.webp',
    highlighted: false,
    ...overrides,
    ...(overrides.variants ? {} : { variants }),
  };
}

/** The PIN directory the fake server knows (GET delivery/pincode/{pin}); any other PIN is unknown (404). */
export const pincodes: Record<string, PincodeResponse> = {
  '411001': { pin: '411001', state: 'Maharashtra', district: 'Pune', serviceable: true, cod: true },
  '422001': { pin: '422001', state: 'Maharashtra', district: 'Nashik', serviceable: true, cod: true },
  '560001': { pin: '560001', state: 'Karnataka', district: 'Bengaluru', serviceable: true, cod: true },
  '682001': { pin: '682001', state: 'Kerala', district: 'Ernakulam', serviceable: true, cod: true },
};

/** The fake shop's delivery terms: ₹60 a parcel, free from ₹999 of items, ₹49 for cash on delivery. */
const DELIVERY_FEE = 60;
const FREE_SHIPPING_ABOVE = 999;
const COD_FEE = 49;

/**
 * POST delivery/quote's answer for `body` as the server works it out, pricing the lines by the products made with
 * makeProduct (a line without a size is the default size); `overrides` change any field afterwards.
 */
export function makeQuote(body: QuoteBody, overrides: Partial<QuoteResponse> = {}): QuoteResponse {
  const items_total = body.cart.reduce((sum, line) => {
    const p = madeProducts.get(line._id);
    const size = p?.variants.find((v) => (line.variant ? v._id === line.variant : v.is_default)) ?? p?.variants[0];
    return sum + (size?.price ?? 0) * line.cart_quantity;
  }, 0);
  const place = body.pin ? pincodes[body.pin] : undefined;
  const abroad = body.state === 'Outside India';
  const shipping_fee = items_total >= FREE_SHIPPING_ABOVE ? 0 : DELIVERY_FEE;
  const cod_fee = body.payment_method === 'cod' ? COD_FEE : 0;
  return {
    serviceable: true,
    state: abroad ? 'Outside India' : (place?.state ?? 'Maharashtra'),
    ...(place ? { district: place.district } : {}),
    zone: abroad ? 'outside_india' : 'shop_state',
    items_total,
    shipping_fee,
    cod_fee,
    discount: 0,
    total: items_total + shipping_fee + cod_fee,
    free_shipping_above: FREE_SHIPPING_ABOVE,
    cod_available: !abroad,
    ...(abroad ? { cod_unavailable_reason: 'Cash on delivery is only for deliveries in India' } : {}),
    eta: { from: '2026-12-01', to: '2026-12-04' },
    ...overrides,
  };
}

export function makeProducts(count: number, prefix = 'Ghee'): Product[] {
  return Array.from({ length: count }, (_, i) => makeProduct({ name: `${prefix} ${i + 1}` }));
}

/** getcart's answer for a line of `p`: the size `variant` (an `_id`), or the default size. */
export function cartDetailOf(p: Product, cart_quantity = 1, variant?: string): CartDetail {
  const size = p.variants.find((v) => (variant ? v._id === variant : v.is_default)) ?? p.variants[0]!;
  return {
    _id: p._id,
    variant: size._id,
    variant_label: size.label,
    sku: size.sku,
    name: p.name,
    slug: p.slug,
    price: size.price,
    ...(size.mrp !== undefined ? { mrp: size.mrp } : {}),
    image: p.image,
    shortdesc: p.shortdesc,
    quantity: size.quantity,
    cart_quantity,
  };
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
    product: { _id: uuid(), name: 'A2 Cow Ghee', slug: 'a2-cow-ghee', price: 595, image: '/uploads/products/ghee.webp', available: true },
    variant_label: '500 ml',
    sku: 'A2-GHEE-500',
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
