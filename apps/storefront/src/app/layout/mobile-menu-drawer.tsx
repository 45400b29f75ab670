import { Link } from 'react-router';
import { Overlay } from '@shop/ui/overlay';
import { useLogout } from '../../hooks/use-logout';
import { useSignedInUser } from '../../store/session';
import { CategoryLinks, SolutionLinks } from './nav-lists';

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
          <li>
            <Link to="/blogs">Read Blogs</Link>
          </li>
          <li>
            <Link to="/about-us">About Us</Link>
          </li>
          {user ? (
            <>
              <li>
                <Link to="/profile">Profile</Link>
              </li>
              <li>
                <Link to="/orders">Orders</Link>
              </li>
              <li>
                <button type="button" onClick={logout}>
                  Logout
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <Link to="/login">Login</Link>
              </li>
              <li>
                <Link to="/register">Register</Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </Overlay>
  );
}
