import { useId } from 'react';
import { useDebouncedDraft } from '../../../../ui/use-debounced-draft';

/** 'Search products...': searches as the shopper pauses typing, or at once on Enter. */
export function SearchBox({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const id = useId();
  const [draft, setDraft, flush] = useDebouncedDraft(value, (next) => onSearch(next.trim()));
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers and happy-dom; the role is understood everywhere.
    <form
      role="search"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        type="search"
        className="search-box__input"
        placeholder="Search products..."
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
      />
      <button type="submit" className="search-box__button">
        <span aria-hidden="true">⌕</span>
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
