import type { CategoryCount } from '@shop/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { PriceInputs } from '../../../../ui/price-inputs';
import { type ShoppingSearch, SIZE_FILTERS, type SizeFilter } from '../../catalogue-search';
import { categoryNames, type FilterPatch } from './filter-panel';
import { toPriceBound } from './price-range';

interface FilterDrawerProps {
  search: ShoppingSearch;
  categories: readonly CategoryCount[];
  onApply(patch: FilterPatch): void;
  onClose(): void;
}

interface Draft {
  category: string | undefined;
  size: SizeFilter | undefined;
  minPrice: string;
  maxPrice: string;
}

const EMPTY: Draft = { category: undefined, size: undefined, minPrice: '', maxPrice: '' };

/**
 * The narrow-screen filters, sliding in from the side: categories, min/max price and size buttons,
 * changed as a draft and applied together with 'Apply Filters'. A modal dialog: focus moves in,
 * stays in, Escape closes, and focus returns to the button that opened it.
 */
export function FilterDrawer({ search, categories, onApply, onClose }: FilterDrawerProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<Draft>({
    category: search.category,
    size: search.size,
    minPrice: search.minPrice === undefined ? '' : String(search.minPrice),
    maxPrice: search.maxPrice === undefined ? '' : String(search.maxPrice),
  });
  const counts = new Map(categories.map((entry) => [entry.category, entry.count]));

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('button, input')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = panel.current.querySelectorAll<HTMLElement>('button:not(:disabled), input, select');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  function apply() {
    onApply({
      category: draft.category,
      size: draft.size,
      minPrice: toPriceBound(draft.minPrice),
      maxPrice: toPriceBound(draft.maxPrice),
    });
    onClose();
  }

  return (
    <div className="drawer">
      <button type="button" className="drawer__backdrop" tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className="drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
      >
        <div className="drawer__header">
          <h2 id={`${id}-title`}>Filters</h2>
          <button type="button" className="drawer__close" aria-label="Close filters" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="drawer__body">
          <fieldset className="drawer__group">
            <legend>Categories</legend>
            <label className="choice">
              <input
                type="radio"
                name={`${id}-category`}
                checked={draft.category === undefined}
                onChange={() => setDraft({ ...draft, category: undefined })}
              />
              All
            </label>
            {categoryNames(categories, search.category).map((name) => (
              <label key={name} className="choice">
                <input
                  type="radio"
                  name={`${id}-category`}
                  checked={draft.category === name}
                  onChange={() => setDraft({ ...draft, category: name })}
                />
                {name}
                {counts.has(name) && <span className="choice__count">({counts.get(name)})</span>}
              </label>
            ))}
          </fieldset>
          <fieldset className="drawer__group">
            <legend>Price range</legend>
            <PriceInputs
              min={draft.minPrice}
              max={draft.maxPrice}
              onMinChange={(minPrice) => setDraft({ ...draft, minPrice })}
              onMaxChange={(maxPrice) => setDraft({ ...draft, maxPrice })}
            />
          </fieldset>
          <fieldset className="drawer__group">
            <legend>Size</legend>
            <div className="size-buttons">
              <button
                type="button"
                className="size-button"
                aria-pressed={draft.size === undefined}
                onClick={() => setDraft({ ...draft, size: undefined })}
              >
                All
              </button>
              {SIZE_FILTERS.map((size) => (
                <button
                  key={size}
                  type="button"
                  className="size-button"
                  aria-pressed={draft.size === size}
                  onClick={() => setDraft({ ...draft, size })}
                >
                  {size.toUpperCase()}
                </button>
              ))}
            </div>
          </fieldset>
        </div>
        <div className="drawer__footer">
          <button type="button" className="button button--ghost" onClick={() => setDraft(EMPTY)}>
            Reset
          </button>
          <button type="button" className="button button--primary" onClick={apply}>
            Apply Filters
          </button>
        </div>
      </div>
    </div>
  );
}
