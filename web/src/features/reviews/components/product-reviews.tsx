import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../../lib/session';
import { formatDate } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { Stars } from '../../../ui/stars';
import { productReviewsQuery } from '../api/reviews';
import { ReviewForm } from './review-form';
import './reviews.css';

interface ProductReviewsProps {
  productId: string;
  onPosted?: () => void;
}

const average = (ratings: readonly number[]) =>
  ratings.reduce((sum, value) => sum + value, 0) / ratings.length;

/**
 * The product page's reviews: the average of the verified ones, the form for signed-in buyers, and
 * the list, each marked "Verified buyer" or, from before reviews came from buyers, "Not verified".
 */
export function ProductReviews({ productId, onPosted }: ProductReviewsProps) {
  const session = useSession();
  const { data: reviews, status, refetch } = useQuery(productReviewsQuery(productId));
  const count = reviews?.length ?? 0;
  // The product's rating counts verified reviews alone; earlier ones are listed, not counted.
  const verified = (reviews ?? []).filter((review) => review.verified).map((review) => review.rating);

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer Reviews</h2>
      {status === 'success' && verified.length > 0 && (
        <p className="reviews__average">
          <span className="reviews__average-value">{average(verified).toFixed(1)}</span>
          <span className="visually-hidden"> out of 5</span>
          <Stars value={average(verified)} />
          <span className="muted">
            Based on {verified.length} verified {verified.length === 1 ? 'review' : 'reviews'}
          </span>
        </p>
      )}

      <div className="reviews__layout">
        <div className="reviews__compose">
          {session ? (
            <ReviewForm productId={productId} {...(onPosted ? { onPosted } : {})} />
          ) : (
            <p className="notice">
              <span>
                <Link to="/login" search={{ redirect: `/product/${productId}` }}>
                  Sign in
                </Link>{' '}
                to write a review.
              </span>
            </p>
          )}
        </div>

        <div className="reviews__list">
          {status === 'pending' && <p className="muted">Loading reviews...</p>}
          {status === 'error' && (
            <div className="notice" role="alert">
              <p>Reviews could not be loaded right now.</p>
              <button type="button" className="button button--ghost" onClick={() => void refetch()}>
                Try again
              </button>
            </div>
          )}
          {status === 'success' && count === 0 && (
            <EmptyState
              level={3}
              title="No Reviews Yet"
              text="Be the first to share your thoughts about this product!"
            />
          )}
          {status === 'success' && count > 0 && (
            <ul className="review-list">
              {reviews.map((review) => (
                <li key={review.id} className="review">
                  <article aria-label={`Review by ${review.author} from ${formatDate(review.createdAt, '')}`}>
                    <header className="review__header">
                      <span className="review__author">{review.author}</span>
                      {review.verified ? (
                        <span className="review__badge">Verified buyer</span>
                      ) : (
                        <span className="review__badge review__badge--unverified">Not verified</span>
                      )}
                      <time dateTime={review.createdAt} className="muted">
                        {formatDate(review.createdAt, '')}
                      </time>
                    </header>
                    <Stars value={review.rating} />
                    {review.comment && <p className="review__comment">{review.comment}</p>}
                    {review.updatedAt && (
                      <p className="muted">
                        Edited <time dateTime={review.updatedAt}>{formatDate(review.updatedAt, '')}</time>
                      </p>
                    )}
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
