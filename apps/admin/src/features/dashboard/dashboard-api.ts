import type { CreateSliderBody } from '@shop/domain/schemas/sliders';
import type { UpdateHomeTileBody } from '@shop/domain/schemas/home-tiles';
import { fromClient } from '@shop/app-kit/base-query';
import { api } from '../../lib/api';

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    productsDashboard: build.query({
      ...fromClient((_arg: void, c) => c.admin.productsDashboard()),
      providesTags: ['Dashboard', 'Products'],
    }),
    usersDashboard: build.query({
      ...fromClient((_arg: void, c) => c.admin.usersDashboard()),
      providesTags: ['Dashboard', 'Users'],
    }),
    ordersDashboard: build.query({
      ...fromClient((_arg: void, c) => c.admin.ordersDashboard()),
      providesTags: ['Dashboard', 'Orders'],
    }),
    /** The paid order lines (SPEC's orders/all), counted by checkout for Total Orders and the orders chart. */
    orderLines: build.query({
      ...fromClient((_arg: void, c) => c.admin.orders()),
      providesTags: ['Dashboard', 'Orders'],
    }),
    sliders: build.query({
      ...fromClient((_arg: void, c) => c.store.sliders()),
      providesTags: ['Sliders'],
    }),
    createSlider: build.mutation({
      ...fromClient((body: CreateSliderBody, c) => c.admin.createSlider(body)),
      invalidatesTags: ['Sliders'],
    }),
    deleteSlider: build.mutation({
      ...fromClient((id: string, c) => c.admin.deleteSlider(id)),
      invalidatesTags: ['Sliders'],
    }),
    homeTiles: build.query({
      ...fromClient((_arg: void, c) => c.store.homeTiles()),
      providesTags: ['HomeTiles'],
    }),
    /** The products a video tile can sell (the admin's product list). */
    tileProducts: build.query({
      ...fromClient((_arg: void, c) => c.admin.products()),
      providesTags: ['Products'],
    }),
    updateHomeTile: build.mutation({
      ...fromClient(({ position, body }: { position: number; body: UpdateHomeTileBody }, c) => c.admin.updateHomeTile(position, body)),
      invalidatesTags: ['HomeTiles'],
    }),
  }),
});

export const {
  useProductsDashboardQuery,
  useUsersDashboardQuery,
  useOrdersDashboardQuery,
  useOrderLinesQuery,
  useSlidersQuery,
  useCreateSliderMutation,
  useDeleteSliderMutation,
  useHomeTilesQuery,
  useTileProductsQuery,
  useUpdateHomeTileMutation,
} = dashboardApi;
