import { useQuery } from '@tanstack/react-query';
import { productsQuery } from '../api/products';
import { ProductCard } from './product-card';

const HOME_GRID_SIZE = 9;

/**
 * The home page's product grid: the first products of the catalogue. A failed or empty list never
 * breaks the page; it shows a short note instead (the spec only logs the failure).
 */
export function HomeProductGrid() {
  const { data, status, refetch, isFetching } = useQuery(productsQuery());

  return (
    <section className="section container" aria-labelledby="home-products-title">
      <div className="section__header">
        <h2 id="home-products-title">Latest arrivals</h2>
      </div>
      {status === 'pending' && (
        <ul className="product-grid" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={index} className="product-card product-card--skeleton" />
          ))}
        </ul>
      )}
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
        (data.length === 0 ? (
          <p className="notice" role="status">
            New styles are on their way. Check back soon.
          </p>
        ) : (
          <ul className="product-grid">
            {data.slice(0, HOME_GRID_SIZE).map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
