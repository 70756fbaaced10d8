import { Link } from 'react-router-dom';
import type { CategoryLink } from '../../../lib/categories';
import { CategoryIcon } from './category-icon';

/** "Shop by category": one tile per top-level category, linking to its listing (/products/{index}). */
export function CategoryGrid({ categories }: { categories: readonly CategoryLink[] }) {
  return (
    <section className="home-section" aria-labelledby="shop-by-category">
      <div className="section-head">
        <h2 id="shop-by-category">Shop by category</h2>
      </div>
      <ul className="category-grid">
        {categories.map((category) => (
          <li key={category.index}>
            <Link to={category.href} className={`category-tile category-tile--${category.index % 8}`}>
              <span className="category-tile__icon">
                <CategoryIcon index={category.index} />
              </span>
              <span className="category-tile__name">{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
