import { MAX_REVIEW_LENGTH } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { productKeys, reviewKeys } from '../../../lib/query-keys';
import { TextAreaField } from '../../../ui/field';
import { StarRatingInput } from '../../../ui/star-rating-input';
import { myReviewsQuery, postReview } from '../api/reviews';
import '../../../ui/field.css';
import './reviews.css';

export const REVIEW_SUBMITTED = 'Review submitted! Thank you for your feedback.';
export const REVIEW_PAGE_FAILED = 'Your review could not be submitted. Please try again.';
/** After a review the shopper goes home this long after the success banner (docs/rules/screens.md#delays). */
export const REVIEW_REDIRECT_MS = 2000;

export const NOTHING_TO_REVIEW =
  'Reviews come from buyers: once an order is delivered to you, its products appear here to review.';

/**
 * 'Leave a Review': choose one of your delivered purchases not reviewed yet, rate it 1 to 5 (5 by
 * default), optional text, and whether to show as "Anonymous".
 */
export function ReviewPage() {
  const id = useId();
  const navigate = useNavigate();
  const mine = useQuery(myReviewsQuery());
  const lines = mine.data?.reviewable ?? [];
  const [lineId, setLineId] = useState('');
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [missingProduct, setMissingProduct] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: postReview,
    // Nothing here shows them, but the product's page does: its reviews and rating are stale now.
    onSuccess: (_answer, review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.forProduct(review.productId) }),
        queryClient.invalidateQueries({ queryKey: productKeys.detail(review.productId), exact: true }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
      ]),
  });

  useEffect(() => {
    if (mine.isError) console.warn('Your orders failed to load for the review form', mine.error);
  }, [mine.isError, mine.error]);

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), REVIEW_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    const line = lines.find((candidate) => candidate.lineId === lineId);
    if (!line) {
      setMissingProduct(true);
      return;
    }
    const { productId, orderId } = line;
    mutation.mutate({ productId, orderId, lineId, rating, comment: comment.trim(), anonymous });
  }

  const buttonText = mutation.isPending
    ? 'Submitting...'
    : mutation.isSuccess
      ? 'Submitted Successfully!'
      : 'Submit Review';

  return (
    <section className="container review-page" aria-labelledby={`${id}-title`}>
      <form className="form review-form" onSubmit={onSubmit} noValidate>
        <h1 id={`${id}-title`}>Leave a Review</h1>
        {mutation.isSuccess && (
          <p className="form-success" role="status">
            {REVIEW_SUBMITTED}
          </p>
        )}
        {mutation.isError && (
          <p className="form-error" role="alert">
            {errorMessage(mutation.error, REVIEW_PAGE_FAILED)}
          </p>
        )}
        <div className="field" data-invalid={missingProduct ? 'true' : undefined}>
          <label className="field__label" htmlFor={`${id}-product`}>
            Product
          </label>
          <select
            id={`${id}-product`}
            className="select"
            required
            value={lineId}
            aria-invalid={missingProduct || undefined}
            aria-describedby={missingProduct ? `${id}-product-error` : undefined}
            onChange={(event) => {
              setLineId(event.currentTarget.value);
              setMissingProduct(false);
            }}
          >
            <option value="">-- Choose a product --</option>
            {lines.map((line) => (
              <option key={line.lineId} value={line.lineId}>
                {line.name}
                {line.size ? ` (${line.size})` : ''}, order {line.reference}
              </option>
            ))}
          </select>
          {mine.isSuccess && lines.length === 0 && !mutation.isSuccess && (
            <p className="muted">{NOTHING_TO_REVIEW}</p>
          )}
          {missingProduct && (
            <p className="field__error" id={`${id}-product-error`}>
              Please choose a product.
            </p>
          )}
        </div>
        <StarRatingInput legend="Rating" value={rating} onChange={setRating} />
        <TextAreaField
          label="Your review (optional)"
          rows={4}
          maxLength={MAX_REVIEW_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <label className="review-form__anonymous">
          <input
            type="checkbox"
            checked={anonymous}
            onChange={(event) => setAnonymous(event.currentTarget.checked)}
          />{' '}
          Show my review as "Anonymous" instead of my first name and initial
        </label>
        <button
          type="submit"
          className="button button--primary"
          disabled={mutation.isPending || mutation.isSuccess}
        >
          {buttonText}
        </button>
        <p className="muted">
          Your review is published straight away, marked "Verified buyer". We moderate afterwards and remove
          reviews that break our rules.
        </p>
      </form>
    </section>
  );
}
