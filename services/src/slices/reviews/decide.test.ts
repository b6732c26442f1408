import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../../test-support/decider-spec';
import { type ReviewCommand, reviewDecider } from './decide';
import type { ReviewEvent } from './review';

const spec = DeciderSpec.for(reviewDecider);

const at = '2024-05-02T08:00:00.000Z';

const review = { reviewId: 'r1', productId: 'p1', userId: 'u1', rating: 4, comment: 'Fits well', at };
const posted: ReviewEvent = { type: 'ReviewPosted', data: review };
const remove: ReviewCommand = { type: 'DeleteReview', reviewId: 'r1', deletedBy: 'admin', at };

describe('posting a review', () => {
  it('given nothing, when posted, then ReviewPosted', () => {
    spec
      .given()
      .when({ type: 'PostReview', ...review })
      .thenEvents([posted]);
  });

  it('given a posted review, when posted again under its id, then 409', () => {
    expect(
      spec
        .given(posted)
        .when({ type: 'PostReview', ...review })
        .thenThrows().status,
    ).toBe(409);
  });
});

describe('deleting a review', () => {
  it('given a posted review, when deleted, then ReviewDeleted naming its product and who deleted it', () => {
    spec
      .given(posted)
      .when(remove)
      .thenEvents([
        { type: 'ReviewDeleted', data: { reviewId: 'r1', productId: 'p1', deletedBy: 'admin', at } },
      ]);
  });

  it('given no review, when deleted, then 404 Review not found', () => {
    const error = spec.given().when(remove).thenThrows();
    expect([error.status, error.message]).toEqual([404, 'Review not found']);
  });

  it('given a deleted review, when deleted again, then 404', () => {
    const deleted: ReviewEvent = {
      type: 'ReviewDeleted',
      data: { reviewId: 'r1', productId: 'p1', deletedBy: 'a', at },
    };
    expect(spec.given(posted, deleted).when(remove).thenThrows().status).toBe(404);
  });
});
