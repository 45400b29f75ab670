/** The 'Shop by Category' and 'Shop by Solution' link lists, used by the top bar and the mobile menu. */
import { Link } from 'react-router';
import { useCategoriesQuery, useSolutionsQuery } from '../../lib/catalogue-api';

/** Choosing 'all' in the category list goes to /; a category goes to /category/{slug}. */
export function CategoryLinks() {
  const { data: categories = [] } = useCategoriesQuery();
  return (
    <ul className="menu-list">
      <li>
        <Link to="/" data-menu-item>
          All
        </Link>
      </li>
      {categories.map((c) => (
        <li key={c._id}>
          <Link to={`/category/${c.slug}`} data-menu-item>
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Choosing 'all' in the solution list goes to /allproducts; a solution goes to /solutions/{slug}. */
export function SolutionLinks() {
  const { data: solutions = [] } = useSolutionsQuery();
  return (
    <ul className="menu-list">
      <li>
        <Link to="/allproducts" data-menu-item>
          All
        </Link>
      </li>
      {solutions.map((s) => (
        <li key={s._id}>
          <Link to={`/solutions/${s.slug}`} data-menu-item>
            {s.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
