import type { Slider } from '@shop/domain/schemas/sliders';
import { api } from '../../../lib/api';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    sliders: build.query<Slider[], void>({
      query: () => async (c) => (await c.store.sliders()).sliders,
      // The spec: the slider fetch on the public site has no error handling.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useSlidersQuery } = homeApi;
