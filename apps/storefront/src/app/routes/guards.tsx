import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LogoLoader } from '@shop/ui/logo-loader';
import { config } from '../../config';
import { useSignedIn } from '../../store/session';

/**
 * A page that depends on who is signed in shows the loader while a held token's user is fetched on start (the
 * loader ends either way). Every other page is drawn at once: a server-drawn page stays on screen as it hydrates.
 */
export function SessionKnown({ children }: { children: ReactNode }) {
  return useSignedIn().isLoading ? <LogoLoader title={config.brand} /> : children;
}

/** Login and register send a signed-in shopper to the home page. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSignedIn();
  if (isLoading) return <LogoLoader title={config.brand} />;
  return user ? <Navigate to="/" replace /> : children;
}

/** Profile and orders exist only for a signed-in shopper; everyone else is sent to /login. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSignedIn();
  if (isLoading) return <LogoLoader title={config.brand} />;
  return user ? children : <Navigate to="/login" replace />;
}
