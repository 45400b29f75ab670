import type { UserStatus } from '@shop/domain/constants';
import { fromClient } from '@shop/app-kit/base-query';
import { api, reads, writes } from '../../lib/api';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    allUsers: build.query(reads((_arg: void, c) => c.admin.users(), ['Users'])),
    userByEmail: build.query(reads((email: string, c) => c.admin.userByEmail(email), ['Users'])),
    updateUserStatus: build.mutation({
      ...fromClient(({ id, status }: { id: string; status: UserStatus }, c) => c.admin.updateUserStatus(id, { status })),
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
    deleteUser: build.mutation(writes((id: string, c) => c.admin.deleteUser(id), ['Users', 'Dashboard'])),
  }),
});

export const { useAllUsersQuery, useUserByEmailQuery, useUpdateUserStatusMutation, useDeleteUserMutation } = usersApi;
