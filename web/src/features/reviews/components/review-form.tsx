import { MAX_REVIEW_LENGTH, type MyReview } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { reviewKeys } from '../../../lib/query-keys';
import { TextAreaField } from '../../../ui/field';
import { StarRatingInput } from '../../../ui/star-rating-input';
import { editReview, myReviewsQuery, postReview } from '../api/reviews';

const DEFAULT_RATING = 5;
export const REVIEW_ERROR_FALLBACK = 'Something went wrong. Please try again.';
export const ONLY_BUYERS_REVIEW =
  'Reviews come from buyers: you can review this product once an order of it has been delivered to you.';

interface ReviewFormProps {
  productId: string;
  /** Called after the review is saved, e.g. to refresh the product's rating. */
  onPosted?: () => void;
}

/**
 * 'Write a Review' on the product page, for a buyer with a delivered line of it not reviewed yet;
 * 'Edit your review' once she has reviewed every such line; otherwise why she cannot review yet.
 * A blank comment sends nothing (docs/rules/reviews-and-affiliates.md#review-form); a refusal shows
 * as 'Review error: {message}'.
 */
export function ReviewForm({ productId, onPosted }: ReviewFormProps) {
  // Saving moves the form on (a posted review becomes one to edit), so the thanks live out here.
  const [saved, setSaved] = useState<string | null>(null);
  const onSaved = (message: string) => {
    setSaved(message);
    onPosted?.();
  };
  return (
    <>
      {saved && (
        <p className="form-success" role="status">
          {saved}
        </p>
      )}
      <ReviewFormFor productId={productId} onSaved={onSaved} />
    </>
  );
}

function ReviewFormFor({
  productId,
  onSaved,
}: {
  productId: string;
  onSaved: (message: string) => void;
}): ReactNode {
  const mine = useQuery(myReviewsQuery(productId));
  if (mine.status === 'pending') return <p className="muted">Loading your orders...</p>;
  if (mine.status === 'error') {
    return (
      <p className="notice" role="alert">
        Your orders could not be loaded right now, so the review form is not shown.
      </p>
    );
  }
  const [line] = mine.data.reviewable;
  const [own] = mine.data.reviews;
  if (line) {
    return (
      <ReviewEditor
        key={line.lineId}
        productId={productId}
        title="Write a Review"
        intro={`For your order ${line.reference}${line.size ? ` (size ${line.size})` : ''}.`}
        onSave={(input) => postReview({ productId, orderId: line.orderId, lineId: line.lineId, ...input })}
        onSaved={() => onSaved('Thank you! Your review is published.')}
      />
    );
  }
  if (own) {
    return (
      <ReviewEditor
        key={own.id}
        productId={productId}
        title="Edit your review"
        existing={own}
        onSave={(input) => editReview({ id: own.id, ...input })}
        onSaved={() => onSaved('Your review is updated.')}
      />
    );
  }
  return <p className="notice">{ONLY_BUYERS_REVIEW}</p>;
}

interface ReviewFields {
  rating: number;
  comment: string;
  anonymous: boolean;
}

function ReviewEditor({
  productId,
  title,
  intro,
  existing,
  onSave,
  onSaved,
}: {
  productId: string;
  title: string;
  intro?: string;
  existing?: MyReview;
  onSave: (fields: ReviewFields) => Promise<MyReview>;
  onSaved: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(existing?.rating ?? DEFAULT_RATING);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [anonymous, setAnonymous] = useState(existing?.anonymous ?? false);
  const [blank, setBlank] = useState(false);

  const mutation = useMutation({
    mutationFn: onSave,
    onSuccess: async () => {
      onSaved();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.forProduct(productId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.mine(productId) }),
      ]);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = comment.trim();
    setBlank(text === '');
    if (text === '') return;
    mutation.mutate({ rating, comment: text, anonymous });
  }

  return (
    <form className="review-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {intro && <p className="muted">{intro}</p>}
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
      <label className="review-form__anonymous">
        <input
          type="checkbox"
          checked={anonymous}
          onChange={(event) => setAnonymous(event.currentTarget.checked)}
        />{' '}
        Show my review as "Anonymous" instead of my first name and initial
      </label>
      {mutation.isError && (
        <div className="form-error" role="alert">
          Review error: {errorMessage(mutation.error, REVIEW_ERROR_FALLBACK)}
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {mutation.isPending ? 'Submitting...' : existing ? 'Save Review' : 'Submit Review'}
      </button>
      <p className="review-form__note muted">
        Reviews are published right away, marked "Verified buyer". We remove any that break our rules.
      </p>
    </form>
  );
}
