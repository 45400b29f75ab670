import { Link } from 'react-router';

interface NavLink {
  to: string;
  label: string;
}

/** A signed-in customer's own pages, in the header's account menu and the phone menu alike. */
export const ACCOUNT_LINKS: readonly NavLink[] = [
  { to: '/profile', label: 'Profile' },
  { to: '/orders', label: 'Orders' },
];

/**
 * A `<li><Link>` a link, for the menus and the footer's lists. `menuItem`: a dropdown's items (data-menu-item), which
 * its arrow keys move between and which close it when chosen.
 */
export function LinkItems({ links, menuItem = false }: { links: readonly NavLink[]; menuItem?: boolean }) {
  return links.map(({ to, label }) => (
    <li key={to}>
      <Link to={to} data-menu-item={menuItem || undefined}>
        {label}
      </Link>
    </li>
  ));
}
