import { NavLink } from 'react-router';
import { HomeIcon, ShopIcon, UserIcon } from '../../components/icons';
import { useSignedInUser } from '../../store/session';
import { config } from '../../config';
import './tab-bar.css';

/**
 * The phone's bottom tab bar: Home, Shop, Account (/profile when signed in, else /login), and Chat, the WhatsApp
 * link that floats in the page's margin on wide screens (chat-link.tsx).
 */
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
      <a className="tab-bar__item" href={config.site.chatUrl} target="_blank" rel="noopener noreferrer" aria-label="Chat on WhatsApp">
        <img src="/images/chat.svg" alt="" width={24} height={24} />
        <span>Chat</span>
      </a>
    </nav>
  );
}
