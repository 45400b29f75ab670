import type { CreateSliderBody } from '@shop/domain/schemas/sliders';
import type { UpdateHomeTileBody } from '@shop/domain/schemas/home-tiles';
import { api, reads, writes } from '../../lib/api';

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    productsDashboard: build.query(reads((_arg: void, c) => c.admin.productsDashboard(), ['Dashboard', 'Products'])),
    usersDashboard: build.query(reads((_arg: void, c) => c.admin.usersDashboard(), ['Dashboard', 'Users'])),
    ordersDashboard: build.query(reads((_arg: void, c) => c.admin.ordersDashboard(), ['Dashboard', 'Orders', 'Products'])),
    /** The paid order lines (SPEC's orders/all), counted by checkout for Total Orders and the orders chart. */
    orderLines: build.query(reads((_arg: void, c) => c.admin.orders(), ['Dashboard', 'Orders'])),
    sliders: build.query(reads((_arg: void, c) => c.store.sliders(), ['Sliders'])),
    createSlider: build.mutation(writes((body: CreateSliderBody, c) => c.admin.createSlider(body), ['Sliders'])),
    deleteSlider: build.mutation(writes((id: string, c) => c.admin.deleteSlider(id), ['Sliders'])),
    homeTiles: build.query(reads((_arg: void, c) => c.store.homeTiles(), ['HomeTiles'])),
    /** The products a video tile can sell (the admin's product list). */
    tileProducts: build.query(reads((_arg: void, c) => c.admin.products(), ['Products'])),
    updateHomeTile: build.mutation(
      writes(
        ({ position, body }: { position: number; body: UpdateHomeTileBody }, c) => c.admin.updateHomeTile(position, body),
        ['HomeTiles'],
      ),
    ),
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
