import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatMoney, markdownPercent } from '../../../ui/money';
import { ProductRating } from '../../../ui/stars';
import type { Product } from '../api/products';
import './product-card.css';

type CardProduct = Pick<
  Product,
  | 'id'
  | 'name'
  | 'description'
  | 'image'
  | 'thumbnail'
  | 'price'
  | 'originalPrice'
  | 'category'
  | 'rating'
  | 'numReviews'
>;

/**
 * The spec's product card: image, name, five stars, price and 'View Details'. The whole card is the
 * link's click target; the link alone is in the tab order. 'Sale' shows under the configured price.
 * Its image loads lazily unless `aboveTheFold`: the first cards of a page are what the shopper sees
 * first (and the page's largest paint), so they load at once, ahead of other images.
 */
export function ProductCard({
  product,
  layout = 'grid',
  aboveTheFold = false,
}: {
  product: CardProduct;
  layout?: 'grid' | 'list';
  aboveTheFold?: boolean;
}) {
  const nameId = useId();
  const src = product.thumbnail || product.image;
  const percentOff = markdownPercent(product.price, product.originalPrice);
  return (
    <article className={`product-card product-card--${layout}`} aria-labelledby={nameId}>
      <div className="product-card__media">
        {src ? (
          <img
            src={src}
            alt={product.name}
            loading={aboveTheFold ? 'eager' : 'lazy'}
            fetchPriority={aboveTheFold ? 'high' : 'auto'}
            width={480}
            height={600}
          />
        ) : (
          <div className="product-card__placeholder" role="img" aria-label={product.name} />
        )}
        {percentOff !== null && (
          <span className="product-card__sale">
            Sale <span aria-hidden="true">−</span>
            <span className="visually-hidden">, </span>
            {percentOff}%<span className="visually-hidden"> off</span>
          </span>
        )}
      </div>
      <div className="product-card__body">
        {product.category && <p className="product-card__category">{product.category}</p>}
        <h3 className="product-card__name" id={nameId}>
          {product.name}
        </h3>
        <ProductRating product={product} />
        {layout === 'list' && <p className="product-card__description">{product.description}</p>}
        <p className="product-card__price">
          {formatMoney(product.price)}
          {product.originalPrice != null && product.originalPrice > product.price && (
            <s className="product-card__was">
              <span className="visually-hidden">was </span>
              {formatMoney(product.originalPrice)}
            </s>
          )}
        </p>
        <Link to="/product/$id" params={{ id: product.id }} className="product-card__cta">
          View Details<span className="visually-hidden">: {product.name}</span>
        </Link>
      </div>
    </article>
  );
}

/** Six placeholders while the first page loads (spec). */
export function ProductCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index} className="product-card product-card--skeleton" />
      ))}
    </ul>
  );
}
