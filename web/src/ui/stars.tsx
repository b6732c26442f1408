import './stars.css';

const MAX_STARS = 5;

/**
 * A product's rating as cards and the product page show it: its rounded stars, or "No reviews yet"
 * (docs/rules/reviews-and-affiliates.md#ratings: never stars it has not earned; the default of 4 only
 * ranks it for Featured).
 */
export function ProductRating({ product }: { product: { rating: number; numReviews: number } }) {
  if (product.numReviews <= 0) return <span className="stars-none muted">No reviews yet</span>;
  return <Stars value={product.rating} />;
}

/** Five stars, `value` of them filled, read out as one image ("Rated 4 out of 5"). */
export function Stars({ value, label }: { value: number; label?: string }) {
  const filled = Math.min(MAX_STARS, Math.max(0, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={label ?? `Rated ${filled} out of ${MAX_STARS}`}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions, not items.
        <span key={index} aria-hidden="true" className={index < filled ? 'star star--on' : 'star'}>
          ★
        </span>
      ))}
    </span>
  );
}
