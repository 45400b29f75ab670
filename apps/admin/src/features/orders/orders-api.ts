import type { ShippingStatus } from '@shop/domain/constants';
import { fromClient } from '@shop/app-kit/base-query';
import { api } from '../../lib/api';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    allOrders: build.query({
      ...fromClient((_arg: void, c) => c.admin.orders()),
      providesTags: ['Orders'],
    }),
    order: build.query({
      ...fromClient((id: string, c) => c.admin.order(id)),
      providesTags: ['Orders'],
    }),
    updateOrderStatus: build.mutation({
      ...fromClient(({ id, status }: { id: string; status: ShippingStatus }, c) => c.admin.updateOrderStatus(id, { status })),
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
      ...fromClient((id: string, c) => c.admin.deleteOrder(id)),
      invalidatesTags: ['Orders', 'Dashboard'],
    }),
  }),
});

export const { useAllOrdersQuery, useOrderQuery, useUpdateOrderStatusMutation, useDeleteOrderMutation } = ordersApi;
