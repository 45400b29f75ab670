import { Link, NavLink } from 'react-router';
import { Logo } from '@shop/ui/logo';
import { config } from '../../config';
import { SearchIcon } from '../../components/icons';
import { AccountMenu } from './account-menu';
import { CartLink } from './cart-link';
import { CurrencySelect } from './currency-select';
import { Dropdown } from './dropdown';
import { MobileMenu } from './mobile-menu';
import { CategoryLinks, SolutionLinks } from './nav-lists';
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
          <nav className="main-nav desktop-only" aria-label="Main">
            <NavLink to="/allproducts" className="nav-link">
              All Products
            </NavLink>
            <Dropdown label="Shop by Category">
              <CategoryLinks />
            </Dropdown>
            <Dropdown label="Shop by Solution">
              <SolutionLinks />
            </Dropdown>
            <NavLink to="/blogs" className="nav-link">
              Read Blogs
            </NavLink>
            <NavLink to="/about-us" className="nav-link">
              About Us
            </NavLink>
          </nav>
          <div className="top-bar__actions">
            <Link to="/search" className="icon-button" aria-label="Search products">
              <SearchIcon size={24} />
            </Link>
            <div className="desktop-only">
              <AccountMenu />
            </div>
            <CurrencySelect id="currency" />
            <CartLink />
          </div>
        </div>
      </div>
    </header>
  );
}
