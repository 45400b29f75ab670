import type { Order } from '@shop/domain/schemas/orders';
import type { UpdateProfileBody, UpdateProfileResponse, User } from '@shop/domain/schemas/users';
import { saveFile } from '@shop/ui/save-file';
import { api } from '../../../lib/api';
import { sessionApi } from '../../../store/session-api';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<User, void>({
      query: () => async (c) => (await c.account.profile()).user,
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileBody>({
      query: (body) => (c) => c.account.updateProfile(body),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The saved user is the new pristine state of the form and the name in the account menu.
          dispatch(accountApi.util.upsertQueryData('profile', undefined, data.user));
          dispatch(sessionApi.util.upsertQueryData('currentUser', undefined, data.user));
        } catch {
          // The failure is already shown as a toast.
        }
      },
    }),
    /** Paid orders; with `attempts` also the failed and expired checkouts. */
    orders: build.query<Order[], { attempts: boolean }>({
      query: ({ attempts }) => async (c) => (await c.account.orders({ attempts })).orders,
      providesTags: ['Orders'],
    }),
    /** The tax invoice PDF of a paid checkout, fetched with the bearer token and saved as a file. */
    downloadInvoice: build.mutation<null, string>({
      query: (orderId) => async (c) => {
        saveFile(await c.account.invoice(orderId), `invoice-${orderId}.pdf`);
        return null;
      },
    }),
  }),
});

export const { useProfileQuery, useUpdateProfileMutation, useOrdersQuery, useDownloadInvoiceMutation } = accountApi;
