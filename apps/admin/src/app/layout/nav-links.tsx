import { NavLink } from 'react-router';
import {
  BlogsIcon,
  CategoriesIcon,
  CouponsIcon,
  DashboardIcon,
  DeliveryIcon,
  OrdersIcon,
  ProductsIcon,
  ReviewsIcon,
  UsersIcon,
} from '../../components/icons';
import './nav-links.css';

const LINKS = [
  { to: '/admin', label: 'Dashboard', Icon: DashboardIcon, end: true },
  { to: '/admin/orders', label: 'Orders', Icon: OrdersIcon, end: false },
  { to: '/admin/users', label: 'Users', Icon: UsersIcon, end: false },
  { to: '/admin/products', label: 'Products', Icon: ProductsIcon, end: false },
  { to: '/admin/categories', label: 'Categories', Icon: CategoriesIcon, end: false },
  { to: '/admin/blogs', label: 'Blogs', Icon: BlogsIcon, end: false },
  // Added by issue 29 after the SPEC's six sections, which keep their order.
  { to: '/admin/delivery', label: 'Delivery', Icon: DeliveryIcon, end: false },
  // Issue 33: customers' reviews waiting for the farm's check.
  { to: '/admin/reviews', label: 'Reviews', Icon: ReviewsIcon, end: false },
  // Issue 31.
  { to: '/admin/coupons', label: 'Coupons', Icon: CouponsIcon, end: false },
] as const;

/** The sections of the panel, used by the sidebar and by the narrow-screen menu. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="nav-links">
      {LINKS.map(({ to, label, Icon, end }) => (
        <li key={to}>
          <NavLink to={to} end={end} className="nav-links__link" onClick={onNavigate}>
            <Icon />
            <span>{label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
