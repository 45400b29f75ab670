import type { DeliverySettingsBody, PincodeOverrideBody } from '@shop/domain/schemas/delivery';
import { fromClient } from '@shop/app-kit/base-query';
import { api, reads, writes } from '../../lib/api';

const deliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    deliverySettings: build.query(reads((_arg: void, c) => c.admin.deliverySettings(), ['DeliverySettings'])),
    saveDeliverySettings: build.mutation({
      ...fromClient((body: DeliverySettingsBody, c) => c.admin.saveDeliverySettings(body)),
      // The PUT answers every setting: the cache takes that answer instead of asking again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(deliveryApi.util.upsertQueryData('deliverySettings', undefined, data));
        } catch {
          // toasted; the form keeps what was typed
        }
      },
    }),
    pincodeOverrides: build.query(reads((_arg: void, c) => c.admin.pincodeOverrides(), ['PincodeOverrides'])),
    savePincodeOverride: build.mutation(
      writes(({ pin, body }: { pin: string; body: PincodeOverrideBody }, c) => c.admin.savePincodeOverride(pin, body), ['PincodeOverrides']),
    ),
    deletePincodeOverride: build.mutation(writes((pin: string, c) => c.admin.deletePincodeOverride(pin), ['PincodeOverrides'])),
  }),
});

export const {
  useDeliverySettingsQuery,
  useSaveDeliverySettingsMutation,
  usePincodeOverridesQuery,
  useSavePincodeOverrideMutation,
  useDeletePincodeOverrideMutation,
} = deliveryApi;
