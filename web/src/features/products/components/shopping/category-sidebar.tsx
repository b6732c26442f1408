import type { CategoryCount } from '@shop/contracts';

interface CategorySidebarProps {
  categories: readonly CategoryCount[];
  selected: string | undefined;
  onSelect(category: string | undefined): void;
}

/** How many products each category holds under the other filters; choosing one filters by it. */
export function CategorySidebar({ categories, selected, onSelect }: CategorySidebarProps) {
  const all = categories.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <aside className="category-sidebar" aria-labelledby="category-sidebar-title">
      <h2 id="category-sidebar-title" className="category-sidebar__title">
        Categories
      </h2>
      <ul>
        <li>
          <button
            type="button"
            className="category-sidebar__item"
            aria-pressed={selected === undefined}
            onClick={() => onSelect(undefined)}
          >
            <span>All</span>
            <span className="category-sidebar__count">{all}</span>
          </button>
        </li>
        {categories.map(({ category, count }) => (
          <li key={category}>
            <button
              type="button"
              className="category-sidebar__item"
              aria-pressed={selected === category}
              onClick={() => onSelect(category)}
            >
              <span>{category}</span>
              <span className="category-sidebar__count">{count}</span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
