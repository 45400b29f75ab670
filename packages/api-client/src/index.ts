/**
 * Typed client for the farm shop's API: one function per call, grouped as `auth`, `store`, `account`,
 * `payments` and `admin`. Types only come from `@shop/domain`, so a browser bundle carries no TypeBox.
 */
import type {
  ChangePasswordBody,
  ForgetPasswordBody,
  LoginBody,
  LoginResponse,
  RegisterBody,
  SendMailBody,
} from '@shop/domain/schemas/auth';
import type { BlogResponse, BlogsResponse, CreateBlogBody, UpdateBlogBody } from '@shop/domain/schemas/blogs';
import type {
  CategoriesResponse,
  CategoryResponse,
  NameBody,
  SolutionResponse,
  SolutionsResponse,
} from '@shop/domain/schemas/catalogue';
import type {
  CheckoutsQuery,
  CheckoutsResponse,
  OrdersExportQuery,
  ShipCheckoutBody,
  ShipCheckoutResponse,
  SlipsQuery,
} from '@shop/domain/schemas/checkouts';
import type { MessageResponse } from '@shop/domain/schemas/common';
import type { ExchangeRatesResponse } from '@shop/domain/schemas/currency';
import type { HealthResponse } from '@shop/domain/schemas/health';
import type {
  CreateOrderBody,
  CreateOrderResponse,
  OrderResponse,
  OrdersDashboardResponse,
  OrdersQuery,
  OrdersResponse,
  UpdateOrderStatusBody,
} from '@shop/domain/schemas/orders';
import type { ShopInfoResponse } from '@shop/domain/schemas/shop';
import type {
  PaymentConfigResponse,
  PaymentResult,
  PaymentVerificationResponse,
  ReleaseCheckoutBody,
  SandboxCheckoutBody,
  SandboxCheckoutResponse,
} from '@shop/domain/schemas/payments';
import type {
  CartItem,
  CountResponse,
  CreateProductBody,
  GetCartResponse,
  ProductMessageResponse,
  ProductResponse,
  ProductsDashboardResponse,
  ProductsResponse,
  UpdateProductBody,
} from '@shop/domain/schemas/products';
import type { CreateSliderBody, SliderResponse, SlidersResponse } from '@shop/domain/schemas/sliders';
import type { HomeTileResponse, HomeTilesResponse, UpdateHomeTileBody } from '@shop/domain/schemas/home-tiles';
import type {
  UpdateProfileBody,
  UpdateProfileResponse,
  UpdateUserStatusBody,
  UserResponse,
  UsersDashboardResponse,
  UsersResponse,
} from '@shop/domain/schemas/users';

/** The message of the ApiError thrown when the server cannot be reached at all (status 0). */
export const NETWORK_ERROR_MESSAGE = 'Network error: could not reach the shop';

/**
 * Thrown by every call that does not get a 2xx JSON answer.
 * `message` is the server's `{ message }`, `status` the HTTP status (0 when the server could not be reached)
 * and `body` the parsed answer (the raw text when it was not JSON).
 *
 * @example if (err instanceof ApiError && err.status === 401) logout();
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface ApiClientOptions {
  /** The API root including `/api`, e.g. `http://localhost:3000/api` or `/api` in a browser. */
  baseUrl: string;
  /** Returns the bearer token, or null/undefined when signed out. Called before every request. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** A fetch implementation; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Builds a path from a template, encoding every interpolated value as one path segment.
 * An empty, `.` or `..` segment would silently reach another route (`products/` is the admin list), so it is refused.
 */
function path(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const text = String(value);
    if (text === '' || text === '.' || text === '..') {
      throw new ApiError(`Invalid path segment: "${text}"`, 400);
    }
    out += encodeURIComponent(text) + (strings[i + 1] ?? '');
  });
  return out;
}

/** `?attempts=true` when unpaid attempts are asked for; nothing otherwise (the spec's plain call). */
function ordersQuery(query: OrdersQuery | undefined): string {
  return query?.attempts ? '?attempts=true' : '';
}

/**
 * `?a=1&b=2` from the filters that are set, in a fixed order; nothing when none is.
 * An empty string counts as unset, so a cleared search box asks for everything.
 */
function queryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as Array<[string, unknown]>) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function parseBody(text: string): { json: boolean; value: unknown } {
  if (text === '') return { json: true, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, value: text };
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * Creates a client for one shop.
 *
 * @example const shop = createApiClient({ baseUrl: '/api', getToken: () => localStorage.getItem('token') });
 */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Called through globalThis so a browser's native fetch never runs with a foreign `this` ("Illegal invocation").
  const doFetch = (url: string, init: RequestInit): Promise<Response> =>
    options.fetch ? options.fetch.call(globalThis, url, init) : globalThis.fetch(url, init);

  async function request<T>(method: Method, route: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}/${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      text = await response.text();
    } catch (cause) {
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, undefined, { cause });
    }

    const parsed = parseBody(text);
    if (!response.ok) {
      const message = messageOf(parsed.value) ?? `Request failed (${response.status})`;
      throw new ApiError(message, response.status, parsed.value);
    }
    // A 200 HTML page usually means the base URL points at the web app instead of the API.
    if (!parsed.json) {
      const message = `Unexpected response from the shop (${response.status}): not JSON`;
      throw new ApiError(message, response.status, parsed.value);
    }
    return parsed.value as T;
  }

  /** A file answer (a PDF, the CSV export) as a Blob; errors still arrive as `{ message }` JSON. */
  async function requestBlob(route: string, accept = 'application/pdf'): Promise<Blob> {
    const headers: Record<string, string> = { accept: `${accept}, application/json` };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/${route}`, { method: 'GET', headers });
      if (response.ok) return await response.blob();
    } catch (cause) {
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, undefined, { cause });
    }
    const parsed = parseBody(await response.text().catch(() => ''));
    throw new ApiError(messageOf(parsed.value) ?? `Request failed (${response.status})`, response.status, parsed.value);
  }

  const auth = {
    /**
     * Signs in; an admin login adds `secret_key`.
     * @example const { user, token } = await shop.auth.login({ email: 'a@b.in', password: 'secret123' });
     */
    login: async (body: LoginBody): Promise<LoginResponse> => request('POST', 'auth/login', body),
    /**
     * Creates an account and mails a verification link.
     * @example await shop.auth.register({ name: 'Asha', email: 'a@b.in', password: 'secret123' });
     */
    register: async (body: RegisterBody): Promise<MessageResponse> => request('POST', 'auth/register', body),
    /**
     * Mails a password reset link (the same answer whether or not the email exists).
     * @example await shop.auth.forgetPassword({ email: 'a@b.in' });
     */
    forgetPassword: async (body: ForgetPasswordBody): Promise<MessageResponse> =>
      request('POST', 'auth/forget-password', body),
    /**
     * Sets a new password with the token from the reset link.
     * @example await shop.auth.changePassword({ password: 'newsecret1', token });
     */
    changePassword: async (body: ChangePasswordBody): Promise<MessageResponse> =>
      request('POST', 'auth/change-password', body),
    /**
     * Sends the contact form to the shop.
     * @example await shop.auth.sendMail({ name: 'Asha', email: 'a@b.in', message: 'Hello' });
     */
    sendMail: async (body: SendMailBody): Promise<MessageResponse> => request('POST', 'auth/sendmail', body),
  };

  const store = {
    /**
     * 1 INR in each currency.
     * @example const { rates } = await shop.store.exchangeRates();
     */
    exchangeRates: async (): Promise<ExchangeRatesResponse> => request('GET', 'products/currencyExchangeRates'),
    /**
     * The seller's public details: legal name, address, GSTIN, state and the FSSAI licence number (footer).
     * @example const { fssai } = await shop.store.shopInfo();
     */
    shopInfo: async (): Promise<ShopInfoResponse> => request('GET', 'shop-info'),
    /**
     * All categories.
     * @example const { categories } = await shop.store.categories();
     */
    categories: async (): Promise<CategoriesResponse> => request('GET', 'category'),
    /**
     * All solutions (health goals products are tagged with).
     * @example const { solutions } = await shop.store.solutions();
     */
    solutions: async (): Promise<SolutionsResponse> => request('GET', 'solutions'),
    /**
     * The home page slides (at most 3).
     * @example const { sliders } = await shop.store.sliders();
     */
    sliders: async (): Promise<SlidersResponse> => request('GET', 'slider'),
    /**
     * The home page's three video tiles, each with its product and that product's live price.
     * @example const { tiles } = await shop.store.homeTiles();
     */
    homeTiles: async (): Promise<HomeTilesResponse> => request('GET', 'home-tiles'),
    /**
     * Products flagged as highlighted.
     * @example const { products } = await shop.store.highlightedProducts();
     */
    highlightedProducts: async (): Promise<ProductsResponse> => request('GET', 'products/highlighted'),
    /**
     * One page (8 products) of the catalogue, from page 1.
     * @example const { products } = await shop.store.products(1);
     */
    products: async (page: number): Promise<ProductsResponse> => request('GET', path`products/list/${page}`),
    /**
     * One product by slug.
     * @example const { product } = await shop.store.product('a2-cow-ghee');
     */
    product: async (slug: string): Promise<ProductResponse> => request('GET', path`products/${slug}`),
    /**
     * Other products of the same category.
     * @example const { products } = await shop.store.relatedProducts(product._id, product.category._id);
     */
    relatedProducts: async (productId: string, categoryId: string): Promise<ProductsResponse> =>
      request('GET', path`products/related-products/${productId}/${categoryId}`),
    /**
     * One page of a category's products.
     * @example const { products } = await shop.store.categoryProducts('ghee', 1);
     */
    categoryProducts: async (slug: string, page: number): Promise<ProductsResponse> =>
      request('GET', path`products/category/${slug}/${page}`),
    /**
     * How many products a category holds.
     * @example const { count } = await shop.store.categoryCount('ghee');
     */
    categoryCount: async (slug: string): Promise<CountResponse> =>
      request('GET', path`products/category/${slug}/count`),
    /**
     * One page of a solution's products.
     * @example const { products } = await shop.store.solutionProducts('immunity-power', 1);
     */
    solutionProducts: async (slug: string, page: number): Promise<ProductsResponse> =>
      request('GET', path`products/solutions/${slug}/${page}`),
    /**
     * Searches the catalogue; a blank query resolves to no products without a request.
     * @example const { products } = await shop.store.search('ghee');
     */
    search: async (query: string): Promise<ProductsResponse> => {
      const trimmed = query.trim();
      if (trimmed === '') return { products: [] };
      return request('GET', path`products/search/${trimmed}`);
    },
    /**
     * Resolves cart lines to current name, price, image and stock; unknown ids are dropped.
     * @example const { cartDetails } = await shop.store.cart([{ _id: id, cart_quantity: 2 }]);
     */
    cart: async (cart: CartItem[]): Promise<GetCartResponse> => request('POST', 'products/getcart', { cart }),
    /**
     * All blog posts.
     * @example const { blogs } = await shop.store.blogs();
     */
    blogs: async (): Promise<BlogsResponse> => request('GET', 'blogs'),
    /**
     * One blog post by slug.
     * @example const { blog } = await shop.store.blog('why-a2-ghee');
     */
    blog: async (slug: string): Promise<BlogResponse> => request('GET', path`blogs/${slug}`),
  };

  const account = {
    /**
     * The signed-in user.
     * @example const { user } = await shop.account.currentUser();
     */
    currentUser: async (): Promise<UserResponse> => request('GET', 'users/get-user'),
    /**
     * The signed-in user's profile.
     * @example const { user } = await shop.account.profile();
     */
    profile: async (): Promise<UserResponse> => request('GET', 'users/profile'),
    /**
     * Saves name, phone and address (the email never changes).
     * @example const { user, message } = await shop.account.updateProfile({ name: 'Asha', phone: '+919800000000', address: 'Pune' });
     */
    updateProfile: async (body: UpdateProfileBody): Promise<UpdateProfileResponse> =>
      request('PUT', 'users/profile', body),
    /**
     * The signed-in user's order lines: paid checkouts, and with `{ attempts: true }` the unpaid ones too
     * (Pending, Failed, Expired).
     * @example const { orders } = await shop.account.orders();
     * @example const { orders } = await shop.account.orders({ attempts: true });
     */
    orders: async (query?: OrdersQuery): Promise<OrdersResponse> => request('GET', `orders/${ordersQuery(query)}`),
    /**
     * The PDF tax invoice of one of the user's paid checkouts (404 for anyone else's or an unpaid one).
     * In a browser, show it with `URL.createObjectURL(blob)`.
     * @example const pdf = await shop.account.invoice(order.order_id);
     */
    invoice: async (orderId: string): Promise<Blob> => requestBlob(path`invoices/${orderId}`),
    /**
     * Starts a checkout: the server re-prices the cart and reserves stock; `amount` is in INR paise.
     * @example const { amount, order_id } = await shop.account.createOrder({ cart: [{ _id: id, cart_quantity: 1 }] });
     */
    createOrder: async (body: CreateOrderBody): Promise<CreateOrderResponse> => request('POST', 'orders', body),
    /**
     * Verifies the provider's signature; a bad one throws ApiError 400 whose `body` is `{ success: false, message }`.
     * @example const { success } = await shop.account.verifyPayment(razorpayResponse);
     */
    verifyPayment: async (body: PaymentResult): Promise<PaymentVerificationResponse> =>
      request('POST', 'orders/paymentverification', body),
    /**
     * The payment window was closed without paying: the checkout's units go back to stock at once and the cart is
     * kept; PAY again (createOrder with the same cart) reopens the same checkout. 409 when it was paid meanwhile.
     * @example await shop.account.releaseCheckout({ order_id });
     */
    releaseCheckout: async (body: ReleaseCheckoutBody): Promise<MessageResponse> => request('POST', 'orders/release', body),
  };

  const payments = {
    /**
     * Which checkout to open (`sandbox` or `razorpay`) and the provider's public key.
     * @example const { provider, key_id } = await shop.payments.config();
     */
    config: async (): Promise<PaymentConfigResponse> => request('GET', 'payments/config'),
    /**
     * Pays or fails a sandbox order; the answer goes to `account.verifyPayment`.
     * @example const result = await shop.payments.sandboxCheckout({ order_id, outcome: 'success' });
     */
    sandboxCheckout: async (body: SandboxCheckoutBody): Promise<SandboxCheckoutResponse> =>
      request('POST', 'payments/sandbox/checkout', body),
  };

  const admin = {
    /**
     * Adds a home slide (409 when there are already 3).
     * @example const { slider } = await shop.admin.createSlider({ name: 'Ghee', url: '/product/a2-cow-ghee', image: dataUrl });
     */
    createSlider: async (body: CreateSliderBody): Promise<SliderResponse> => request('POST', 'slider', body),
    /**
     * Removes a home slide.
     * @example await shop.admin.deleteSlider(slider._id);
     */
    deleteSlider: async (id: string): Promise<MessageResponse> => request('DELETE', path`slider/${id}`),
    /**
     * Changes a home video tile (position 1 to 3): its title, clip and product (an id, or null for none).
     * @example const { tile } = await shop.admin.updateHomeTile(2, { title: 'Hair Oil', video: 'herbal-hair-oil', product: id });
     */
    updateHomeTile: async (position: number, body: UpdateHomeTileBody): Promise<HomeTileResponse> =>
      request('PUT', path`home-tiles/${position}`, body),
    /**
     * Product count, and products per category.
     * @example const { products_count, products } = await shop.admin.productsDashboard();
     */
    productsDashboard: async (): Promise<ProductsDashboardResponse> => request('GET', 'products/dashboard'),
    /**
     * User count, and sign-ups per day.
     * @example const { users_count, users } = await shop.admin.usersDashboard();
     */
    usersDashboard: async (): Promise<UsersDashboardResponse> => request('GET', 'users/dashboard'),
    /**
     * Paid order count, orders per day, the recent orders, and paid revenue today and in the last 30 days.
     * @example const { orders_count, recent_orders } = await shop.admin.ordersDashboard();
     */
    ordersDashboard: async (): Promise<OrdersDashboardResponse> => request('GET', 'orders/dashboard'),
    /**
     * Order lines of every user: paid checkouts, and with `{ attempts: true }` the unpaid ones too.
     * @example const { orders } = await shop.admin.orders();
     * @example const { orders } = await shop.admin.orders({ attempts: true });
     */
    orders: async (query?: OrdersQuery): Promise<OrdersResponse> => request('GET', `orders/all${ordersQuery(query)}`),
    /**
     * The PDF tax invoice of any paid checkout.
     * @example const pdf = await shop.admin.invoice(order.order_id);
     */
    invoice: async (orderId: string): Promise<Blob> => requestBlob(path`invoices/${orderId}`),
    /**
     * Checkouts (one per order as placed), newest first, paged; filtered by `q` (order number, customer name,
     * email or phone), payment, shipping status and the days `from`/`to` (IST, inclusive).
     * @example const { checkouts, pages } = await shop.admin.checkouts({ q: '98765 43210', page: 1 });
     */
    checkouts: async (query?: CheckoutsQuery): Promise<CheckoutsResponse> => request('GET', `checkouts${queryString(query)}`),
    /**
     * Moves every line of a checkout to a shipping status together (one mail per change); Shipped needs the courier
     * and tracking number in the same call. A move the shipping rules refuse is a 409 with its reason.
     * @example await shop.admin.shipCheckout('order_ScpFS4FgEWWtf6', { status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN' });
     */
    shipCheckout: async (orderId: string, body: ShipCheckoutBody): Promise<ShipCheckoutResponse> =>
      request('PUT', path`checkouts/${orderId}`, body),
    /**
     * The orders as a CSV file (UTF-8 with a byte-order mark), with the list's filters; `format` `lines` (the default,
     * one row per order line) or `orders` (one row per checkout).
     * @example saveFile(await shop.admin.exportOrders({ from: '2026-11-01', to: '2026-11-30', format: 'lines' }), 'orders.csv');
     */
    exportOrders: async (query?: OrdersExportQuery): Promise<Blob> =>
      requestBlob(`orders/export.csv${queryString(query)}`, 'text/csv'),
    /**
     * Packing slips (`a4`) or 100 x 150 mm shipping labels (`label`) as one PDF, a page per checkout; `ids` are
     * order line ids or checkout ids, comma-separated.
     * @example const pdf = await shop.admin.slips({ ids: [a.order_id, b.order_id].join(','), layout: 'label' });
     */
    slips: async (query: SlipsQuery): Promise<Blob> => requestBlob(`orders/slips.pdf${queryString(query)}`),
    /**
     * One order line.
     * @example const { order } = await shop.admin.order(id);
     */
    order: async (id: string): Promise<OrderResponse> => request('GET', path`orders/${id}`),
    /**
     * Sets the shipping status (Processing, Shipped, Delivered, Canceled); with Shipped, optionally the courier,
     * tracking number and tracking URL. The customer is mailed on Shipped, Delivered and Canceled.
     * @example await shop.admin.updateOrderStatus(id, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN' });
     */
    updateOrderStatus: async (id: string, body: UpdateOrderStatusBody): Promise<MessageResponse> =>
      request('PUT', path`orders/${id}`, body),
    /**
     * Deletes an order line.
     * @example await shop.admin.deleteOrder(id);
     */
    deleteOrder: async (id: string): Promise<MessageResponse> => request('DELETE', path`orders/${id}`),
    /**
     * Every user.
     * @example const { users } = await shop.admin.users();
     */
    users: async (): Promise<UsersResponse> => request('GET', 'users/all-users'),
    /**
     * Activates or deactivates a user (deactivating ends their sessions).
     * @example await shop.admin.updateUserStatus(id, { status: 'inactive' });
     */
    updateUserStatus: async (id: string, body: UpdateUserStatusBody): Promise<MessageResponse> =>
      request('PUT', path`users/status/${id}`, body),
    /**
     * Deletes a user.
     * @example await shop.admin.deleteUser(id);
     */
    deleteUser: async (id: string): Promise<MessageResponse> => request('DELETE', path`users/${id}`),
    /**
     * One user by email.
     * @example const { user } = await shop.admin.userByEmail('a@b.in');
     */
    userByEmail: async (email: string): Promise<UserResponse> => request('GET', path`users/admin-get-user/${email}`),
    /**
     * Adds a category.
     * @example const { category } = await shop.admin.createCategory({ name: 'Ghee' });
     */
    createCategory: async (body: NameBody): Promise<CategoryResponse> => request('POST', 'category', body),
    /**
     * Renames a category.
     * @example await shop.admin.updateCategory(id, { name: 'Desi Ghee' });
     */
    updateCategory: async (id: string, body: NameBody): Promise<MessageResponse> =>
      request('PUT', path`category/${id}`, body),
    /**
     * Deletes a category (409 while products use it).
     * @example await shop.admin.deleteCategory(id);
     */
    deleteCategory: async (id: string): Promise<MessageResponse> => request('DELETE', path`category/${id}`),
    /**
     * Adds a solution.
     * @example const { solution } = await shop.admin.createSolution({ name: 'Immunity Power' });
     */
    createSolution: async (body: NameBody): Promise<SolutionResponse> => request('POST', 'solutions', body),
    /**
     * Renames a solution.
     * @example await shop.admin.updateSolution(id, { name: 'Immunity' });
     */
    updateSolution: async (id: string, body: NameBody): Promise<MessageResponse> =>
      request('PUT', path`solutions/${id}`, body),
    /**
     * Deletes a solution (409 while products use it).
     * @example await shop.admin.deleteSolution(id);
     */
    deleteSolution: async (id: string): Promise<MessageResponse> => request('DELETE', path`solutions/${id}`),
    /**
     * Every product.
     * @example const { products } = await shop.admin.products();
     */
    products: async (): Promise<ProductsResponse> => request('GET', 'products/'),
    /**
     * Adds a product; `category` and `solutions` are ids, `image` a data URL.
     * @example const { product, message } = await shop.admin.createProduct({ name: 'A2 Ghee', price: 595, category: id, quantity: 10 });
     */
    createProduct: async (body: CreateProductBody): Promise<ProductMessageResponse> =>
      request('POST', 'products', body),
    /**
     * Changes product fields; a new `image` replaces `old_image`. Renaming changes the slug.
     * @example const { product } = await shop.admin.updateProduct(id, { price: 650 });
     */
    updateProduct: async (id: string, body: UpdateProductBody): Promise<ProductMessageResponse> =>
      request('PUT', path`products/${id}`, body),
    /**
     * Deletes a product (past orders stay readable).
     * @example await shop.admin.deleteProduct(id);
     */
    deleteProduct: async (id: string): Promise<MessageResponse> => request('DELETE', path`products/${id}`),
    /**
     * Publishes a blog post.
     * @example const { blog } = await shop.admin.createBlog({ title: 'Why A2', content: '<p>…</p>' });
     */
    createBlog: async (body: CreateBlogBody): Promise<BlogResponse> => request('POST', 'blogs', body),
    /**
     * Edits a blog post; a new `image` replaces `old_image`.
     * @example const { blog } = await shop.admin.updateBlog(id, { title: 'Why A2 ghee' });
     */
    updateBlog: async (id: string, body: UpdateBlogBody): Promise<BlogResponse> =>
      request('PUT', path`blogs/${id}`, body),
    /**
     * Deletes a blog post.
     * @example await shop.admin.deleteBlog(id);
     */
    deleteBlog: async (id: string): Promise<MessageResponse> => request('DELETE', path`blogs/${id}`),
  };

  return {
    auth,
    store,
    account,
    payments,
    admin,
    /**
     * Liveness check.
     * @example const { status } = await shop.health();
     */
    health: async (): Promise<HealthResponse> => request('GET', 'health'),
  };
}

/** The object `createApiClient` returns. */
export type ApiClient = ReturnType<typeof createApiClient>;
