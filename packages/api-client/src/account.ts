/** `shop.account`: the signed-in customer's profile, orders, invoices and checkout. */
import type { MessageResponse } from '@shop/domain/schemas/common';
import type { CreateOrderBody, CreateOrderResponse, OrdersQuery, OrdersResponse } from '@shop/domain/schemas/orders';
import type { PaymentResult, PaymentVerificationResponse, ReleaseCheckoutBody } from '@shop/domain/schemas/payments';
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
  };
}
