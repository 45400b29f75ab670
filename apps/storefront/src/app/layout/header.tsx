import { Link } from 'react-router';
import { Logo } from '@shop/ui/logo';
import { config } from '../../config';
import { SearchIcon } from '../../components/icons';
import { DesktopAccountMenu, DesktopMainNav } from '../deferred-parts';
import { CartLink } from './cart-link';
import { CurrencySelect } from './currency-select';
import { MobileMenu } from './mobile-menu';
import './header.css';

export function Header() {
  return (
    <header className="site-header">
      <div className="banner">
        <p className="banner__title">THE WORLDS BEST PURE PRODUCTS</p>
        <p className="banner__tagline">{config.tagline}</p>
      </div>
      <div className="top-bar">
        <div className="top-bar__inner container">
          <MobileMenu />
          <Link to="/" className="brand" aria-label={`${config.brand} home`}>
            <Logo size={44} title={config.brand} />
            <span className="brand__name">{config.brand}</span>
          </Link>
          {/* The menus shown from 1024 px load once shown (desktop-menus.tsx). */}
          <DesktopMainNav as="nav" className="main-nav desktop-only" label="Main" fallback={null} />
          <div className="top-bar__actions">
            <Link to="/search" className="icon-button" aria-label="Search products">
              <SearchIcon size={24} />
            </Link>
            <DesktopAccountMenu className="desktop-only" fallback={null} />
            <CurrencySelect id="currency" />
            <CartLink />
          </div>
        </div>
      </div>
    </header>
  );
}
