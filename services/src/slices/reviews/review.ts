import type { EventData } from '@shop/contracts';

/** The events of one review's stream (`review-{id}`; a verified review's id is its order line's). */
export type ReviewEvent =
  | { type: 'ReviewPosted'; data: EventData<'ReviewPosted'> }
  | { type: 'ReviewEdited'; data: EventData<'ReviewEdited'> }
  | { type: 'ReviewDeleted'; data: EventData<'ReviewDeleted'> };

export type ReviewState =
  | { status: 'none' }
  | { status: 'posted'; reviewId: string; productId: string; userId: string; anonymous: boolean }
  | { status: 'deleted'; reviewId: string; productId: string };

export const initialReviewState = (): ReviewState => ({ status: 'none' });

/** Folds one event into the review's state. Pure. */
export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewPosted': {
      const { reviewId, productId, userId, anonymous } = event.data;
      return { status: 'posted', reviewId, productId, userId, anonymous };
    }
    case 'ReviewEdited':
      return state.status === 'posted' ? { ...state, anonymous: event.data.anonymous } : state;
    case 'ReviewDeleted':
      return { status: 'deleted', reviewId: event.data.reviewId, productId: event.data.productId };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
