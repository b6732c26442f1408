import type { Decider } from '../../platform/commands/handle-command';
import { conflict, notFound } from '../../platform/errors';
import { ALREADY_REVIEWED_MESSAGE } from './eligibility';
import { evolveReview, initialReviewState, type ReviewEvent, type ReviewState } from './review';

export const REVIEW_NOT_FOUND = 'Review not found';

/**
 * The commands of the review aggregate. Who may post (the buyer of a delivered, kept line) and that
 * the product exists are checked by the handler, which names the line; the review's stream is the
 * line's, so a line is reviewed once.
 */
export type ReviewCommand =
  | {
      type: 'PostReview';
      reviewId: string;
      productId: string;
      userId: string;
      orderId: string;
      lineId: string;
      rating: number;
      comment: string;
      anonymous: boolean;
      at: string;
    }
  | {
      type: 'EditReview';
      reviewId: string;
      userId: string;
      rating: number;
      comment: string;
      /** Unsaid: as it was. */
      anonymous?: boolean | undefined;
      at: string;
    }
  | { type: 'DeleteReview'; reviewId: string; deletedBy: string; at: string };

type Command<T extends ReviewCommand['type']> = Extract<ReviewCommand, { type: T }>;

/** A line reviewed already (even if an admin deleted that review) is not reviewed again. */
export function postReview(command: Command<'PostReview'>, state: ReviewState): ReviewEvent[] {
  if (state.status !== 'none') throw conflict(ALREADY_REVIEWED_MESSAGE);
  const { reviewId, productId, userId, orderId, lineId, rating, comment, anonymous, at } = command;
  return [
    {
      type: 'ReviewPosted',
      data: { reviewId, productId, userId, rating, comment, orderId, lineId, verified: true, anonymous, at },
    },
  ];
}

/** Only its author edits a review; to anyone else it does not exist (404). Unchanged, nothing is recorded. */
export function editReview(command: Command<'EditReview'>, state: ReviewState): ReviewEvent[] {
  if (state.status !== 'posted' || state.userId !== command.userId) throw notFound(REVIEW_NOT_FOUND);
  const { reviewId, userId, rating, comment, at } = command;
  const anonymous = command.anonymous ?? state.anonymous;
  return [
    {
      type: 'ReviewEdited',
      data: { reviewId, productId: state.productId, userId, rating, comment, anonymous, at },
    },
  ];
}

/** A deleted review is gone for everyone, so deleting it again answers 404 like an unknown one. */
export function deleteReview(command: Command<'DeleteReview'>, state: ReviewState): ReviewEvent[] {
  if (state.status !== 'posted') throw notFound(REVIEW_NOT_FOUND);
  const { reviewId, deletedBy, at } = command;
  return [{ type: 'ReviewDeleted', data: { reviewId, productId: state.productId, deletedBy, at } }];
}

export function decideReview(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  switch (command.type) {
    case 'PostReview':
      return postReview(command, state);
    case 'EditReview':
      return editReview(command, state);
    case 'DeleteReview':
      return deleteReview(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown review command: ${JSON.stringify(unknown)}`);
    }
  }
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide: decideReview,
};
