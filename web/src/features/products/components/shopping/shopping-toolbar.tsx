import { type CatalogueSort, SORTS } from '@shop/contracts';
import { useId } from 'react';
import { SORT_LABELS, type View } from '../../catalogue-search';

interface SortSelectProps {
  value: CatalogueSort;
  onChange(sort: CatalogueSort): void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id} className="sort-select__label">
        Sort by
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => {
          const sort = SORTS.find((candidate) => candidate === event.currentTarget.value);
          if (sort) onChange(sort);
        }}
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ViewToggle({ value, onChange }: { value: View; onChange(view: View): void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toggle-button group, not a form section.
    <div className="view-toggle" role="group" aria-label="View">
      <button
        type="button"
        className="view-toggle__button"
        aria-pressed={value === 'grid'}
        onClick={() => onChange('grid')}
      >
        <span aria-hidden="true">▦</span>
        <span className="visually-hidden">Grid view</span>
      </button>
      <button
        type="button"
        className="view-toggle__button"
        aria-pressed={value === 'list'}
        onClick={() => onChange('list')}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">List view</span>
      </button>
    </div>
  );
}
