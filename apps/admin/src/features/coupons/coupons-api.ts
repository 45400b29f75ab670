import type { CreateCouponBody, UpdateCouponBody } from '@shop/domain/schemas/coupons';
import { fromClient } from '@shop/app-kit/base-query';
import { api, reads, writes } from '../../lib/api';

const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    coupons: build.query(reads((_arg: void, c) => c.admin.coupons(), ['Coupons'])),
    // A refusal of a create or an edit (400 naming the field, 409 a code taken) is shown in the form beside its field,
    // not as a toast.
    createCoupon: build.mutation({
      ...fromClient((body: CreateCouponBody, c) => c.admin.createCoupon(body)),
      invalidatesTags: ['Coupons'],
      extraOptions: { silent: true },
    }),
    updateCoupon: build.mutation({
      ...fromClient(({ id, body }: { id: string; body: UpdateCouponBody }, c) => c.admin.updateCoupon(id, body)),
      invalidatesTags: ['Coupons'],
      extraOptions: { silent: true },
    }),
    deleteCoupon: build.mutation(writes((id: string, c) => c.admin.deleteCoupon(id), ['Coupons'])),
  }),
});

export const { useCouponsQuery, useCreateCouponMutation, useUpdateCouponMutation, useDeleteCouponMutation } = couponsApi;
