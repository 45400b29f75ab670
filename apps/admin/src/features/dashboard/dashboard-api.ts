import type { CreateSliderBody } from '@shop/domain/schemas/sliders';
import { api, run } from '../../lib/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    productsDashboard: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.admin.productsDashboard()),
      providesTags: ['Dashboard', 'Products'],
    }),
    usersDashboard: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.admin.usersDashboard()),
      providesTags: ['Dashboard', 'Users'],
    }),
    ordersDashboard: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.admin.ordersDashboard()),
      providesTags: ['Dashboard', 'Orders'],
    }),
    sliders: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.store.sliders()),
      providesTags: ['Sliders'],
    }),
    createSlider: build.mutation({
      queryFn: (body: CreateSliderBody, { extra }) => run(extra, (c) => c.admin.createSlider(body)),
      invalidatesTags: ['Sliders'],
    }),
    deleteSlider: build.mutation({
      queryFn: (id: string, { extra }) => run(extra, (c) => c.admin.deleteSlider(id)),
      invalidatesTags: ['Sliders'],
    }),
  }),
});

export const {
  useProductsDashboardQuery,
  useUsersDashboardQuery,
  useOrdersDashboardQuery,
  useSlidersQuery,
  useCreateSliderMutation,
  useDeleteSliderMutation,
} = dashboardApi;
