import { NavLink } from 'react-router';

/** On phones, Profile and Orders are a two-tab switch. */
export function AccountTabs() {
  return (
    <nav className="account-tabs" aria-label="Account">
      <NavLink to="/profile" className="account-tabs__tab">
        Profile
      </NavLink>
      <NavLink to="/orders" className="account-tabs__tab">
        Orders
      </NavLink>
    </nav>
  );
}
