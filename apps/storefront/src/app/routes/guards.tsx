import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSignedInUser } from '../../store/session';

/** Login and register send a signed-in shopper to the home page. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  return user ? <Navigate to="/" replace /> : children;
}

/** Profile and orders exist only for a signed-in shopper; everyone else is sent to /login. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  return user ? children : <Navigate to="/login" replace />;
}
