import { shopConfig } from '@shop/contracts';
import './stars.css';

const MAX_STARS = 5;

/** Spec: cards show the rounded rating, and 4 (the configured default) when nobody has reviewed yet. */
export function displayRating(product: { rating: number; numReviews: number }): number {
  if (product.numReviews <= 0) return shopConfig.defaultRating;
  return Math.min(MAX_STARS, Math.max(0, Math.round(product.rating)));
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
