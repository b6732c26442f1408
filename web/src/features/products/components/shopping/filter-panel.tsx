import type { CategoryCount } from '@shop/contracts';
import { useId } from 'react';
import { type ShoppingSearch, SIZE_FILTERS, type SizeFilter } from '../../catalogue-search';
import { PriceRange } from './price-range';

export type FilterPatch = Partial<Omit<ShoppingSearch, 'view' | 'sort'>>;

interface FilterPanelProps {
  id: string;
  search: ShoppingSearch;
  categories: readonly CategoryCount[];
  onChange(patch: FilterPatch): void;
  onResetAll(): void;
}

/** Category names for a dropdown: the server's counts, plus the chosen one if it has no products now. */
export function categoryNames(categories: readonly CategoryCount[], selected: string | undefined): string[] {
  const names = categories.map((entry) => entry.category);
  return selected !== undefined && !names.includes(selected) ? [...names, selected] : names;
}

/** The wide-screen filters: price inputs and slider, category and size dropdowns, Reset All. */
export function FilterPanel({ id, search, categories, onChange, onResetAll }: FilterPanelProps) {
  const fieldId = useId();
  return (
    <section id={id} className="filter-panel" aria-label="Filters">
      <PriceRange min={search.minPrice} max={search.maxPrice} onChange={onChange} />
      <div className="field">
        <label className="field__label" htmlFor={`${fieldId}-category`}>
          Category
        </label>
        <select
          id={`${fieldId}-category`}
          className="select"
          value={search.category ?? ''}
          onChange={(event) => onChange({ category: event.currentTarget.value || undefined })}
        >
          <option value="">All</option>
          {categoryNames(categories, search.category).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${fieldId}-size`}>
          Size
        </label>
        <select
          id={`${fieldId}-size`}
          className="select"
          value={search.size ?? ''}
          onChange={(event) => {
            const size = SIZE_FILTERS.find((candidate) => candidate === event.currentTarget.value);
            onChange({ size: size satisfies SizeFilter | undefined });
          }}
        >
          <option value="">All</option>
          {SIZE_FILTERS.map((size) => (
            <option key={size} value={size}>
              {size.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-panel__actions">
        <button type="button" className="button button--ghost" onClick={onResetAll}>
          Reset All
        </button>
      </div>
    </section>
  );
}
