import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from '../../components/icons';

const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer'));

/** The phone menu button; the drawer itself is loaded the first time it is opened. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <>
      <button
        type="button"
        className="icon-button mobile-only"
        aria-label="Open menu"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon size={26} />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
