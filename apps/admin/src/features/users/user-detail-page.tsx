import { useParams } from 'react-router';
import type { User } from '@shop/domain/schemas/users';
import { formatDate } from '../../lib/format';
import { PageHeader } from '../../components/page-header';
import { ReadOnlyField } from '../../components/read-only-field';
import { StatusBadge } from '../../components/status-badge';
import { Loading } from '../../components/loading';
import { useUserByEmailQuery } from './users-api';
import '../../components/detail-form.css';
import './users.css';

/** One account as a read-only form. */
export function UserDetailPage() {
  const { email = '' } = useParams();
  const { data, isLoading, isError } = useUserByEmailQuery(email);
  const user = data?.user;
  return (
    <>
      <PageHeader title="User" subtitle={email} back={{ to: '/admin/users', label: 'Users' }} />
      {isLoading ? <Loading /> : user ? <UserForm user={user} /> : isError ? <p className="empty-state">No Data Found</p> : null}
    </>
  );
}

function UserForm({ user }: { user: User }) {
  return (
    <form className="panel detail-form" aria-label="User details" onSubmit={(e) => e.preventDefault()}>
      <div className="detail-form__person">
        <span className="avatar" aria-hidden="true">
          {(user.name || user.email).slice(0, 1).toUpperCase()}
        </span>
        <div>
          <p className="detail-form__product-name">{user.name}</p>
          <StatusBadge value={user.status} />
        </div>
      </div>
      <div className="form-grid">
        <ReadOnlyField label="Name" value={user.name} />
        <ReadOnlyField label="Email" value={user.email} />
        <ReadOnlyField label="Phone" value={user.phone} />
        <ReadOnlyField label="Phone verified" value={user.ph_verified ? 'Yes' : 'No'} />
        <ReadOnlyField label="Role" value={user.role} />
        <ReadOnlyField label="Status" value={user.status} />
        <ReadOnlyField label="Joined Date" value={formatDate(user.createdAt)} />
        <ReadOnlyField label="User ID" value={user._id} />
      </div>
      <ReadOnlyField label="Address" value={user.address} rows={4} />
    </form>
  );
}
