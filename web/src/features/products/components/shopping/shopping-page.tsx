import { shopConfig } from '@shop/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useRememberedReferral } from '../../../../lib/referral';
import { catalogueQuery, SHOPPING_PAGES } from '../../api/catalogue';
import { filtersOf, type ShoppingSearch } from '../../catalogue-search';
import { CatalogueResults } from './catalogue-results';
import { CategorySidebar } from './category-sidebar';
import { FilterDrawer } from './filter-drawer';
import { FilterPanel, type FilterPatch } from './filter-panel';
import { SearchBox } from './search-box';
import { SortSelect, ViewToggle } from './shopping-toolbar';
import '../../../../ui/field.css';
import './shopping.css';

interface ShoppingPageProps {
  search: ShoppingSearch;
  /** Moves to new search params; every change is a history entry, so Back undoes it. */
  onSearchChange(next: (previous: ShoppingSearch) => ShoppingSearch): void;
}

/** The spec's Shopping page. Everything that narrows or orders the list lives in `search`. */
export function ShoppingPage({ search, onSearchChange }: ShoppingPageProps) {
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filters = filtersOf(search);
  const query = useInfiniteQuery({
    ...catalogueQuery(filters, SHOPPING_PAGES),
    // Keep the category counts on screen while a new filter loads; the grid shows skeletons meanwhile.
    placeholderData: keepPreviousData,
  });

  const pages = query.data?.pages ?? [];
  const products = query.isPlaceholderData ? [] : pages.flatMap((page) => page.products);
  const categories = pages[0]?.categories ?? [];
  const total = pages.at(-1)?.total ?? 0;
  const loading = query.isPending || query.isPlaceholderData;

  const update = (patch: FilterPatch | Pick<ShoppingSearch, 'sort' | 'view'>) =>
    onSearchChange((previous) => ({ ...previous, ...patch }));
  const resetAll = () => onSearchChange((previous) => ({ view: previous.view }));
  const discount = `${Math.round(shopConfig.affiliateDiscountRate * 100)}%`;
  const referral = useRememberedReferral();

  return (
    <div className="shopping container">
      <header className="shopping__header">
        <h1>Premium Collection</h1>
        <SearchBox value={search.search ?? ''} onSearch={(text) => update({ search: text || undefined })} />
      </header>

      {referral && (
        <p className="affiliate-banner">
          You came through an affiliate&rsquo;s link: you get {discount} off at checkout, with their code{' '}
          <strong>{referral}</strong> filled in for you.
        </p>
      )}

      <div className="shopping__toolbar">
        <button
          type="button"
          className="button button--ghost shopping__filters-toggle shopping__desktop"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          Filters
        </button>
        <button
          type="button"
          className="button button--ghost shopping__filters-toggle shopping__mobile"
          aria-haspopup="dialog"
          aria-label="Open filters"
          onClick={() => setDrawerOpen(true)}
        >
          Filters
        </button>
        <SortSelect
          value={filters.sort}
          onChange={(sort) => update({ sort: sort === 'featured' ? undefined : sort })}
        />
        <ViewToggle
          value={search.view ?? 'grid'}
          onChange={(view) => update({ view: view === 'grid' ? undefined : view })}
        />
      </div>

      <div className="shopping__layout">
        <div className="shopping__desktop shopping__sidebar">
          <CategorySidebar
            categories={categories}
            selected={search.category}
            onSelect={(category) => update({ category })}
          />
        </div>
        <div className="shopping__main">
          {panelOpen && (
            <div className="shopping__desktop">
              <FilterPanel
                id={panelId}
                search={search}
                categories={categories}
                onChange={update}
                onResetAll={resetAll}
              />
            </div>
          )}
          <CatalogueResults
            products={products}
            total={total}
            view={search.view ?? 'grid'}
            loading={loading}
            failed={query.isError && products.length === 0}
            hasMore={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            onRetry={() => void query.refetch()}
            onResetAll={resetAll}
          />
        </div>
      </div>

      {drawerOpen && (
        <FilterDrawer
          search={search}
          categories={categories}
          onApply={update}
          onClose={() => setDrawerOpen(false)}
        />
      )}
    </div>
  );
}
