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

/** The product page's reviews: the average, the form for signed-in users, and the list. */
export function ProductReviews({ productId, onPosted }: ProductReviewsProps) {
  const session = useSession();
  const { data: reviews, status, refetch } = useQuery(productReviewsQuery(productId));
  const count = reviews?.length ?? 0;

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer Reviews</h2>
      {status === 'success' && count > 0 && (
        <p className="reviews__average">
          <span className="reviews__average-value">
            {average(reviews.map((review) => review.rating)).toFixed(1)}
          </span>
          <span className="visually-hidden"> out of 5</span>
          <Stars value={average(reviews.map((review) => review.rating))} />
          <span className="muted">
            Based on {count} {count === 1 ? 'review' : 'reviews'}
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
                  <article aria-label={`Review from ${formatDate(review.createdAt, '')}`}>
                    <header className="review__header">
                      <span className="review__author">Anonymous</span>
                      <time dateTime={review.createdAt} className="muted">
                        {formatDate(review.createdAt, '')}
                      </time>
                    </header>
                    <Stars value={review.rating} />
                    {review.comment && <p className="review__comment">{review.comment}</p>}
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
