/**
 * The top bar's menus shown from 1024 px only (`.desktop-only`): the main links with the category and solution
 * dropdowns, and the account menu. Their own chunk (app/deferred-parts.tsx): a phone, where they are hidden, does
 * not load them until they are shown.
 */
import { NavLink } from 'react-router';
import { Dropdown } from './dropdown';
import { CategoryLinks, SolutionLinks } from './nav-lists';

export { AccountMenu } from './account-menu';

/** The inside of the top bar's main `<nav>`. */
export function MainNavLinks() {
  return (
    <>
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
    </>
  );
}
