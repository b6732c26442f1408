import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../../../ui/empty-state';
import './product-detail.css';

/** Shown for an unknown product, and for any failure to load one (docs/rules/screens.md#failed-loads). */
export function ProductNotFound() {
  return (
    <section className="product-not-found container">
      <EmptyState
        title="Product Not Found"
        text="The product you're looking for doesn't exist or may have been removed"
      >
        <Link to="/shopping" className="button button--primary">
          Continue Shopping
        </Link>
      </EmptyState>
    </section>
  );
}

/** Placeholder while the product loads. */
export function ProductDetailSkeleton() {
  return (
    <div className="product-page container" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading product...
      </p>
      <div className="product-detail" aria-hidden="true">
        <div className="product-detail__media product-card--skeleton" />
        <div className="product-detail__info">
          <div className="product-card--skeleton product-detail__skeleton-text" />
        </div>
      </div>
    </div>
  );
}
