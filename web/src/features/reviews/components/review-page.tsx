import { MAX_REVIEW_LENGTH } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { productKeys, reviewKeys } from '../../../lib/query-keys';
import { TextAreaField } from '../../../ui/field';
import { StarRatingInput } from '../../../ui/star-rating-input';
import { postReview, reviewableProductsQuery } from '../api/reviews';
import '../../../ui/field.css';
import './reviews.css';

export const REVIEW_SUBMITTED = 'Review submitted! Thank you for your feedback.';
export const REVIEW_PAGE_FAILED = 'Your review could not be submitted. Please try again.';
/** After a review the shopper goes home this long after the success banner (docs/rules/screens.md#delays). */
export const REVIEW_REDIRECT_MS = 2000;

/** 'Leave a Review': choose a product, rate it 1 to 5 (5 by default), optional text. */
export function ReviewPage() {
  const id = useId();
  const navigate = useNavigate();
  const products = useQuery(reviewableProductsQuery());
  const [productId, setProductId] = useState('');
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const [missingProduct, setMissingProduct] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: postReview,
    // Nothing here shows them, but the product's page does: its reviews and rating are stale now.
    onSuccess: (_answer, review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.forProduct(review.productId) }),
        queryClient.invalidateQueries({ queryKey: productKeys.detail(review.productId), exact: true }),
      ]),
  });

  useEffect(() => {
    if (products.isError) console.warn('Products failed to load for the review form', products.error);
  }, [products.isError, products.error]);

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), REVIEW_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    if (productId === '') {
      setMissingProduct(true);
      return;
    }
    mutation.mutate({ productId, rating, comment: comment.trim() });
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
            value={productId}
            aria-invalid={missingProduct || undefined}
            aria-describedby={missingProduct ? `${id}-product-error` : undefined}
            onChange={(event) => {
              setProductId(event.currentTarget.value);
              setMissingProduct(false);
            }}
          >
            <option value="">-- Choose a product --</option>
            {(products.data ?? []).map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
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
        <button
          type="submit"
          className="button button--primary"
          disabled={mutation.isPending || mutation.isSuccess}
        >
          {buttonText}
        </button>
        <p className="muted">
          Your review is published straight away and shown as "Anonymous". We moderate afterwards and remove
          reviews that break our rules.
        </p>
      </form>
    </section>
  );
}
