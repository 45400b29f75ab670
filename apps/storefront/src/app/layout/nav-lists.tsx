/** The 'Shop by Category' and 'Shop by Solution' link lists, used by the top bar and the mobile menu. */
import { useCategoriesQuery, useSolutionsQuery } from '../../lib/catalogue-api';
import { LinkItems } from './link-items';

/** Choosing 'all' in the category list goes to /; a category goes to /category/{slug}. */
export function CategoryLinks() {
  const { data: categories = [] } = useCategoriesQuery();
  return (
    <ul className="menu-list">
      <LinkItems links={[{ to: '/', label: 'All' }, ...categories.map((c) => ({ to: `/category/${c.slug}`, label: c.name }))]} menuItem />
    </ul>
  );
}

/** Choosing 'all' in the solution list goes to /allproducts; a solution goes to /solutions/{slug}. */
export function SolutionLinks() {
  const { data: solutions = [] } = useSolutionsQuery();
  return (
    <ul className="menu-list">
      <LinkItems links={[{ to: '/allproducts', label: 'All' }, ...solutions.map((s) => ({ to: `/solutions/${s.slug}`, label: s.name }))]} menuItem />
    </ul>
  );
}
