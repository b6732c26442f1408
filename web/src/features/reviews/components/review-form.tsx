import { MAX_REVIEW_LENGTH } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { reviewKeys } from '../../../lib/query-keys';
import { TextAreaField } from '../../../ui/field';
import { StarRatingInput } from '../../../ui/star-rating-input';
import { postReview } from '../api/reviews';

const DEFAULT_RATING = 5;
export const REVIEW_ERROR_FALLBACK = 'Something went wrong. Please try again.';

interface ReviewFormProps {
  productId: string;
  /** Called after the review is saved, e.g. to refresh the product's rating. */
  onPosted?: () => void;
}

/**
 * 'Write a Review' on the product page: a 1 to 5 star rating (5 by default) and a comment. A blank
 * comment sends nothing (docs/rules/reviews-and-affiliates.md#review-form); a refusal shows as
 * 'Review error: {message}'.
 */
export function ReviewForm({ productId, onPosted }: ReviewFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [comment, setComment] = useState('');
  const [blank, setBlank] = useState(false);

  const mutation = useMutation({
    mutationFn: postReview,
    onSuccess: async () => {
      setRating(DEFAULT_RATING);
      setComment('');
      onPosted?.();
      await queryClient.invalidateQueries({ queryKey: reviewKeys.forProduct(productId) });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = comment.trim();
    setBlank(text === '');
    if (text === '') return;
    mutation.mutate({ productId, rating, comment: text });
  }

  return (
    <form className="review-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Write a Review</h3>
      <StarRatingInput legend="Your rating" value={rating} onChange={setRating} />
      <TextAreaField
        label="Your review"
        rows={4}
        maxLength={MAX_REVIEW_LENGTH}
        value={comment}
        error={blank ? 'Please write a comment before submitting.' : undefined}
        onChange={(event) => {
          setComment(event.currentTarget.value);
          if (blank) setBlank(false);
        }}
      />
      {mutation.isError && (
        <div className="form-error" role="alert">
          Review error: {errorMessage(mutation.error, REVIEW_ERROR_FALLBACK)}
        </div>
      )}
      {mutation.isSuccess && (
        <p className="form-success" role="status">
          Thank you! Your review is published.
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {mutation.isPending ? 'Submitting...' : 'Submit Review'}
      </button>
      <p className="review-form__note muted">
        Reviews are published right away and shown as "Anonymous". We remove any that break our rules.
      </p>
    </form>
  );
}
