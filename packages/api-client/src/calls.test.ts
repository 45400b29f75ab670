import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient } from './index.js';

const BASE = 'http://shop.test/api';
const ID = '7c9e6679-7425-40de-944b-e07fc1f090ae';
const OTHER_ID = '16fd2706-8baf-433b-82eb-8c7fada847da';
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

interface Seen {
  method: string;
  /** The path after `/api/`, exactly as sent (still percent-encoded). */
  path: string;
  body: unknown;
  headers: Headers;
}
let seen: Seen[] = [];

// Every request is recorded and answered with an echo, so a test sees both what went out and what came back.
const server = setupServer(
  http.all(`${BASE}/*`, async ({ request }) => {
    const url = new URL(request.url);
    // The query string too: a call's filters are part of what it sends.
    const path = `${url.pathname.replace(/^\/api\//, '')}${url.search}`;
    const text = await request.text();
    seen.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined, headers: request.headers });
    return HttpResponse.json({ echo: `${request.method} ${path}` });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => server.close());

const client = createApiClient({ baseUrl: BASE, getToken: () => 'tok' });

const quote = { pin: '560001', cart: [{ _id: ID, cart_quantity: 1 }] };
const correction = { state: 'Ladakh' as const, serviceable: true, cod: false };

type Row = [name: string, call: (c: ApiClient) => Promise<unknown>, method: string, path: string, body?: unknown];

const login = { email: 'a@farm.in', password: 'secret123' };
const register = { name: 'Asha', email: 'a@farm.in', password: 'secret123', address: 'Pune' };
const changePassword = { password: 'newsecret1', token: 'reset-token-123' };
const contact = { name: 'Asha', email: 'a@farm.in', message: 'Hello' };
const cart = [{ _id: ID, cart_quantity: 2 }];
const profile = { name: 'Asha', email: 'a@farm.in', phone: '+91 98000 00000', address: 'Pune' };
const order = { cart: [{ _id: ID, cart_quantity: 1, currency: 'USD' as const }], currency: 'USD' as const };
const payment = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };
const sandbox = { order_id: 'order_1', outcome: 'success' as const };
const slider = { name: 'Ghee', url: '/product/a2-ghee', image: IMAGE };
const homeTile = { title: 'Hair Oil', video: 'herbal-hair-oil' as const, product: ID };
const product = { name: 'A2 Ghee', price: 595, category: ID, solutions: [OTHER_ID], quantity: 10, image: IMAGE };
const productUpdate = { price: 650, image: IMAGE, old_image: '/uploads/old.webp' };
const blog = { title: 'Why A2', content: '<p>Because</p>', image: IMAGE };
const shipped = { status: 'Shipped' as const, courier: 'India Post', tracking_number: 'EE123456789IN' };
const refund = { lines: [{ _id: ID, quantity: 1 }], reason: 'Broken jar', restock: false };
const problem = { line_id: ID, message: 'The jar arrived broken', photos: [IMAGE] };
const answer = { reply: 'Sorry; refunded', refund: { lines: [{ _id: ID, quantity: 1 }] } };
const blogUpdate = { title: 'Why A2 ghee', old_image: '/uploads/old.webp' };
const review = { rating: 5, title: 'Lovely', body: 'Tastes like home.' };
const notify = { email: 'a@farm.in', variant: OTHER_ID };
const moderate = { status: 'rejected' as const, reason: 'Not about the product' };
const coupon = { code: 'DIWALI10', kind: 'percent' as const, value: 10, starts_at: '2026-10-20', ends_at: '2026-11-05', usage_limit: 100 };

const rows: Row[] = [
  ['auth.login', (c) => c.auth.login(login), 'POST', 'auth/login', login],
  ['auth.register', (c) => c.auth.register(register), 'POST', 'auth/register', register],
  ['auth.forgetPassword', (c) => c.auth.forgetPassword({ email: 'a@farm.in' }), 'POST', 'auth/forget-password', { email: 'a@farm.in' }],
  ['auth.changePassword', (c) => c.auth.changePassword(changePassword), 'POST', 'auth/change-password', changePassword],
  ['auth.sendMail', (c) => c.auth.sendMail(contact), 'POST', 'auth/sendmail', contact],

  ['store.exchangeRates', (c) => c.store.exchangeRates(), 'GET', 'products/currencyExchangeRates'],
  ['store.shopInfo', (c) => c.store.shopInfo(), 'GET', 'shop-info'],
  ['store.categories', (c) => c.store.categories(), 'GET', 'category'],
  ['store.solutions', (c) => c.store.solutions(), 'GET', 'solutions'],
  ['store.sliders', (c) => c.store.sliders(), 'GET', 'slider'],
  ['store.homeTiles', (c) => c.store.homeTiles(), 'GET', 'home-tiles'],
  ['store.pincode', (c) => c.store.pincode('560001'), 'GET', 'delivery/pincode/560001'],
  ['store.deliveryQuote', (c) => c.store.deliveryQuote(quote), 'POST', 'delivery/quote', quote],
  ['store.highlightedProducts', (c) => c.store.highlightedProducts(), 'GET', 'products/highlighted'],
  ['store.products', (c) => c.store.products(2), 'GET', 'products/list/2'],
  ['store.product', (c) => c.store.product('a2-ghee'), 'GET', 'products/a2-ghee'],
  ['store.relatedProducts', (c) => c.store.relatedProducts(ID, OTHER_ID), 'GET', `products/related-products/${ID}/${OTHER_ID}`],
  ['store.categoryProducts', (c) => c.store.categoryProducts('ghee', 3), 'GET', 'products/category/ghee/3'],
  ['store.categoryCount', (c) => c.store.categoryCount('ghee'), 'GET', 'products/category/ghee/count'],
  ['store.solutionProducts', (c) => c.store.solutionProducts('immunity-power', 1), 'GET', 'products/solutions/immunity-power/1'],
  ['store.search', (c) => c.store.search('ghee'), 'GET', 'products/search/ghee'],
  ['store.cart', (c) => c.store.cart(cart), 'POST', 'products/getcart', { cart }],
  ['store.blogs', (c) => c.store.blogs(), 'GET', 'blogs'],
  ['store.blog', (c) => c.store.blog('why-a2'), 'GET', 'blogs/why-a2'],
  ['store.productReviews', (c) => c.store.productReviews(ID), 'GET', `products/${ID}/reviews`],
  ['store.unsubscribeStockAlert', (c) => c.store.unsubscribeStockAlert('tok_1'), 'GET', 'stock-alerts/unsubscribe/tok_1'],
  ['store.notifyWhenBack', (c) => c.store.notifyWhenBack(ID, notify), 'POST', `products/${ID}/notify`, notify],

  ['account.currentUser', (c) => c.account.currentUser(), 'GET', 'users/get-user'],
  ['account.profile', (c) => c.account.profile(), 'GET', 'users/profile'],
  ['account.updateProfile', (c) => c.account.updateProfile(profile), 'PUT', 'users/profile', profile],
  ['account.orders', (c) => c.account.orders(), 'GET', 'orders/'],
  ['account.invoice', (c) => c.account.invoice('order_1').then((b) => b.text()).then((t) => JSON.parse(t)), 'GET', 'invoices/order_1'],
  ['account.createOrder', (c) => c.account.createOrder(order), 'POST', 'orders', order],
  ['account.verifyPayment', (c) => c.account.verifyPayment(payment), 'POST', 'orders/paymentverification', payment],
  ['account.releaseCheckout', (c) => c.account.releaseCheckout({ order_id: 'order_1' }), 'POST', 'orders/release', { order_id: 'order_1' }],
  ['account.myReview', (c) => c.account.myReview(ID), 'GET', `products/${ID}/reviews/mine`],
  ['account.saveReview', (c) => c.account.saveReview(ID, review), 'POST', `products/${ID}/reviews`, review],

  ['account.cancelOrder', (c) => c.account.cancelOrder('order_1'), 'POST', 'checkouts/order_1/cancel'],
  ['account.requestCancellation', (c) => c.account.requestCancellation('order_1', { message: 'Twice' }), 'POST', 'checkouts/order_1/cancellation-request', { message: 'Twice' }],
  ['account.refunds', (c) => c.account.refunds('order_1'), 'GET', 'checkouts/order_1/refunds'],
  ['account.afterSales', (c) => c.account.afterSales(), 'GET', 'checkouts/after-sales'],
  ['account.checkoutAfterSales', (c) => c.account.checkoutAfterSales('order_1'), 'GET', 'checkouts/order_1/after-sales'],
  ['account.timeline', (c) => c.account.timeline('order_1'), 'GET', 'checkouts/order_1/timeline'],
  ['account.creditNote', (c) => c.account.creditNote(ID).then((b) => b.text()).then((t) => JSON.parse(t)), 'GET', `credit-notes/${ID}`],
  ['account.reportProblem', (c) => c.account.reportProblem('order_1', problem), 'POST', 'checkouts/order_1/problem-reports', problem],

  ['payments.config', (c) => c.payments.config(), 'GET', 'payments/config'],
  ['payments.sandboxCheckout', (c) => c.payments.sandboxCheckout(sandbox), 'POST', 'payments/sandbox/checkout', sandbox],

  ['admin.reviews', (c) => c.admin.reviews({ status: 'pending' }), 'GET', 'reviews?status=pending'],
  ['admin.moderateReview', (c) => c.admin.moderateReview(ID, moderate), 'PUT', `reviews/${ID}`, moderate],
  ['admin.createSlider', (c) => c.admin.createSlider(slider), 'POST', 'slider', slider],
  ['admin.deleteSlider', (c) => c.admin.deleteSlider(ID), 'DELETE', `slider/${ID}`],
  ['admin.updateHomeTile', (c) => c.admin.updateHomeTile(2, homeTile), 'PUT', 'home-tiles/2', homeTile],
  ['admin.productsDashboard', (c) => c.admin.productsDashboard(), 'GET', 'products/dashboard'],
  ['admin.usersDashboard', (c) => c.admin.usersDashboard(), 'GET', 'users/dashboard'],
  ['admin.ordersDashboard', (c) => c.admin.ordersDashboard(), 'GET', 'orders/dashboard'],
  ['admin.orders', (c) => c.admin.orders(), 'GET', 'orders/all'],
  ['admin.invoice', (c) => c.admin.invoice('order_1').then((b) => b.text()).then((t) => JSON.parse(t)), 'GET', 'invoices/order_1'],
  ['admin.order', (c) => c.admin.order(ID), 'GET', `orders/${ID}`],
  ['admin.checkouts', (c) => c.admin.checkouts(), 'GET', 'checkouts'],
  ['admin.shipCheckout', (c) => c.admin.shipCheckout('order_1', shipped), 'PUT', 'checkouts/order_1', shipped],
  ['admin.confirmCod', (c) => c.admin.confirmCod('cod_1'), 'POST', 'checkouts/cod_1/confirm-cod'],
  ['admin.createRefund', (c) => c.admin.createRefund('order_1', refund, 'key-12345678'), 'POST', 'checkouts/order_1/refunds', refund],
  ['admin.refunds', (c) => c.admin.refunds('order_1'), 'GET', 'checkouts/order_1/refunds'],
  ['admin.checkoutAfterSales', (c) => c.admin.checkoutAfterSales('order_1'), 'GET', 'checkouts/order_1/after-sales'],
  ['admin.timeline', (c) => c.admin.timeline('order_1'), 'GET', 'checkouts/order_1/timeline'],
  ['admin.creditNote', (c) => c.admin.creditNote(ID).then((b) => b.text()).then((t) => JSON.parse(t)), 'GET', `credit-notes/${ID}`],
  ['admin.problemReports', (c) => c.admin.problemReports(), 'GET', 'problem-reports'],
  ['admin.answerProblem', (c) => c.admin.answerProblem(ID, answer), 'POST', `problem-reports/${ID}/answer`, answer],
  ['admin.deliverySettings', (c) => c.admin.deliverySettings(), 'GET', 'delivery/settings'],
  ['admin.saveDeliverySettings', (c) => c.admin.saveDeliverySettings({ free_shipping_above: 999 }), 'PUT', 'delivery/settings', { free_shipping_above: 999 }],
  ['admin.pincodeOverrides', (c) => c.admin.pincodeOverrides(), 'GET', 'delivery/pincodes'],
  ['admin.savePincodeOverride', (c) => c.admin.savePincodeOverride('194101', correction), 'PUT', 'delivery/pincodes/194101', correction],
  ['admin.deletePincodeOverride', (c) => c.admin.deletePincodeOverride('194101'), 'DELETE', 'delivery/pincodes/194101'],
  ['admin.coupons', (c) => c.admin.coupons(), 'GET', 'coupons'],
  ['admin.createCoupon', (c) => c.admin.createCoupon(coupon), 'POST', 'coupons', coupon],
  ['admin.updateCoupon', (c) => c.admin.updateCoupon(ID, { active: false }), 'PUT', `coupons/${ID}`, { active: false }],
  ['admin.deleteCoupon', (c) => c.admin.deleteCoupon(ID), 'DELETE', `coupons/${ID}`],
  ['admin.exportOrders', (c) => c.admin.exportOrders().then((b) => b.text()).then((t) => JSON.parse(t)), 'GET', 'orders/export.csv'],
  ['admin.slips', (c) => c.admin.slips({ ids: 'order_1' }).then((b) => b.text()).then((t) => JSON.parse(t)), 'GET', 'orders/slips.pdf?ids=order_1'],
  ['admin.updateOrderStatus', (c) => c.admin.updateOrderStatus(ID, { status: 'Shipped' }), 'PUT', `orders/${ID}`, { status: 'Shipped' }],
  ['admin.deleteOrder', (c) => c.admin.deleteOrder(ID), 'DELETE', `orders/${ID}`],
  ['admin.users', (c) => c.admin.users(), 'GET', 'users/all-users'],
  ['admin.updateUserStatus', (c) => c.admin.updateUserStatus(ID, { status: 'inactive' }), 'PUT', `users/status/${ID}`, { status: 'inactive' }],
  ['admin.deleteUser', (c) => c.admin.deleteUser(ID), 'DELETE', `users/${ID}`],
  ['admin.userByEmail', (c) => c.admin.userByEmail('asha@farm.in'), 'GET', 'users/admin-get-user/asha%40farm.in'],
  ['admin.createCategory', (c) => c.admin.createCategory({ name: 'Ghee' }), 'POST', 'category', { name: 'Ghee' }],
  ['admin.updateCategory', (c) => c.admin.updateCategory(ID, { name: 'Desi' }), 'PUT', `category/${ID}`, { name: 'Desi' }],
  ['admin.deleteCategory', (c) => c.admin.deleteCategory(ID), 'DELETE', `category/${ID}`],
  ['admin.createSolution', (c) => c.admin.createSolution({ name: 'Immunity' }), 'POST', 'solutions', { name: 'Immunity' }],
  ['admin.updateSolution', (c) => c.admin.updateSolution(ID, { name: 'Sleep' }), 'PUT', `solutions/${ID}`, { name: 'Sleep' }],
  ['admin.deleteSolution', (c) => c.admin.deleteSolution(ID), 'DELETE', `solutions/${ID}`],
  ['admin.products', (c) => c.admin.products(), 'GET', 'products/'],
  ['admin.createProduct', (c) => c.admin.createProduct(product), 'POST', 'products', product],
  ['admin.updateProduct', (c) => c.admin.updateProduct(ID, productUpdate), 'PUT', `products/${ID}`, productUpdate],
  ['admin.deleteProduct', (c) => c.admin.deleteProduct(ID), 'DELETE', `products/${ID}`],
  ['admin.createBlog', (c) => c.admin.createBlog(blog), 'POST', 'blogs', blog],
  ['admin.updateBlog', (c) => c.admin.updateBlog(ID, blogUpdate), 'PUT', `blogs/${ID}`, blogUpdate],
  ['admin.deleteBlog', (c) => c.admin.deleteBlog(ID), 'DELETE', `blogs/${ID}`],

  ['health', (c) => c.health(), 'GET', 'health'],
];

/** Dotted names of every function the client exposes, e.g. `store.product`. */
function functionNames(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, member]: [string, unknown]) => {
    if (typeof member === 'function') return [prefix + key];
    if (typeof member === 'object' && member !== null) return functionNames(member, `${prefix}${key}.`);
    return [];
  });
}

describe('every call', () => {
  it('is covered by the table below, once', () => {
    const names = rows.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(functionNames(client).sort());
  });

  it.each(rows)('%s hits its method and path and returns the parsed body', async (_name, call, method, path, body) => {
    const result = await call(client);

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method, path, body });
    expect(result).toEqual({ echo: `${method} ${path}` });
  });
});

describe('headers', () => {
  it('sends the bearer token when there is one', async () => {
    await client.store.categories();
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it.each([null, undefined, ''])('sends no Authorization header when the token is %j', async (token) => {
    await createApiClient({ baseUrl: BASE, getToken: () => token }).store.categories();
    expect(seen[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends no Authorization header without getToken', async () => {
    await createApiClient({ baseUrl: BASE }).health();
    expect(seen[0]?.headers.has('authorization')).toBe(false);
  });

  it('reads the token again for every request, and may read it asynchronously', async () => {
    let token: string | null = null;
    const shop = createApiClient({ baseUrl: BASE, getToken: async () => token });
    await shop.account.currentUser();
    token = 'fresh';
    await shop.account.currentUser();
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual([null, 'Bearer fresh']);
  });

  it('marks JSON bodies as application/json and sends no content type without a body', async () => {
    await client.auth.login(login);
    await client.store.blogs();
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen[1]?.headers.has('content-type')).toBe(false);
  });
});

describe('refunds', () => {
  it('sends the Idempotency-Key header with a refund, and none when an answer has no key', async () => {
    await client.admin.createRefund('order_1', refund, 'key-12345678');
    await client.admin.answerProblem(ID, { reply: 'Sorry' });
    expect(seen[0]?.headers.get('idempotency-key')).toBe('key-12345678');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(seen[1]?.headers.has('idempotency-key')).toBe(false);
  });
});

describe('paths', () => {
  it.each([
    ['a slug', (c: ApiClient) => c.store.product('ghee & honey/500 g'), 'products/ghee%20%26%20honey%2F500%20g'],
    ['a blog slug', (c: ApiClient) => c.store.blog('a?b#c'), 'blogs/a%3Fb%23c'],
    ['a category slug', (c: ApiClient) => c.store.categoryProducts('dairy/ghee', 2), 'products/category/dairy%2Fghee/2'],
    ['a solution slug', (c: ApiClient) => c.store.solutionProducts('100%', 1), 'products/solutions/100%25/1'],
    ['a search query', (c: ApiClient) => c.store.search('  a2 ghee?/% '), 'products/search/a2%20ghee%3F%2F%25'],
    ['a non-ASCII query', (c: ApiClient) => c.store.search('घी'), `products/search/${encodeURIComponent('घी')}`],
    ['an email', (c: ApiClient) => c.admin.userByEmail('a+b@farm.in'), 'users/admin-get-user/a%2Bb%40farm.in'],
    ['an id', (c: ApiClient) => c.admin.deleteUser('x/../../orders'), 'users/x%2F..%2F..%2Forders'],
  ])('encodes %s as one segment', async (_what, call, path) => {
    await call(client);
    expect(seen[0]?.path).toBe(path);
  });

  it.each(['', '.', '..'])('refuses the segment %j without a request, since it would reach another route', async (slug) => {
    const error = await client.store.product(slug).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: `Invalid path segment: "${slug}"` });
    expect(seen).toHaveLength(0);
  });

  it('joins a base URL with a trailing slash without doubling it', async () => {
    await createApiClient({ baseUrl: `${BASE}/` }).health();
    expect(seen[0]?.path).toBe('health');
  });

  it('works with a relative base URL and a given fetch', async () => {
    const urls: string[] = [];
    const fetchStub: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ status: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
    const shop = createApiClient({ baseUrl: '/api', fetch: fetchStub });
    await expect(shop.health()).resolves.toEqual({ status: 'ok' });
    expect(urls).toEqual(['/api/health']);
  });
});

describe('search', () => {
  it.each(['', '   ', '\n\t'])('resolves %j to no products without a request', async (query) => {
    await expect(client.store.search(query)).resolves.toEqual({ products: [] });
    expect(seen).toHaveLength(0);
  });
});

describe('order lists and invoices', () => {
  it('ask for unpaid attempts with a query parameter, and only when asked', async () => {
    const urls: string[] = [];
    server.use(
      http.get(`${BASE}/orders/*`, ({ request }) => {
        urls.push(new URL(request.url).pathname + new URL(request.url).search);
        return HttpResponse.json({ orders: [] });
      }),
    );
    await client.account.orders();
    await client.account.orders({ attempts: true });
    await client.admin.orders({ attempts: false });
    await client.admin.orders({ attempts: true });
    expect(urls).toEqual(['/api/orders/', '/api/orders/?attempts=true', '/api/orders/all', '/api/orders/all?attempts=true']);
  });

  it('hands the invoice over as a PDF blob, and a refusal as ApiError with the message', async () => {
    server.use(
      http.get(`${BASE}/invoices/order_ok`, () => new HttpResponse('%PDF-1.3 fake', { headers: { 'content-type': 'application/pdf' } })),
      http.get(`${BASE}/invoices/order_no`, () => HttpResponse.json({ message: 'Invoice not found' }, { status: 404 })),
    );
    const blob = await client.account.invoice('order_ok');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.3 fake');
    await expect(client.admin.invoice('order_no')).rejects.toMatchObject({ status: 404, message: 'Invoice not found' });
  });
});

describe('the order desk', () => {
  function recordUrls() {
    const urls: string[] = [];
    const accepts: Array<string | null> = [];
    server.use(
      http.get(`${BASE}/*`, ({ request }) => {
        const url = new URL(request.url);
        // Read back as the server reads them: a `+` in a phone number must arrive as a plus, not a space.
        const params: string[] = [];
        url.searchParams.forEach((v, k) => params.push(`${k}=${v}`));
        urls.push(url.pathname + (params.length ? `?${params.join('&')}` : ''));
        accepts.push(request.headers.get('accept'));
        if (url.pathname.endsWith('.csv')) return new HttpResponse('\uFEFForder_number\nSF-10234\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
        if (url.pathname.endsWith('.pdf')) return new HttpResponse('%PDF-1.7 slips', { headers: { 'content-type': 'application/pdf' } });
        return HttpResponse.json({ checkouts: [], total: 0, page: 1, pages: 0 });
      }),
    );
    return { urls, accepts };
  }

  it('sends only the filters that are set, and an empty search as none', async () => {
    const { urls } = recordUrls();
    await client.admin.checkouts({ q: '', page: 2 });
    await client.admin.checkouts({ q: '+91 98765', payment: 'Paid', status: 'Shipped', from: '2026-11-01', to: '2026-11-30' });
    expect(urls).toEqual([
      '/api/checkouts?page=2',
      '/api/checkouts?q=+91 98765&payment=Paid&status=Shipped&from=2026-11-01&to=2026-11-30',
    ]);
  });

  it('downloads the CSV with the filters as text/csv, and the slips as a PDF, with the token', async () => {
    const { urls, accepts } = recordUrls();
    const csv = await client.admin.exportOrders({ from: '2026-11-26', to: '2026-11-26', status: 'Processing', format: 'orders' });
    const pdf = await client.admin.slips({ ids: 'order_1,order_2', layout: 'label' });
    expect(urls).toEqual(['/api/orders/export.csv?from=2026-11-26&to=2026-11-26&status=Processing&format=orders', '/api/orders/slips.pdf?ids=order_1,order_2&layout=label']);
    expect(accepts).toEqual(['text/csv, application/json', 'application/pdf, application/json']);
    expect(await csv.text()).toContain('SF-10234');
    expect(await pdf.text()).toBe('%PDF-1.7 slips');
    expect(seen).toHaveLength(0);
  });

  it('hands a refused move over as ApiError with the server message', async () => {
    server.use(http.put(`${BASE}/checkouts/order_X`, () => HttpResponse.json({ message: 'Shipped needs the courier and tracking number' }, { status: 400 })));
    await expect(client.admin.shipCheckout('order_X', { status: 'Shipped' })).rejects.toMatchObject({
      status: 400,
      message: 'Shipped needs the courier and tracking number',
    });
  });
});
