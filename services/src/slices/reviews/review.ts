import type { EventData } from '@shop/contracts';

/** The events of one review's stream (`review-{id}`). */
export type ReviewEvent =
  | { type: 'ReviewPosted'; data: EventData<'ReviewPosted'> }
  | { type: 'ReviewDeleted'; data: EventData<'ReviewDeleted'> };

export type ReviewState =
  | { status: 'none' }
  | { status: 'posted'; reviewId: string; productId: string; userId: string }
  | { status: 'deleted'; reviewId: string; productId: string };

export const initialReviewState = (): ReviewState => ({ status: 'none' });

/** Folds one event into the review's state. Pure. */
export function evolveReview(_state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewPosted': {
      const { reviewId, productId, userId } = event.data;
      return { status: 'posted', reviewId, productId, userId };
    }
    case 'ReviewDeleted':
      return { status: 'deleted', reviewId: event.data.reviewId, productId: event.data.productId };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
