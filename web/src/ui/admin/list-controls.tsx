import type { Page } from '@shop/contracts';
import { type ReactNode, useId } from 'react';
import { useDebouncedDraft } from '../use-debounced-draft';
import './list-controls.css';

/**
 * The controls every paged admin list shares: a search that waits for the admin to stop typing, a
 * labelled select, and the count with the previous and next pages.
 */

/** Searches once typing pauses (or at once on Enter); the value lives in the URL. */
export function ListSearch({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
}) {
  const id = useId();
  const [draft, setDraft, flush] = useDebouncedDraft(value ?? '', (next) =>
    onSearch(next.trim() || undefined),
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers and happy-dom; the role is understood everywhere.
    <form
      role="search"
      className="admin-field admin-list-search"
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
      />
    </form>
  );
}

/** A labelled select whose first option, "any", is no filter (undefined). */
export function ListSelect<V extends string>({
  label,
  value,
  options,
  any,
  onChange,
}: {
  label: string;
  value: V | undefined;
  options: readonly (readonly [V, string])[];
  any?: string;
  onChange: (value: V | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.currentTarget.value || undefined) as V | undefined)}
      >
        {any !== undefined && <option value="">{any}</option>}
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled date (a Karachi day, YYYY-MM-DD). */
export function ListDay({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      />
    </div>
  );
}

export function ListFilters({ children }: { children: ReactNode }) {
  return <div className="admin-list-filters">{children}</div>;
}

/**
 * How many rows match, and the way to the pages either side. `loading` while the next page is on
 * its way (the rows shown are the previous page's).
 */
export function ListPager({
  page,
  noun,
  loading,
  onCursor,
}: {
  page: Page<unknown>;
  /** One row's name, e.g. `order`; an `s` is added for any number but 1. */
  noun: string;
  loading: boolean;
  onCursor: (cursor: string) => void;
}) {
  const { total, previousCursor, nextCursor } = page;
  return (
    <nav className="admin-list-pager" aria-label={`Pages of ${noun}s`}>
      <p className="muted" aria-live="polite">
        {loading ? 'Loading…' : `${total.toLocaleString('en-PK')} ${noun}${total === 1 ? '' : 's'}`}
      </p>
      <div className="admin-row-actions">
        <button
          type="button"
          className="button button--ghost admin-button--small"
          disabled={previousCursor === null}
          onClick={() => previousCursor && onCursor(previousCursor)}
        >
          ← Previous
        </button>
        <button
          type="button"
          className="button button--ghost admin-button--small"
          disabled={nextCursor === null}
          onClick={() => nextCursor && onCursor(nextCursor)}
        >
          Next →
        </button>
      </div>
    </nav>
  );
}
