import { NavLink } from 'react-router-dom';
import { GridIcon } from '../../../components/icons';
import type { CategoryLink } from '../../../lib/categories';
import { CategoryIcon } from './category-icon';

/** The Home page's category sidebar (wide screens). */
export function CategorySidebar({ categories }: { categories: readonly CategoryLink[] }) {
  return (
    <nav className="category-sidebar" aria-labelledby="category-sidebar-title">
      <h2 id="category-sidebar-title" className="category-sidebar__title">
        <GridIcon size={18} /> All categories
      </h2>
      <ul>
        {categories.map((category) => (
          <li key={category.index}>
            <NavLink to={category.href} className="category-sidebar__link">
              <CategoryIcon index={category.index} size={18} />
              {category.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
