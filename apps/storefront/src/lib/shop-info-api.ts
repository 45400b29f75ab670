/** Who sells: the shop's public legal details (the footer's FSSAI licence number). */
import type { ShopInfoResponse } from '@shop/domain/schemas/shop';
import { api } from './api';

const shopInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The footer is on every page and the details hardly change: fetched once, kept, and silent on failure.
    shopInfo: build.query<ShopInfoResponse, void>({
      query: () => (c) => c.store.shopInfo(),
      keepUnusedDataFor: 3600,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useShopInfoQuery } = shopInfoApi;
