import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../../test-support/decider-spec';
import { type ReviewCommand, reviewDecider } from './decide';
import type { ReviewEvent } from './review';

const at = '2024-05-02T08:00:00.000Z';

const spec = DeciderSpec.for(reviewDecider);

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
    expect(spec.given().when(post).events()).toEqual([posted]);
  });

  it('given a posted review of the line, when posted again, then 409 saying to edit it', () => {
    const error = spec.given(posted).when(post).thenThrows();
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
    expect(spec.given(posted, deleted).when(post).thenThrows().status).toBe(409);
  });
});

describe('editing a review', () => {
  it('given her review, when its author edits it, then ReviewEdited keeping her choice of anonymity', () => {
    expect(spec.given(posted).when(edit()).events()).toEqual([
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
    const anonymous = spec
      .given(posted)
      .when(edit({ anonymous: true }))
      .events();
    expect(anonymous[0]?.data).toMatchObject({ anonymous: true });
    const madeAnonymous = anonymous[0] as ReviewEvent;
    expect(spec.given(posted, madeAnonymous).when(edit()).events()[0]?.data).toMatchObject({
      anonymous: true,
    });
  });

  it('given her review, when someone else edits it, then 404; nor can a deleted or unknown one be edited', () => {
    expect(
      spec
        .given(posted)
        .when(edit({ userId: 'u2' }))
        .thenThrows().status,
    ).toBe(404);
    expect(spec.given().when(edit()).thenThrows().status).toBe(404);
    const deleted: ReviewEvent = {
      type: 'ReviewDeleted',
      data: { reviewId: 'r1', productId: 'p1', deletedBy: 'a', at },
    };
    expect(spec.given(posted, deleted).when(edit()).thenThrows().status).toBe(404);
  });
});

describe('deleting a review', () => {
  it('given a posted review, when deleted, then ReviewDeleted naming its product and who deleted it', () => {
    expect(spec.given(posted).when(remove).events()).toEqual([
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
