import type { CreateOrderBody, CreateOrderResponse } from '@shop/domain/schemas/orders';
import type {
  PaymentConfigResponse,
  PaymentResult,
  PaymentVerificationResponse,
  ReleaseCheckoutBody,
  SandboxCheckoutBody,
} from '@shop/domain/schemas/payments';
import type { MessageResponse } from '@shop/domain/schemas/common';
import { api } from '../../../lib/api';

const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentConfig: build.query<PaymentConfigResponse, void>({
      query: () => (c) => c.payments.config(),
    }),
    createOrder: build.mutation<CreateOrderResponse, CreateOrderBody>({
      query: (body) => (c) => c.account.createOrder(body),
      // A cash on delivery order is on the shopper's Orders at once (an online one once it is paid).
      invalidatesTags: (order) => (order?.payment_method === 'cod' ? ['Orders'] : []),
    }),
    // The two payment steps end in 'Order Successful' or 'Payment Failed', never in the server's wording.
    sandboxCheckout: build.mutation<PaymentResult, SandboxCheckoutBody>({
      query: (body) => (c) => c.payments.sandboxCheckout(body),
      extraOptions: { silent: true },
    }),
    verifyPayment: build.mutation<PaymentVerificationResponse, PaymentResult>({
      query: (body) => (c) => c.account.verifyPayment(body),
      invalidatesTags: ['Orders'],
      extraOptions: { silent: true },
    }),
    // The payment window was closed without paying: the hold goes back at once, the cart stays as it is.
    releaseCheckout: build.mutation<MessageResponse, ReleaseCheckoutBody>({
      query: (body) => (c) => c.account.releaseCheckout(body),
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useCreateOrderMutation,
  useLazyPaymentConfigQuery,
  useReleaseCheckoutMutation,
  useSandboxCheckoutMutation,
  useVerifyPaymentMutation,
} = checkoutApi;
