import { UserIcon } from '../../components/icons';
import { useLogout } from '../../hooks/use-logout';
import { useSignedInUser } from '../../store/session';
import { Dropdown } from './dropdown';
import { ACCOUNT_LINKS, LinkItems } from './link-items';

const SIGN_IN_LINKS = [
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Sign Up' },
];

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
            <LinkItems links={ACCOUNT_LINKS} menuItem />
            <li>
              <button type="button" data-menu-item onClick={logout}>
                Log out
              </button>
            </li>
          </>
        ) : (
          <LinkItems links={SIGN_IN_LINKS} menuItem />
        )}
      </ul>
    </Dropdown>
  );
}
