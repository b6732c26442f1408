import type { Decider } from '../../platform/commands/handle-command';
import { conflict, notFound } from '../../platform/errors';
import { evolveReview, initialReviewState, type ReviewEvent, type ReviewState } from './review';

export const REVIEW_NOT_FOUND = 'Review not found';

/** The commands of the review aggregate. Whether the product exists is checked before posting. */
export type ReviewCommand =
  | {
      type: 'PostReview';
      reviewId: string;
      productId: string;
      userId: string;
      rating: number;
      comment: string;
      at: string;
    }
  | { type: 'DeleteReview'; reviewId: string; deletedBy: string; at: string };

type Command<T extends ReviewCommand['type']> = Extract<ReviewCommand, { type: T }>;

export function postReview(command: Command<'PostReview'>, state: ReviewState): ReviewEvent[] {
  if (state.status !== 'none') throw conflict('This review already exists.');
  const { reviewId, productId, userId, rating, comment, at } = command;
  return [{ type: 'ReviewPosted', data: { reviewId, productId, userId, rating, comment, at } }];
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
