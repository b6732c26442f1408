import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { type ReviewCommand, reviewDecider } from './decide';
import type { ReviewEvent } from './review';

const at = '2024-05-02T08:00:00.000Z';

function given(...history: ReviewEvent[]) {
  const state = history.reduce(reviewDecider.evolve, reviewDecider.initialState());
  return { when: (command: ReviewCommand) => () => reviewDecider.decide(command, state) };
}

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

const line = { orderId: 'o1', lineId: 'r1' };
const review = { reviewId: 'r1', productId: 'p1', userId: 'u1', rating: 4, comment: 'Fits well', at };
const post: ReviewCommand = { type: 'PostReview', ...review, ...line, anonymous: false };
const posted: ReviewEvent = {
  type: 'ReviewPosted',
  data: { ...review, ...line, verified: true, anonymous: false },
};
const edit = (extra: Partial<Extract<ReviewCommand, { type: 'EditReview' }>> = {}): ReviewCommand => ({
  type: 'EditReview',
  reviewId: 'r1',
  userId: 'u1',
  rating: 2,
  comment: 'Faded',
  at,
  ...extra,
});
const remove: ReviewCommand = { type: 'DeleteReview', reviewId: 'r1', deletedBy: 'admin', at };

describe('posting a review', () => {
  it('given nothing, when posted for a line, then ReviewPosted, verified, naming the line', () => {
    expect(given().when(post)()).toEqual([posted]);
  });

  it('given a posted review of the line, when posted again, then 409 saying to edit it', () => {
    const error = errorOf(given(posted).when(post));
    expect([error.status, error.message]).toEqual([
      409,
      'You have already reviewed this product for each order of it. You can edit your review instead.',
    ]);
  });

  it('given a review of the line an admin deleted, when posted again, then 409', () => {
    const deleted: ReviewEvent = {
      type: 'ReviewDeleted',
      data: { reviewId: 'r1', productId: 'p1', deletedBy: 'a', at },
    };
    expect(errorOf(given(posted, deleted).when(post)).status).toBe(409);
  });
});

describe('editing a review', () => {
  it('given her review, when its author edits it, then ReviewEdited keeping her choice of anonymity', () => {
    expect(given(posted).when(edit())()).toEqual([
      {
        type: 'ReviewEdited',
        data: {
          reviewId: 'r1',
          productId: 'p1',
          userId: 'u1',
          rating: 2,
          comment: 'Faded',
          anonymous: false,
          at,
        },
      },
    ]);
    const anonymous = given(posted).when(edit({ anonymous: true }))();
    expect(anonymous[0]?.data).toMatchObject({ anonymous: true });
    const madeAnonymous = anonymous[0] as ReviewEvent;
    expect(given(posted, madeAnonymous).when(edit())()[0]?.data).toMatchObject({ anonymous: true });
  });

  it('given her review, when someone else edits it, then 404; nor can a deleted or unknown one be edited', () => {
    expect(errorOf(given(posted).when(edit({ userId: 'u2' }))).status).toBe(404);
    expect(errorOf(given().when(edit())).status).toBe(404);
    const deleted: ReviewEvent = {
      type: 'ReviewDeleted',
      data: { reviewId: 'r1', productId: 'p1', deletedBy: 'a', at },
    };
    expect(errorOf(given(posted, deleted).when(edit())).status).toBe(404);
  });
});

describe('deleting a review', () => {
  it('given a posted review, when deleted, then ReviewDeleted naming its product and who deleted it', () => {
    expect(given(posted).when(remove)()).toEqual([
      { type: 'ReviewDeleted', data: { reviewId: 'r1', productId: 'p1', deletedBy: 'admin', at } },
    ]);
  });

  it('given no review, when deleted, then 404 Review not found', () => {
    const error = errorOf(given().when(remove));
    expect([error.status, error.message]).toEqual([404, 'Review not found']);
  });

  it('given a deleted review, when deleted again, then 404', () => {
    const deleted: ReviewEvent = {
      type: 'ReviewDeleted',
      data: { reviewId: 'r1', productId: 'p1', deletedBy: 'a', at },
    };
    expect(errorOf(given(posted, deleted).when(remove)).status).toBe(404);
  });
});
