/** `shop.admin`: the admin panel's calls (role admin), grouped as the panel's pages are. */
import type { BlogResponse, CreateBlogBody, UpdateBlogBody } from '@shop/domain/schemas/blogs';
import type { CategoryResponse, NameBody, SolutionResponse } from '@shop/domain/schemas/catalogue';
import type {
  CheckoutsQuery,
  CheckoutsResponse,
  ConfirmCodResponse,
  OrdersExportQuery,
  ShipCheckoutBody,
  ShipCheckoutResponse,
  SlipsQuery,
} from '@shop/domain/schemas/checkouts';
import type { MessageResponse } from '@shop/domain/schemas/common';
import type { CouponResponse, CouponsResponse, CreateCouponBody, UpdateCouponBody } from '@shop/domain/schemas/coupons';
import type {
  DeliverySettings,
  DeliverySettingsBody,
  PincodeOverride,
  PincodeOverrideBody,
  PincodeOverridesResponse,
} from '@shop/domain/schemas/delivery';
import type {
  AnswerProblemReportBody,
  AnswerProblemReportResponse,
  CheckoutAfterSales,
  CreateRefundBody,
  CreateRefundResponse,
  ProblemReportsQuery,
  ProblemReportsResponse,
  RefundsResponse,
  TimelineResponse,
} from '@shop/domain/schemas/refunds';
import type { HomeTileResponse, UpdateHomeTileBody } from '@shop/domain/schemas/home-tiles';
import type {
  OrderResponse,
  OrdersDashboardResponse,
  OrdersQuery,
  OrdersResponse,
  UpdateOrderStatusBody,
} from '@shop/domain/schemas/orders';
import type {
  CreateProductBody,
  ProductMessageResponse,
  ProductsDashboardResponse,
  ProductsResponse,
  UpdateProductBody,
} from '@shop/domain/schemas/products';
import type { AdminReviewResponse, AdminReviewsResponse, ModerateReviewBody, ReviewsQuery } from '@shop/domain/schemas/reviews';
import type { CreateSliderBody, SliderResponse } from '@shop/domain/schemas/sliders';
import type {
  UpdateUserStatusBody,
  UserResponse,
  UsersDashboardResponse,
  UsersResponse,
} from '@shop/domain/schemas/users';
import type { Requester } from './http.js';
import { ordersQuery, path, queryString } from './paths.js';

/** The home page (slides, video tiles) and the blog. */
function adminContentCalls(api: Requester) {
  return {
    /**
     * Adds a home slide (409 when there are already 3).
     * @example const { slider } = await shop.admin.createSlider({ name: 'Ghee', url: '/product/a2-cow-ghee', image: dataUrl });
     */
    createSlider: async (body: CreateSliderBody): Promise<SliderResponse> => api.request('POST', 'slider', body),
    /**
     * Removes a home slide.
     * @example await shop.admin.deleteSlider(slider._id);
     */
    deleteSlider: async (id: string): Promise<MessageResponse> => api.request('DELETE', path`slider/${id}`),
    /**
     * Changes a home video tile (position 1 to 3): its title, clip and product (an id, or null for none).
     * @example const { tile } = await shop.admin.updateHomeTile(2, { title: 'Hair Oil', video: 'herbal-hair-oil', product: id });
     */
    updateHomeTile: async (position: number, body: UpdateHomeTileBody): Promise<HomeTileResponse> =>
      api.request('PUT', path`home-tiles/${position}`, body),
    /**
     * Publishes a blog post.
     * @example const { blog } = await shop.admin.createBlog({ title: 'Why A2', content: '<p>…</p>' });
     */
    createBlog: async (body: CreateBlogBody): Promise<BlogResponse> => api.request('POST', 'blogs', body),
    /**
     * Edits a blog post; a new `image` replaces `old_image`.
     * @example const { blog } = await shop.admin.updateBlog(id, { title: 'Why A2 ghee' });
     */
    updateBlog: async (id: string, body: UpdateBlogBody): Promise<BlogResponse> =>
      api.request('PUT', path`blogs/${id}`, body),
    /**
     * Deletes a blog post.
     * @example await shop.admin.deleteBlog(id);
     */
    deleteBlog: async (id: string): Promise<MessageResponse> => api.request('DELETE', path`blogs/${id}`),
  };
}

/** Orders and checkouts: lists, shipping, invoices, the CSV export and packing slips. */
function adminOrderCalls(api: Requester) {
  return {
    /**
     * Paid order count, orders per day, the recent orders, and paid revenue today and in the last 30 days.
     * @example const { orders_count, recent_orders } = await shop.admin.ordersDashboard();
     */
    ordersDashboard: async (): Promise<OrdersDashboardResponse> => api.request('GET', 'orders/dashboard'),
    /**
     * Order lines of every user: paid checkouts, and with `{ attempts: true }` the unpaid ones too.
     * @example const { orders } = await shop.admin.orders();
     * @example const { orders } = await shop.admin.orders({ attempts: true });
     */
    orders: async (query?: OrdersQuery): Promise<OrdersResponse> => api.request('GET', `orders/all${ordersQuery(query)}`),
    /**
     * The PDF tax invoice of any paid checkout.
     * @example const pdf = await shop.admin.invoice(order.order_id);
     */
    invoice: async (orderId: string): Promise<Blob> => api.requestBlob(path`invoices/${orderId}`),
    /**
     * Checkouts (one per order as placed), newest first, paged; filtered by `q` (order number, customer name,
     * email or phone), payment, shipping status and the days `from`/`to` (IST, inclusive).
     * @example const { checkouts, pages } = await shop.admin.checkouts({ q: '98765 43210', page: 1 });
     */
    checkouts: async (query?: CheckoutsQuery): Promise<CheckoutsResponse> => api.request('GET', `checkouts${queryString(query)}`),
    /**
     * Moves every line of a checkout to a shipping status together (one mail per change); Shipped needs the courier
     * and tracking number in the same call. A move the shipping rules refuse is a 409 with its reason.
     * @example await shop.admin.shipCheckout('order_ScpFS4FgEWWtf6', { status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN' });
     */
    shipCheckout: async (orderId: string, body: ShipCheckoutBody): Promise<ShipCheckoutResponse> =>
      api.request('PUT', path`checkouts/${orderId}`, body),
    /**
     * Confirms a cash-on-delivery order waiting for confirmation (payment `COD: to confirm`), as the shopper's mailed
     * link does: it becomes `COD: to collect`, its lines Processing, and it gets its tax invoice. Confirming an order
     * already confirmed changes nothing; one that expired or is not COD is a 409 saying why.
     * @example const { checkout } = await shop.admin.confirmCod('cod_3f9a1c0b7d2e4a6f');
     */
    confirmCod: async (orderId: string): Promise<ConfirmCodResponse> => api.request('POST', path`checkouts/${orderId}/confirm-cod`),
    /**
     * Refunds through the payment provider: the whole checkout (no `lines`, no `amount`: everything still refundable,
     * fees included), chosen lines with quantities, or an `amount`; `restock` puts the units back. `idempotencyKey`
     * (one per press of the button, e.g. crypto.randomUUID()) makes a double click or a retry one refund.
     * @example const { refund } = await shop.admin.createRefund(orderId, { lines: [{ _id: lineId, quantity: 1 }], reason: 'Broken jar', restock: false }, crypto.randomUUID());
     */
    createRefund: async (orderId: string, body: CreateRefundBody, idempotencyKey: string): Promise<CreateRefundResponse> =>
      api.request('POST', path`checkouts/${orderId}/refunds`, body, { 'Idempotency-Key': idempotencyKey }),
    /**
     * A checkout's refunds, with what was paid, refunded and is still refundable.
     * @example const { refunds, refundable } = await shop.admin.refunds(orderId);
     */
    refunds: async (orderId: string): Promise<RefundsResponse> => api.request('GET', path`checkouts/${orderId}/refunds`),
    /**
     * What the order detail shows beside a checkout: refunds, problem reports, per line refunded units.
     * @example const { refunds, problems, lines } = await shop.admin.checkoutAfterSales(orderId);
     */
    checkoutAfterSales: async (orderId: string): Promise<CheckoutAfterSales> => api.request('GET', path`checkouts/${orderId}/after-sales`),
    /**
     * A checkout's history (placed, paid, shipped, delivered, cancelled, refunds, problem reports).
     * @example const { events } = await shop.admin.timeline(orderId);
     */
    timeline: async (orderId: string): Promise<TimelineResponse> => api.request('GET', path`checkouts/${orderId}/timeline`),
    /**
     * The PDF credit note of any processed refund of an invoiced checkout.
     * @example const pdf = await shop.admin.creditNote(refund._id);
     */
    creditNote: async (refundId: string): Promise<Blob> => api.requestBlob(path`credit-notes/${refundId}`),
    /**
     * Problem reports, open ones by default (`{ status: 'answered' }` or `'all'`), newest first.
     * @example const { problems } = await shop.admin.problemReports();
     */
    problemReports: async (query?: ProblemReportsQuery): Promise<ProblemReportsResponse> =>
      api.request('GET', `problem-reports${queryString(query)}`),
    /**
     * Answers a problem report with a reply, a refund of chosen lines (never restocked), or both; a refund needs
     * `idempotencyKey`. The customer is mailed.
     * @example await shop.admin.answerProblem(id, { refund: { lines: [{ _id: lineId, quantity: 1 }] } }, crypto.randomUUID());
     */
    answerProblem: async (id: string, body: AnswerProblemReportBody, idempotencyKey?: string): Promise<AnswerProblemReportResponse> =>
      api.request('POST', path`problem-reports/${id}/answer`, body, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined),
    /**
     * The orders as a CSV file (UTF-8 with a byte-order mark), with the list's filters; `format` `lines` (the default,
     * one row per order line) or `orders` (one row per checkout).
     * @example saveFile(await shop.admin.exportOrders({ from: '2026-11-01', to: '2026-11-30', format: 'lines' }), 'orders.csv');
     */
    exportOrders: async (query?: OrdersExportQuery): Promise<Blob> =>
      api.requestBlob(`orders/export.csv${queryString(query)}`, 'text/csv'),
    /**
     * Packing slips (`a4`) or 100 x 150 mm shipping labels (`label`) as one PDF, a page per checkout; `ids` are
     * order line ids or checkout ids, comma-separated.
     * @example const pdf = await shop.admin.slips({ ids: [a.order_id, b.order_id].join(','), layout: 'label' });
     */
    slips: async (query: SlipsQuery): Promise<Blob> => api.requestBlob(`orders/slips.pdf${queryString(query)}`),
    /**
     * One order line.
     * @example const { order } = await shop.admin.order(id);
     */
    order: async (id: string): Promise<OrderResponse> => api.request('GET', path`orders/${id}`),
    /**
     * Sets the shipping status (Processing, Shipped, Delivered, Canceled); with Shipped, optionally the courier,
     * tracking number and tracking URL. The customer is mailed on Shipped, Delivered and Canceled.
     * @example await shop.admin.updateOrderStatus(id, { status: 'Shipped', courier: 'India Post', tracking_number: 'EE123456789IN' });
     */
    updateOrderStatus: async (id: string, body: UpdateOrderStatusBody): Promise<MessageResponse> =>
      api.request('PUT', path`orders/${id}`, body),
    /**
     * Deletes an order line.
     * @example await shop.admin.deleteOrder(id);
     */
    deleteOrder: async (id: string): Promise<MessageResponse> => api.request('DELETE', path`orders/${id}`),
  };
}

/** Users and the sign-up dashboard. */
function adminUserCalls(api: Requester) {
  return {
    /**
     * User count, and sign-ups per day.
     * @example const { users_count, users } = await shop.admin.usersDashboard();
     */
    usersDashboard: async (): Promise<UsersDashboardResponse> => api.request('GET', 'users/dashboard'),
    /**
     * Every user.
     * @example const { users } = await shop.admin.users();
     */
    users: async (): Promise<UsersResponse> => api.request('GET', 'users/all-users'),
    /**
     * Activates or deactivates a user (deactivating ends their sessions).
     * @example await shop.admin.updateUserStatus(id, { status: 'inactive' });
     */
    updateUserStatus: async (id: string, body: UpdateUserStatusBody): Promise<MessageResponse> =>
      api.request('PUT', path`users/status/${id}`, body),
    /**
     * Deletes a user.
     * @example await shop.admin.deleteUser(id);
     */
    deleteUser: async (id: string): Promise<MessageResponse> => api.request('DELETE', path`users/${id}`),
    /**
     * One user by email.
     * @example const { user } = await shop.admin.userByEmail('a@b.in');
     */
    userByEmail: async (email: string): Promise<UserResponse> => api.request('GET', path`users/admin-get-user/${email}`),
  };
}

/** Categories, solutions, products and the products dashboard. */
function adminCatalogueCalls(api: Requester) {
  return {
    /**
     * Product count, and products per category.
     * @example const { products_count, products } = await shop.admin.productsDashboard();
     */
    productsDashboard: async (): Promise<ProductsDashboardResponse> => api.request('GET', 'products/dashboard'),
    /**
     * Adds a category.
     * @example const { category } = await shop.admin.createCategory({ name: 'Ghee' });
     */
    createCategory: async (body: NameBody): Promise<CategoryResponse> => api.request('POST', 'category', body),
    /**
     * Renames a category.
     * @example await shop.admin.updateCategory(id, { name: 'Desi Ghee' });
     */
    updateCategory: async (id: string, body: NameBody): Promise<MessageResponse> =>
      api.request('PUT', path`category/${id}`, body),
    /**
     * Deletes a category (409 while products use it).
     * @example await shop.admin.deleteCategory(id);
     */
    deleteCategory: async (id: string): Promise<MessageResponse> => api.request('DELETE', path`category/${id}`),
    /**
     * Adds a solution.
     * @example const { solution } = await shop.admin.createSolution({ name: 'Immunity Power' });
     */
    createSolution: async (body: NameBody): Promise<SolutionResponse> => api.request('POST', 'solutions', body),
    /**
     * Renames a solution.
     * @example await shop.admin.updateSolution(id, { name: 'Immunity' });
     */
    updateSolution: async (id: string, body: NameBody): Promise<MessageResponse> =>
      api.request('PUT', path`solutions/${id}`, body),
    /**
     * Deletes a solution (409 while products use it).
     * @example await shop.admin.deleteSolution(id);
     */
    deleteSolution: async (id: string): Promise<MessageResponse> => api.request('DELETE', path`solutions/${id}`),
    /**
     * Every product.
     * @example const { products } = await shop.admin.products();
     */
    products: async (): Promise<ProductsResponse> => api.request('GET', 'products/'),
    /**
     * Adds a product; `category` and `solutions` are ids, `image` a data URL.
     * @example const { product, message } = await shop.admin.createProduct({ name: 'A2 Ghee', price: 595, category: id, quantity: 10 });
     */
    createProduct: async (body: CreateProductBody): Promise<ProductMessageResponse> =>
      api.request('POST', 'products', body),
    /**
     * Changes product fields; a new `image` replaces `old_image`. Renaming changes the slug.
     * @example const { product } = await shop.admin.updateProduct(id, { price: 650 });
     */
    updateProduct: async (id: string, body: UpdateProductBody): Promise<ProductMessageResponse> =>
      api.request('PUT', path`products/${id}`, body),
    /**
     * Deletes a product (past orders stay readable).
     * @example await shop.admin.deleteProduct(id);
     */
    deleteProduct: async (id: string): Promise<MessageResponse> => api.request('DELETE', path`products/${id}`),
  };
}

/** Every admin call as one group: `shop.admin`. */
/** The Delivery screen: zones and fees, the dispatch calendar, local PINs, cash on delivery and PIN corrections. */
function adminDeliveryCalls(api: Requester) {
  return {
    /**
     * The shop's delivery settings.
     * @example const { free_shipping_above } = await shop.admin.deliverySettings();
     */
    deliverySettings: async (): Promise<DeliverySettings> => api.request('GET', 'delivery/settings'),
    /**
     * Changes some delivery settings (the rest stay); answers them all.
     * @example await shop.admin.saveDeliverySettings({ free_shipping_above: 999 });
     */
    saveDeliverySettings: async (body: DeliverySettingsBody): Promise<DeliverySettings> => api.request('PUT', 'delivery/settings', body),
    /**
     * The admin's corrections of the PIN code directory.
     * @example const { overrides } = await shop.admin.pincodeOverrides();
     */
    pincodeOverrides: async (): Promise<PincodeOverridesResponse> => api.request('GET', 'delivery/pincodes'),
    /**
     * Adds or changes the correction of one PIN (block it, COD off, its state).
     * @example await shop.admin.savePincodeOverride('194101', { state: 'Ladakh', serviceable: true, cod: false });
     */
    savePincodeOverride: async (pin: string, body: PincodeOverrideBody): Promise<PincodeOverride> => api.request('PUT', path`delivery/pincodes/${pin}`, body),
    /**
     * Removes the correction of one PIN (the directory's entry applies again).
     * @example await shop.admin.deletePincodeOverride('194101');
     */
    deletePincodeOverride: async (pin: string): Promise<MessageResponse> => api.request('DELETE', path`delivery/pincodes/${pin}`),
  };
}

/** The Reviews screen: moderation and replies (issue 33). */
function adminReviewCalls(api: Requester) {
  return {
    /**
     * Reviews, newest first; `{ status: 'pending' }` lists those waiting for the admin.
     * @example const { reviews } = await shop.admin.reviews({ status: 'pending' });
     */
    reviews: async (query?: ReviewsQuery): Promise<AdminReviewsResponse> => api.request('GET', `reviews${queryString(query)}`),
    /**
     * Publishes a review, or rejects it with a reason its author sees; `reply` is the shop's public answer ('' removes it).
     * @example await shop.admin.moderateReview(review._id, { status: 'published', reply: 'Thank you!' });
     */
    moderateReview: async (id: string, body: ModerateReviewBody): Promise<AdminReviewResponse> =>
      api.request('PUT', path`reviews/${id}`, body),
  };
}

/** The Coupons screen: codes with their kind, value, dates (IST) and limits, each with its uses and revenue. */
function adminCouponCalls(api: Requester) {
  return {
    /**
     * Every coupon, newest first, with its uses (paid and held by open checkouts), the revenue it brought and the
     * discount it gave.
     * @example const { coupons } = await shop.admin.coupons();
     */
    coupons: async (): Promise<CouponsResponse> => api.request('GET', 'coupons'),
    /**
     * Adds a coupon. 400 naming the field (odd characters in the code, a negative or over-100% value, ends_at before
     * starts_at); 409 when the code exists already in any letter case.
     * @example const { coupon } = await shop.admin.createCoupon({ code: 'DIWALI10', kind: 'percent', value: 10, starts_at: '2026-10-20', ends_at: '2026-11-05' });
     */
    createCoupon: async (body: CreateCouponBody): Promise<CouponResponse> => api.request('POST', 'coupons', body),
    /**
     * Changes some of a coupon's fields (the rest stay; `null` clears a limit).
     * @example await shop.admin.updateCoupon(coupon._id, { active: false });
     */
    updateCoupon: async (id: string, body: UpdateCouponBody): Promise<CouponResponse> => api.request('PUT', path`coupons/${id}`, body),
    /**
     * Deletes a coupon that was never used (409 for one that was: turn it off instead).
     * @example await shop.admin.deleteCoupon(coupon._id);
     */
    deleteCoupon: async (id: string): Promise<MessageResponse> => api.request('DELETE', path`coupons/${id}`),
  };
}

export function adminCalls(api: Requester) {
  return {
    ...adminReviewCalls(api),
    ...adminContentCalls(api),
    ...adminOrderCalls(api),
    ...adminUserCalls(api),
    ...adminCatalogueCalls(api),
    ...adminDeliveryCalls(api),
    ...adminCouponCalls(api),
  };
}
