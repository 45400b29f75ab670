import type { UserStatus } from '@shop/domain/constants';
import { api, run } from '../../lib/api';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    allUsers: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.admin.users()),
      providesTags: ['Users'],
    }),
    userByEmail: build.query({
      queryFn: (email: string, { extra }) => run(extra, (c) => c.admin.userByEmail(email)),
      providesTags: ['Users'],
    }),
    updateUserStatus: build.mutation({
      queryFn: ({ id, status }: { id: string; status: UserStatus }, { extra }) =>
        run(extra, (c) => c.admin.updateUserStatus(id, { status })),
      async onQueryStarted({ id, status }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          usersApi.util.updateQueryData('allUsers', undefined, (draft) => {
            const row = draft.users.find((u) => u._id === id);
            if (row) row.status = status;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    deleteUser: build.mutation({
      queryFn: (id: string, { extra }) => run(extra, (c) => c.admin.deleteUser(id)),
      invalidatesTags: ['Users', 'Dashboard'],
    }),
  }),
});

export const { useAllUsersQuery, useUserByEmailQuery, useUpdateUserStatusMutation, useDeleteUserMutation } = usersApi;
