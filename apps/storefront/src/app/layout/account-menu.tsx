import { Link } from 'react-router';
import { UserIcon } from '../../components/icons';
import { useLogout } from '../../hooks/use-logout';
import { useSignedInUser } from '../../store/session';
import { Dropdown } from './dropdown';

/** Signed in: Profile, Orders, Log out. Signed out: Login, Sign Up. */
export function AccountMenu() {
  const user = useSignedInUser();
  const logout = useLogout();
  return (
    <Dropdown
      align="end"
      className="account-menu"
      ariaLabel={user ? `Account: ${user.name}` : 'Account'}
      label={
        <>
          <UserIcon />
          <span className="account-menu__name">{user ? user.name.split(' ')[0] : 'Account'}</span>
        </>
      }
    >
      <ul className="menu-list">
        {user ? (
          <>
            <li>
              <Link to="/profile" data-menu-item>
                Profile
              </Link>
            </li>
            <li>
              <Link to="/orders" data-menu-item>
                Orders
              </Link>
            </li>
            <li>
              <button type="button" data-menu-item onClick={logout}>
                Log out
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <Link to="/login" data-menu-item>
                Login
              </Link>
            </li>
            <li>
              <Link to="/register" data-menu-item>
                Sign Up
              </Link>
            </li>
          </>
        )}
      </ul>
    </Dropdown>
  );
}
