import type { Order } from '@shop/domain/schemas/orders';
import type { CancellationRequestBody, CheckoutAfterSales, CreateProblemReportBody, TimelineEvent } from '@shop/domain/schemas/refunds';
import type { UpdateProfileBody, UpdateProfileResponse, User } from '@shop/domain/schemas/users';
import { saveFile } from '@shop/ui/save-file';
import { api } from '../../../lib/api';
import { sessionApi } from '../../../store/session-api';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<User, void>({
      query: () => async (c) => (await c.account.profile()).user,
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileBody>({
      query: (body) => (c) => c.account.updateProfile(body),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The saved user is the new pristine state of the form and the name in the account menu.
          dispatch(accountApi.util.upsertQueryData('profile', undefined, data.user));
          dispatch(sessionApi.util.upsertQueryData('currentUser', undefined, data.user));
        } catch {
          // The failure is already shown as a toast.
        }
      },
    }),
    /** Paid orders; with `attempts` also the failed and expired checkouts. */
    orders: build.query<Order[], { attempts: boolean }>({
      query: ({ attempts }) => async (c) => (await c.account.orders({ attempts })).orders,
      providesTags: ['Orders'],
    }),
    /** The tax invoice PDF of a paid checkout, fetched with the bearer token and saved as a file. */
    downloadInvoice: build.mutation<null, string>({
      query: (orderId) => async (c) => {
        saveFile(await c.account.invoice(orderId), `invoice-${orderId}.pdf`);
        return null;
      },
    }),
    /**
     * Beside each checkout: whether Cancel is allowed now (or why not), its refunds and problem reports, and per line
     * whether a problem may be reported. Silent: a server without it still shows the orders.
     */
    afterSales: build.query<CheckoutAfterSales[], void>({
      query: () => async (c) => (await c.account.afterSales()).checkouts,
      extraOptions: { silent: true },
      providesTags: ['Orders'],
    }),
    /** A checkout's history, oldest first; asked for when the customer opens it. */
    timeline: build.query<TimelineEvent[], string>({
      query: (orderId) => async (c) => (await c.account.timeline(orderId)).events,
      providesTags: ['Orders'],
    }),
    /** Same-day cancellation: every line Canceled, and a paid checkout's full refund started. */
    cancelOrder: build.mutation<string, string>({
      query: (orderId) => async (c) => (await c.account.cancelOrder(orderId)).message,
      invalidatesTags: (_result, error) => (error ? [] : ['Orders']),
    }),
    /** Past the same day (or once shipped): the shop is mailed the customer's request. */
    requestCancellation: build.mutation<string, { orderId: string } & CancellationRequestBody>({
      query: ({ orderId, ...body }) => async (c) => (await c.account.requestCancellation(orderId, body)).message,
      invalidatesTags: (_result, error) => (error ? [] : ['Orders']),
    }),
    /** What happened to a delivered line, with up to 3 photos as data URLs. */
    reportProblem: build.mutation<string, { orderId: string } & CreateProblemReportBody>({
      query: ({ orderId, ...body }) => async (c) => (await c.account.reportProblem(orderId, body)).message,
      invalidatesTags: (_result, error) => (error ? [] : ['Orders']),
    }),
    /** The GST credit note PDF of a processed refund, saved as a file. */
    downloadCreditNote: build.mutation<null, { refundId: string; number: string }>({
      query: ({ refundId, number }) => async (c) => {
        saveFile(await c.account.creditNote(refundId), `credit-note-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
        return null;
      },
    }),
  }),
});

export const {
  useProfileQuery,
  useUpdateProfileMutation,
  useOrdersQuery,
  useDownloadInvoiceMutation,
  useAfterSalesQuery,
  useTimelineQuery,
  useCancelOrderMutation,
  useRequestCancellationMutation,
  useReportProblemMutation,
  useDownloadCreditNoteMutation,
} = accountApi;
