import { useInfiniteQuery } from '@tanstack/react-query';
import { useFocusFirstAdded } from '../../../ui/use-focus-first-added';
import { catalogueQuery, HOME_PAGES } from '../api/catalogue';
import type { CatalogueFilters } from '../catalogue-search';
import { ProductCard, ProductCardSkeletons } from './product-card';

const NEWEST_FIRST: CatalogueFilters = { sort: 'newest' };

/** The home grid's query, also started by the home route's loader. */
export const homeGridQuery = () => catalogueQuery(NEWEST_FIRST, HOME_PAGES);

/**
 * The home page's product grid: the newest 9 products, and 6 more per 'Load More'. A failed or empty
 * list never breaks the page; it shows a short note instead (the spec only logs the failure).
 */
export function HomeProductGrid() {
  const { data, status, refetch, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteQuery(homeGridQuery());
  const products = data?.pages.flatMap((page) => page.products) ?? [];
  const { listRef, willLoadMore } = useFocusFirstAdded<HTMLUListElement>(products.length);

  return (
    <section className="section container" aria-labelledby="home-products-title">
      <div className="section__header">
        <h2 id="home-products-title">Latest arrivals</h2>
      </div>
      {status === 'pending' && <ProductCardSkeletons />}
      {status === 'error' && (
        <div className="notice" role="status">
          <p>Products could not be loaded right now.</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => refetch()}
            disabled={isFetching}
          >
            Try again
          </button>
        </div>
      )}
      {status === 'success' &&
        (products.length === 0 ? (
          <p className="notice" role="status">
            New styles are on their way. Check back soon.
          </p>
        ) : (
          <>
            <ul ref={listRef} className="product-grid">
              {products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
            {hasNextPage && (
              <div className="load-more">
                <button
                  type="button"
                  className="button button--ghost button--large"
                  onClick={() => {
                    willLoadMore();
                    void fetchNextPage();
                  }}
                  disabled={isFetchingNextPage}
                >
                  {isFetchingNextPage ? 'Loading...' : 'Load More'}
                </button>
              </div>
            )}
          </>
        ))}
    </section>
  );
}
