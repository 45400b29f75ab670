import type { HomeTile } from '@shop/domain/schemas/home-tiles';
import type { Slider } from '@shop/domain/schemas/sliders';
import { api } from '../../../lib/api';

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    sliders: build.query<Slider[], void>({
      query: () => async (c) => (await c.store.sliders()).sliders,
      // The spec: the slider fetch on the public site has no error handling.
      extraOptions: { silent: true },
    }),
    homeTiles: build.query<HomeTile[], void>({
      query: () => async (c) => (await c.store.homeTiles()).tiles,
      // Like the slider: the tiles show what they know (their clips) without a toast when the fetch fails.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useSlidersQuery, useHomeTilesQuery } = homeApi;
