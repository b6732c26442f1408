import type { Product } from '@shop/contracts';
import { EmptyState } from '../../../../ui/empty-state';
import { useFocusFirstAdded } from '../../../../ui/use-focus-first-added';
import type { View } from '../../catalogue-search';
import { ProductCard, ProductCardSkeletons } from '../product-card';

/** Cards in the first row at the widest layout (three across): their images load at once, not lazily. */
const ABOVE_THE_FOLD = 3;

interface CatalogueResultsProps {
  products: readonly Product[];
  total: number;
  view: View;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onRetry(): void;
  onResetAll(): void;
}

export const productsFound = (count: number) => `${count} ${count === 1 ? 'Product' : 'Products'} Found`;

/**
 * The count, the grid or list, six skeleton cards while loading, 'Load More Products', and the empty
 * state (which a failed load also ends in, as the spec says, with a way to try again).
 */
export function CatalogueResults(props: CatalogueResultsProps) {
  const { products, total, view, loading, failed, hasMore, loadingMore } = props;
  const { listRef, willLoadMore } = useFocusFirstAdded<HTMLUListElement>(products.length);
  return (
    <div className="catalogue-results">
      <p className="catalogue-results__count" role="status">
        {loading ? 'Loading products...' : productsFound(failed ? 0 : total)}
      </p>
      {loading && <ProductCardSkeletons />}
      {!loading && failed && (
        <div className="notice" role="alert">
          <p>Products could not be loaded right now.</p>
          <button type="button" className="button button--ghost" onClick={props.onRetry}>
            Try again
          </button>
        </div>
      )}
      {!loading && (failed || products.length === 0) && (
        <EmptyState title="No products found" text="Try adjusting your filters or search terms">
          <button type="button" className="button button--primary" onClick={props.onResetAll}>
            Reset All Filters
          </button>
        </EmptyState>
      )}
      {!loading && !failed && products.length > 0 && (
        <>
          <ul ref={listRef} className={`product-grid product-grid--${view}`} aria-label="Products">
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} layout={view} aboveTheFold={index < ABOVE_THE_FOLD} />
              </li>
            ))}
          </ul>
          {hasMore && (
            <div className="load-more">
              <button
                type="button"
                className="button button--ghost button--large"
                onClick={() => {
                  willLoadMore();
                  props.onLoadMore();
                }}
                disabled={loadingMore}
              >
                {loadingMore ? 'Loading...' : 'Load More Products'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
