import { Link } from 'react-router';
import { DataTable } from '@shop/ui/data-table';
import { Badge } from '@shop/ui/badge';
import { USER_STATUSES, type UserStatus } from '@shop/domain/constants';
import type { User } from '@shop/domain/schemas/users';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '@shop/app-kit/notify';
import { PageHeader } from '../../components/page-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { Loading } from '../../components/loading';
import { useAllUsersQuery, useDeleteUserMutation, useUpdateUserStatusMutation } from './users-api';

const DELETE = '__delete__';

/** Every account, with its status set from a dropdown (active, inactive, Delete). */
export function UsersPage() {
  const { data, isLoading } = useAllUsersQuery();
  const [updateStatus] = useUpdateUserStatusMutation();
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const deletion = useConfirmDelete<User>(async (row) => {
    await deleteUser(row._id).unwrap();
    notifySuccess('user deleted successfully');
  });

  const onChoose = async (user: User, value: string) => {
    if (value === DELETE) {
      deletion.ask(user);
      return;
    }
    if (!(USER_STATUSES as readonly string[]).includes(value)) return;
    try {
      await updateStatus({ id: user._id, status: value as UserStatus }).unwrap();
      notifySuccess('User status updated successfully');
    } catch {
      // toasted
    }
  };

  return (
    <>
      <PageHeader title="Users" subtitle="Customer accounts; an inactive account cannot log in." />
      {isLoading ? (
        <Loading />
      ) : (
        <DataTable
          caption="Users"
          rows={data?.users ?? []}
          rowKey={(u) => u._id}
          empty="No Data Found"
          columns={[
            { key: 'index', header: 'Index', cell: (_u, i) => i + 1 },
            {
              key: 'email',
              header: 'Email',
              primary: true,
              cell: (u) => <Link to={`/admin/users/${encodeURIComponent(u.email)}`}>{u.email}</Link>,
            },
            {
              key: 'name',
              header: 'Username',
              cell: (u) => (
                <span>
                  {u.name}
                  {u.role === 'admin' && <Badge tone="info" className="badge--inline">
                      admin
                    </Badge>}
                </span>
              ),
            },
            { key: 'phone', header: 'Phone', cell: (u) => u.phone || <span className="muted">—</span> },
            { key: 'joined', header: 'Joined Date', cell: (u) => formatDate(u.createdAt) },
            {
              key: 'status',
              header: 'Status',
              cell: (u) => (
                <select
                  className={`status-select status-select--${u.status}`}
                  aria-label={`Status of ${u.email}`}
                  value={u.status}
                  onChange={(e) => void onChoose(u, e.target.value)}
                >
                  {USER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                  <option value={DELETE}>Delete</option>
                </select>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete user"
        message={`Delete the account ${deletion.row?.email ?? ''}? This cannot be undone.`}
        busy={deleting}
      />
    </>
  );
}
