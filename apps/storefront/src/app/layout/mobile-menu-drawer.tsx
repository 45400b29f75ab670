import { Link } from 'react-router';
import { Overlay } from '@shop/ui/overlay';
import { useLogout } from '../../hooks/use-logout';
import { useSignedInUser } from '../../store/session';
import { ACCOUNT_LINKS, LinkItems } from './link-items';
import { CategoryLinks, SolutionLinks } from './nav-lists';

const MORE_LINKS = [
  { to: '/blogs', label: 'Read Blogs' },
  { to: '/about-us', label: 'About Us' },
];
const SIGN_IN_LINKS = [
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
];

/** The phone menu: the top bar's links, plus Register when signed out and Logout when signed in. */
export default function MobileMenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSignedInUser();
  const logout = useLogout();
  return (
    <Overlay open={open} onClose={onClose} title="Menu" variant="drawer" closeLabel="Close menu">
      <nav className="mobile-menu" aria-label="Mobile">
        <ul className="menu-list">
          <li>
            <Link to="/allproducts">All Products</Link>
          </li>
        </ul>
        <h3 className="mobile-menu__heading">Shop by Category</h3>
        <CategoryLinks />
        <h3 className="mobile-menu__heading">Shop by Solution</h3>
        <SolutionLinks />
        <ul className="menu-list mobile-menu__more">
          <LinkItems links={MORE_LINKS} />
          {user ? (
            <>
              <LinkItems links={ACCOUNT_LINKS} />
              <li>
                <button type="button" onClick={logout}>
                  Logout
                </button>
              </li>
            </>
          ) : (
            <LinkItems links={SIGN_IN_LINKS} />
          )}
        </ul>
      </nav>
    </Overlay>
  );
}
