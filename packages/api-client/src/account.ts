/** `shop.account`: the signed-in customer's profile, orders, invoices and checkout. */
import type { MessageResponse } from '@shop/domain/schemas/common';
import type { CreateOrderBody, CreateOrderResponse, OrdersQuery, OrdersResponse } from '@shop/domain/schemas/orders';
import type { PaymentResult, PaymentVerificationResponse, ReleaseCheckoutBody } from '@shop/domain/schemas/payments';
import type { MyReviewResponse, ReviewBody, ReviewResponse } from '@shop/domain/schemas/reviews';
import type {
  AfterSalesListResponse,
  CancelCheckoutResponse,
  CancellationRequestBody,
  CheckoutAfterSales,
  CreateProblemReportBody,
  ProblemReportResponse,
  RefundsResponse,
  TimelineResponse,
} from '@shop/domain/schemas/refunds';
import type { UpdateProfileBody, UpdateProfileResponse, UserResponse } from '@shop/domain/schemas/users';
import type { Requester } from './http.js';
import { ordersQuery, path } from './paths.js';

/** The calls of a signed-in customer. */
export function accountCalls(api: Requester) {
  return {
    /**
     * The signed-in user.
     * @example const { user } = await shop.account.currentUser();
     */
    currentUser: async (): Promise<UserResponse> => api.request('GET', 'users/get-user'),
    /**
     * The signed-in user's profile.
     * @example const { user } = await shop.account.profile();
     */
    profile: async (): Promise<UserResponse> => api.request('GET', 'users/profile'),
    /**
     * Saves name, phone and address (the email never changes).
     * @example const { user, message } = await shop.account.updateProfile({ name: 'Asha', phone: '+919800000000', address: 'Pune' });
     */
    updateProfile: async (body: UpdateProfileBody): Promise<UpdateProfileResponse> =>
      api.request('PUT', 'users/profile', body),
    /**
     * The signed-in user's order lines: paid checkouts, and with `{ attempts: true }` the unpaid ones too
     * (Pending, Failed, Expired).
     * @example const { orders } = await shop.account.orders();
     * @example const { orders } = await shop.account.orders({ attempts: true });
     */
    orders: async (query?: OrdersQuery): Promise<OrdersResponse> => api.request('GET', `orders/${ordersQuery(query)}`),
    /**
     * The PDF tax invoice of one of the user's paid checkouts (404 for anyone else's or an unpaid one).
     * In a browser, show it with `URL.createObjectURL(blob)`.
     * @example const pdf = await shop.account.invoice(order.order_id);
     */
    invoice: async (orderId: string): Promise<Blob> => api.requestBlob(path`invoices/${orderId}`),
    /**
     * Starts a checkout: the server re-prices the cart and reserves stock; `amount` is in INR paise.
     * @example const { amount, order_id } = await shop.account.createOrder({ cart: [{ _id: id, cart_quantity: 1 }] });
     */
    createOrder: async (body: CreateOrderBody): Promise<CreateOrderResponse> => api.request('POST', 'orders', body),
    /**
     * Verifies the provider's signature; a bad one throws ApiError 400 whose `body` is `{ success: false, message }`.
     * @example const { success } = await shop.account.verifyPayment(razorpayResponse);
     */
    verifyPayment: async (body: PaymentResult): Promise<PaymentVerificationResponse> =>
      api.request('POST', 'orders/paymentverification', body),
    /**
     * The payment window was closed without paying: the checkout's units go back to stock at once and the cart is
     * kept; PAY again (createOrder with the same cart) reopens the same checkout. 409 when it was paid meanwhile.
     * @example await shop.account.releaseCheckout({ order_id });
     */
    releaseCheckout: async (body: ReleaseCheckoutBody): Promise<MessageResponse> => api.request('POST', 'orders/release', body),
    /**
     * The signed-in customer's own review of a product (any status, with the rejection reason), or null: the form edits it.
     * @example const { review } = await shop.account.myReview(product._id);
     */
    myReview: async (productId: string): Promise<MyReviewResponse> => api.request('GET', path`products/${productId}/reviews/mine`),
    /**
     * Writes the customer's review of a product, or edits the one they wrote (it waits for the shop again). Plain
     * text only: an HTML tag is refused (400).
     * @example const { review } = await shop.account.saveReview(product._id, { rating: 5, title: 'Lovely', body: 'Tastes like home.' });
     */
    saveReview: async (productId: string, body: ReviewBody): Promise<ReviewResponse> =>
      api.request('POST', path`products/${productId}/reviews`, body),
    /**
     * Cancels one of the user's checkouts: allowed on the day it was placed (IST) while nothing has shipped. Every
     * line becomes Canceled; a paid checkout's full refund starts (`refund`). 409 with the reason otherwise.
     * @example const { message, refund } = await shop.account.cancelOrder(order.order_id);
     */
    cancelOrder: async (orderId: string): Promise<CancelCheckoutResponse> => api.request('POST', path`checkouts/${orderId}/cancel`),
    /**
     * Asks the shop to cancel (when Cancel is no longer allowed): the shop is mailed.
     * @example await shop.account.requestCancellation(order.order_id, { message: 'Ordered twice by mistake' });
     */
    requestCancellation: async (orderId: string, body: CancellationRequestBody = {}): Promise<MessageResponse> =>
      api.request('POST', path`checkouts/${orderId}/cancellation-request`, body),
    /**
     * The refunds of one of the user's checkouts, with what was paid, refunded and is still refundable.
     * @example const { refunds } = await shop.account.refunds(order.order_id);
     */
    refunds: async (orderId: string): Promise<RefundsResponse> => api.request('GET', path`checkouts/${orderId}/refunds`),
    /**
     * Cancel allowed or why not, refunds, problem reports and per line what may be reported, for every placed
     * checkout of the user (newest first): what Orders shows beside each order.
     * @example const { checkouts } = await shop.account.afterSales();
     */
    afterSales: async (): Promise<AfterSalesListResponse> => api.request('GET', 'checkouts/after-sales'),
    /**
     * The same for one checkout.
     * @example const { cancel } = await shop.account.checkoutAfterSales(order.order_id);
     */
    checkoutAfterSales: async (orderId: string): Promise<CheckoutAfterSales> => api.request('GET', path`checkouts/${orderId}/after-sales`),
    /**
     * A checkout's history: placed, paid, shipped, delivered, cancelled, refunds, problem reports.
     * @example const { events } = await shop.account.timeline(order.order_id);
     */
    timeline: async (orderId: string): Promise<TimelineResponse> => api.request('GET', path`checkouts/${orderId}/timeline`),
    /**
     * The PDF credit note of a processed refund (404 for anyone else's).
     * @example const pdf = await shop.account.creditNote(refund._id);
     */
    creditNote: async (refundId: string): Promise<Blob> => api.requestBlob(path`credit-notes/${refundId}`),
    /**
     * Reports a problem with a delivered line (within 48 hours of Delivered): what happened and up to 3 photos as data URLs.
     * @example await shop.account.reportProblem(order.order_id, { line_id: order._id, message: 'The jar arrived broken', photos: [dataUrl] });
     */
    reportProblem: async (orderId: string, body: CreateProblemReportBody): Promise<ProblemReportResponse> =>
      api.request('POST', path`checkouts/${orderId}/problem-reports`, body),
  };
}
