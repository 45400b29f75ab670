import { Suspense, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { Logo } from '@shop/ui/logo';
import { Overlay } from '@shop/ui/overlay';
import { config, storefrontHref } from '../../config';
import { useAppDispatch } from '../../lib/hooks';
import { LogoutIcon, MenuIcon, UserIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { endSession, useCurrentUserQuery } from '../../features/auth/auth-api';
import { NavLinks } from './nav-links';
import './admin-layout.css';

/**
 * Top bar 'ADMIN PANEL' with Logout and a profile link; the sections in a sidebar from medium
 * screens up, and in an overlay menu below that (SPEC 2).
 */
export function AdminLayout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data } = useCurrentUserQuery();
  const [menuOpen, setMenuOpen] = useState(false);

  const logout = () => {
    endSession(dispatch);
    navigate('/adminlogin', { replace: true });
  };

  return (
    <div className="admin-shell">
      <a href="#admin-main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="icon-button topbar__menu"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon size={24} />
        </button>
        <Link to="/admin" className="topbar__brand">
          <Logo size={36} title={config.brand} />
          <span className="topbar__title">ADMIN PANEL</span>
        </Link>
        <div className="topbar__actions">
          {/* The signed-in admin's own account in the panel: the storefront's /profile needs a shop session. */}
          <Link
            to={data ? `/admin/users/${encodeURIComponent(data.user.email)}` : '/admin/users'}
            className="topbar__profile"
            title="Profile"
            aria-label="Profile"
          >
            <UserIcon />
            <span className="topbar__profile-name" aria-hidden="true">
              {data?.user.name ?? 'Profile'}
            </span>
          </Link>
          <button type="button" className="topbar__logout" onClick={logout} aria-label="Logout" title="Logout">
            <LogoutIcon size={18} />
            <span>Logout</span>
          </button>
        </div>
      </header>
      <div className="admin-body">
        <nav className="sidebar" aria-label="Admin sections">
          <NavLinks />
          <a href={storefrontHref('/')} className="sidebar__shop">
            Visit the shop ↗
          </a>
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Overlay open={menuOpen} onClose={() => setMenuOpen(false)} title="Menu" variant="drawer" closeLabel="Close menu">
        <nav aria-label="Admin sections (menu)">
          <NavLinks onNavigate={() => setMenuOpen(false)} />
        </nav>
      </Overlay>
    </div>
  );
}
