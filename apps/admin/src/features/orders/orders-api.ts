import type { UpdateOrderStatusBody } from '@shop/domain/schemas/orders';
import type { CheckoutsQuery, OrdersExportQuery, ShipCheckoutBody, SlipsQuery } from '@shop/domain/schemas/checkouts';
import type { AnswerProblemReportBody, CreateRefundBody } from '@shop/domain/schemas/refunds';
import { fromClient } from '@shop/app-kit/base-query';
import { saveFile } from '@shop/ui/save-file';
import { api } from '../../lib/api';

/** The admin list's filter: paid checkouts only, or with the unpaid attempts too. */
interface OrdersFilter {
  attempts: boolean;
}

const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    allOrders: build.query({
      ...fromClient(({ attempts }: OrdersFilter, c) => c.admin.orders({ attempts })),
      providesTags: ['Orders'],
    }),
    order: build.query({
      ...fromClient((id: string, c) => c.admin.order(id)),
      providesTags: (_result, _error, id) => ['Orders', { type: 'Orders' as const, id }],
    }),
    /** The tax invoice PDF of a paid checkout, fetched with the admin's token and saved as a file. */
    downloadInvoice: build.mutation({
      ...fromClient(async (orderId: string, c) => {
        saveFile(await c.admin.invoice(orderId), `invoice-${orderId}.pdf`);
        return null;
      }),
    }),
    updateOrderStatus: build.mutation({
      ...fromClient(({ id, ...body }: UpdateOrderStatusBody & { id: string }, c) => c.admin.updateOrderStatus(id, body)),
      // SPEC 4: the row keeps the chosen value in `status` at once (in either list); it goes back if the call fails.
      async onQueryStarted({ id, status }, { dispatch, queryFulfilled }) {
        const patches = [false, true].map((attempts) =>
          dispatch(
            ordersApi.util.updateQueryData('allOrders', { attempts }, (draft) => {
              const row = draft.orders.find((o) => o._id === id);
              if (row) row.status = status;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      // The detail screen re-reads the order (courier and tracking number included).
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['Dashboard', { type: 'Orders', id }]),
    }),
    /** One page of checkouts (one row per order as placed) with the desk's search and filters. */
    checkouts: build.query({
      ...fromClient((query: CheckoutsQuery, c) => c.admin.checkouts(query)),
      // Each line too, so a line shipped on its own page refreshes the checkout it belongs to.
      providesTags: (result) => [
        'Orders' as const,
        ...(result?.checkouts.flatMap((c) => c.items.map((item) => ({ type: 'Orders' as const, id: item._id }))) ?? []),
      ],
    }),
    /** Every line of a checkout moves together; Shipped carries the courier and tracking in the same call. */
    shipCheckout: build.mutation({
      ...fromClient(({ order_id, ...body }: ShipCheckoutBody & { order_id: string }, c) => c.admin.shipCheckout(order_id, body)),
      invalidatesTags: (_result, error) => (error ? [] : ['Orders', 'Dashboard']),
    }),
    /** Confirms a cash-on-delivery order for the shopper (as their mailed link does). */
    confirmCod: build.mutation({
      ...fromClient((orderId: string, c) => c.admin.confirmCod(orderId)),
      invalidatesTags: (_result, error) => (error ? [] : ['Orders', 'Dashboard']),
    }),
    /** The CSV of the orders the list's filters select, fetched with the admin's token and saved as a file. */
    exportOrders: build.mutation({
      ...fromClient(async (query: OrdersExportQuery, c) => {
        saveFile(await c.admin.exportOrders(query), exportFileName(query));
        return null;
      }),
    }),
    /** Packing slips or labels of the chosen checkouts as one PDF, saved as a file. */
    printSlips: build.mutation({
      ...fromClient(async (query: SlipsQuery, c) => {
        saveFile(await c.admin.slips(query), query.layout === 'label' ? 'labels.pdf' : 'packing-slips.pdf');
        return null;
      }),
    }),
    /** A checkout's refunds, what is left to refund, its problem reports and per line the units refunded. */
    checkoutAfterSales: build.query({
      ...fromClient((orderId: string, c) => c.admin.checkoutAfterSales(orderId)),
      providesTags: ['Orders'],
    }),
    /** A checkout's history, oldest first. */
    checkoutTimeline: build.query({
      ...fromClient(async (orderId: string, c) => (await c.admin.timeline(orderId)).events),
      providesTags: ['Orders'],
    }),
    /**
     * A refund through the payment provider. `key` is made once per opening of the form (newIdempotencyKey), so a
     * double click or a retry of the same refund is one refund on the server.
     */
    createRefund: build.mutation({
      ...fromClient(({ orderId, body, key }: { orderId: string; body: CreateRefundBody; key: string }, c) => c.admin.createRefund(orderId, body, key)),
      invalidatesTags: (_result, error) => (error ? [] : ['Orders', 'Dashboard']),
    }),
    /** A reply, a refund of chosen lines (never restocked), or both; `key` as for createRefund when refunding. */
    answerProblem: build.mutation({
      ...fromClient(({ id, body, key }: { id: string; body: AnswerProblemReportBody; key?: string }, c) => c.admin.answerProblem(id, body, key)),
      invalidatesTags: (_result, error) => (error ? [] : ['Orders', 'Dashboard']),
    }),
    /** The GST credit note PDF of a processed refund, fetched with the admin's token and saved as a file. */
    downloadCreditNote: build.mutation({
      ...fromClient(async ({ refundId, number }: { refundId: string; number: string }, c) => {
        saveFile(await c.admin.creditNote(refundId), `credit-note-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
        return null;
      }),
    }),
    deleteOrder: build.mutation({
      ...fromClient((id: string, c) => c.admin.deleteOrder(id)),
      invalidatesTags: ['Orders', 'Dashboard'],
    }),
  }),
});

/** `orders-2026-11-01-to-2026-11-30.csv`, `orders-2026-11-26.csv` for one day, `orders.csv` for all. */
function exportFileName({ from, to, format }: OrdersExportQuery): string {
  const span = from && to && from === to ? `-${from}` : `${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}`;
  return `${format === 'orders' ? 'checkouts' : 'orders'}${span}.csv`;
}

export const {
  useCheckoutsQuery,
  useShipCheckoutMutation,
  useConfirmCodMutation,
  useExportOrdersMutation,
  usePrintSlipsMutation,
} = ordersApi;

export const { useAllOrdersQuery, useOrderQuery, useUpdateOrderStatusMutation, useDeleteOrderMutation, useDownloadInvoiceMutation } =
  ordersApi;

export const {
  useCheckoutAfterSalesQuery,
  useCheckoutTimelineQuery,
  useCreateRefundMutation,
  useAnswerProblemMutation,
  useDownloadCreditNoteMutation,
} = ordersApi;
