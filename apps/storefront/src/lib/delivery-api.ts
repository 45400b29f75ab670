/**
 * Delivery calls shared by the product page's PIN check, the cart's quote and the "Deliver to" form (three features,
 * so the endpoints live here). Both are shown in place (a field error, a refusal line), never as a toast.
 */
import type { PincodeResponse, QuoteBody, QuoteResponse } from '@shop/domain/schemas/delivery';
import { api } from './api';

const deliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Where a PIN code is (state, district) and whether the shop delivers there; 404 unknown, 400 malformed. */
    pincode: build.query<PincodeResponse, string>({
      query: (pin) => (c) => c.store.pincode(pin),
      extraOptions: { silent: true },
    }),
    /** What a cart costs delivered there (fee, COD fee, total) and when it arrives; the same total POST /orders charges. */
    deliveryQuote: build.query<QuoteResponse, QuoteBody>({
      query: (body) => (c) => c.store.deliveryQuote(body),
      extraOptions: { silent: true },
      // The arrival dates move with the clock: a quote is not kept long.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { usePincodeQuery, useLazyPincodeQuery, useDeliveryQuoteQuery, useLazyDeliveryQuoteQuery } = deliveryApi;
