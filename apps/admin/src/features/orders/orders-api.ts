import type { UpdateOrderStatusBody } from '@shop/domain/schemas/orders';
import { fromClient } from '@shop/app-kit/base-query';
import { saveFile } from '@shop/ui/save-file';
import { api } from '../../lib/api';

/** The admin list's filter: paid checkouts only, or with the unpaid attempts too. */
export interface OrdersFilter {
  attempts: boolean;
}

export const ordersApi = api.injectEndpoints({
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
    deleteOrder: build.mutation({
      ...fromClient((id: string, c) => c.admin.deleteOrder(id)),
      invalidatesTags: ['Orders', 'Dashboard'],
    }),
  }),
});

export const { useAllOrdersQuery, useOrderQuery, useUpdateOrderStatusMutation, useDeleteOrderMutation, useDownloadInvoiceMutation } =
  ordersApi;
