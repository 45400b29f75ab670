import { NavLink } from 'react-router';
import { HomeIcon, ShopIcon, UserIcon } from '../../components/icons';
import { useSignedInUser } from '../../store/session';
import './tab-bar.css';

/** The phone's bottom tab bar: Home, Shop, and Account (/profile when signed in, else /login). */
export function TabBar() {
  const user = useSignedInUser();
  return (
    <nav className="tab-bar mobile-only" aria-label="Tabs">
      <NavLink to="/" end className="tab-bar__item">
        <HomeIcon />
        <span>Home</span>
      </NavLink>
      <NavLink to="/allproducts" className="tab-bar__item">
        <ShopIcon />
        <span>Shop</span>
      </NavLink>
      <NavLink to={user ? '/profile' : '/login'} className="tab-bar__item">
        <UserIcon />
        <span>Account</span>
      </NavLink>
    </nav>
  );
}
