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

const review = { reviewId: 'r1', productId: 'p1', userId: 'u1', rating: 4, comment: 'Fits well', at };
const posted: ReviewEvent = { type: 'ReviewPosted', data: review };
const remove: ReviewCommand = { type: 'DeleteReview', reviewId: 'r1', deletedBy: 'admin', at };

describe('posting a review', () => {
  it('given nothing, when posted, then ReviewPosted', () => {
    expect(given().when({ type: 'PostReview', ...review })()).toEqual([posted]);
  });

  it('given a posted review, when posted again under its id, then 409', () => {
    expect(errorOf(given(posted).when({ type: 'PostReview', ...review })).status).toBe(409);
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
