import type { ShippingStatus } from '@shop/domain/constants';
import { api, run } from '../../lib/api';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    allOrders: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.admin.orders()),
      providesTags: ['Orders'],
    }),
    order: build.query({
      queryFn: (id: string, { extra }) => run(extra, (c) => c.admin.order(id)),
      providesTags: ['Orders'],
    }),
    updateOrderStatus: build.mutation({
      queryFn: ({ id, status }: { id: string; status: ShippingStatus }, { extra }) =>
        run(extra, (c) => c.admin.updateOrderStatus(id, { status })),
      // SPEC 4: the row keeps the chosen value in `status` at once; it goes back if the call fails.
      async onQueryStarted({ id, status }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          ordersApi.util.updateQueryData('allOrders', undefined, (draft) => {
            const row = draft.orders.find((o) => o._id === id);
            if (row) row.status = status;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Dashboard'],
    }),
    deleteOrder: build.mutation({
      queryFn: (id: string, { extra }) => run(extra, (c) => c.admin.deleteOrder(id)),
      invalidatesTags: ['Orders', 'Dashboard'],
    }),
  }),
});

export const { useAllOrdersQuery, useOrderQuery, useUpdateOrderStatusMutation, useDeleteOrderMutation } = ordersApi;
