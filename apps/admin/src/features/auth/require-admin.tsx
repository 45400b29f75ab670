import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoLoader } from '@shop/ui/logo-loader';
import { ADMIN_ROLE } from '@shop/domain/constants';
import { config } from '../../config';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { endSession, useCurrentUserQuery } from './auth-api';
import { selectToken } from '@shop/app-kit/session';
import './require-admin.css';

/** The admin area exists only for a signed-in user whose role is admin (SPEC 2, 6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const { data, error, isLoading } = useCurrentUserQuery(undefined, { skip: !token });
  const expired = typeof error === 'object' && error !== null && 'status' in error && error.status === 401;

  useEffect(() => {
    // A token the server no longer accepts is of no use; forget it.
    if (expired) endSession(dispatch);
  }, [expired, dispatch]);

  if (token && isLoading) return <LogoLoader title={config.brand} />;
  if (!token || data?.user.role !== ADMIN_ROLE) return <NoAccess signedIn={Boolean(token && data)} />;
  return <>{children}</>;
}

function NoAccess({ signedIn }: { signedIn: boolean }) {
  return (
    <main className="no-access">
      <div className="no-access__card card">
        <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" className="no-access__icon">
          <path
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9z"
            fill="currentColor"
          />
        </svg>
        <h1>Sorry, You dont have access to this page.</h1>
        <p className="muted">
          {signedIn ? 'This account is not an administrator.' : 'The admin panel is for the farm’s administrators.'}
        </p>
        <Link to="/adminlogin" className="btn btn-primary">
          Go to admin login
        </Link>
      </div>
    </main>
  );
}
