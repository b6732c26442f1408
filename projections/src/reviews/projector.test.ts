import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db/open';
import { reviewsProjector } from './projector';
import {
  countVerifiedReviewsByUser,
  latestVerifiedReviews,
  listAdminReviews,
  listPublicReviews,
  listReviewsOfUser,
} from './queries';

let position = 0;
function recorded<T extends EventType>(type: T, data: EventData<T>): RecordedEvent {
  position += 1;
  const metadata = { schemaVersion: 1, actor: 'test' };
  return { id: `e${position}`, streamName: 's', type, data, metadata, revision: 0, position, timestamp: 0 };
}

function project(...events: RecordedEvent[]) {
  const db = openReadModels(':memory:');
  for (const event of events) db.transaction(() => reviewsProjector.apply(event, db));
  return db;
}

const at = '2024-05-02T08:00:00.000Z';
const user = recorded('UserRegistered', {
  userId: 'u1',
  name: 'Nida',
  email: 'nida@example.pk',
  contact: '',
  passwordHash: 'scrypt$x',
  isAdmin: false,
  at,
});
const product = recorded('ProductCreated', {
  productId: 'p1',
  name: 'Sports Bra',
  description: 'Medium support.',
  category: 'Sports Bras',
  price: 3_000,
  originalPrice: null,
  image: '/uploads/bra.webp',
  thumbnail: '/uploads/bra-thumb.webp',
  sizes: ['SM'],
  isFeatured: false,
  countInStock: 4,
  stockBySize: { SM: 4 },
  options: [{ name: 'Size', values: ['SM'] }],
  variants: [
    { id: 'p1-SM', sku: null, options: { Size: 'SM' }, price: 3_000, originalPrice: null, stock: 4 },
  ],
  at,
});
const posted = (reviewId: string, extra: Partial<EventData<'ReviewPosted'>> = {}) =>
  recorded('ReviewPosted', {
    reviewId,
    productId: 'p1',
    userId: 'u1',
    rating: 4,
    comment: reviewId,
    orderId: null,
    lineId: null,
    verified: false,
    anonymous: true,
    at,
    ...extra,
  });

describe('the reviews read model', () => {
  const old = {
    productId: 'p1',
    rating: 4,
    createdAt: at,
    updatedAt: null,
    author: 'Anonymous',
    verified: false,
  };

  it('answers the public list newest first (then latest posted), anonymous', () => {
    const db = project(
      user,
      product,
      posted('r1'),
      posted('r2', { at: '2024-05-03T00:00:00.000Z' }),
      posted('r3'),
      posted('other', { productId: 'p2' }),
    );
    expect(listPublicReviews(db, { productId: 'p1' })).toEqual([
      {
        id: 'r2',
        productId: 'p1',
        rating: 4,
        comment: 'r2',
        createdAt: '2024-05-03T00:00:00.000Z',
        updatedAt: null,
        author: 'Anonymous',
        verified: false,
      },
      { ...old, id: 'r3', comment: 'r3' },
      { ...old, id: 'r1', comment: 'r1' },
    ]);
  });

  it('answers the admin list with the author’s and product’s current names; deleted reviews leave', () => {
    const db = project(
      user,
      product,
      posted('r1'),
      posted('r2'),
      recorded('UserProfileChanged', {
        userId: 'u1',
        name: 'Nida K',
        email: 'nk@example.pk',
        contact: '',
        at,
      }),
      recorded('ProductUpdated', {
        ...(product.data as EventData<'ProductCreated'>),
        name: 'Sports Bra Pro',
      }),
      recorded('ReviewDeleted', { reviewId: 'r1', productId: 'p1', deletedBy: 'admin', at }),
    );
    expect(listAdminReviews(db)).toEqual([
      {
        id: 'r2',
        productId: 'p1',
        productName: 'Sports Bra Pro',
        rating: 4,
        comment: 'r2',
        createdAt: at,
        verified: false,
        User: { name: 'Nida K', email: 'nk@example.pk' },
      },
    ]);
    expect(listPublicReviews(db, { productId: 'p1' }).map((r) => r.id)).toEqual(['r2']);
  });

  it('answers null for an author or product it never saw, rather than dropping the review', () => {
    const db = project(posted('r1', { userId: 'ghost', productId: 'p9' }));
    expect(listAdminReviews(db)).toMatchObject([{ id: 'r1', productName: null, User: null }]);
  });

  it('counts a user’s live verified reviews, not earlier ones', () => {
    const db = project(
      user,
      posted('old'),
      posted('r1', { verified: true, orderId: 'o1', lineId: 'l1' }),
      posted('r2', { verified: true, orderId: 'o1', lineId: 'l2' }),
      recorded('ReviewDeleted', { reviewId: 'r2', productId: 'p1', deletedBy: 'a', at }),
    );
    expect(countVerifiedReviewsByUser(db, { userId: 'u1' })).toBe(1);
    expect(countVerifiedReviewsByUser(db, { userId: 'u2' })).toBe(0);
  });

  it('shows a verified review with the author’s first name and initial, or Anonymous; edits show', () => {
    const verified = { verified: true, orderId: 'o1', anonymous: false };
    const db = project(
      recorded('UserRegistered', {
        ...(user.data as EventData<'UserRegistered'>),
        name: 'Nida  Khan Baloch',
      }),
      product,
      posted('old'),
      posted('r1', { ...verified, lineId: 'l1' }),
      posted('r2', { ...verified, lineId: 'l2', anonymous: true }),
      recorded('ReviewEdited', {
        reviewId: 'r1',
        productId: 'p1',
        userId: 'u1',
        rating: 2,
        comment: 'Changed my mind',
        anonymous: false,
        at: '2024-05-04T00:00:00.000Z',
      }),
    );
    const byId = new Map(listPublicReviews(db, { productId: 'p1' }).map((r) => [r.id, r]));
    expect(byId.get('r1')).toMatchObject({
      author: 'Nida B.',
      verified: true,
      rating: 2,
      comment: 'Changed my mind',
      updatedAt: '2024-05-04T00:00:00.000Z',
    });
    expect(byId.get('r2')).toMatchObject({ author: 'Anonymous', verified: true, updatedAt: null });
    expect(byId.get('old')).toMatchObject({ author: 'Anonymous', verified: false });
    expect(
      latestVerifiedReviews(db, { productId: 'p1', limit: 5 })
        .map((r) => r.id)
        .sort(),
    ).toEqual(['r1', 'r2']);
    expect(latestVerifiedReviews(db, { productId: 'p1', limit: 1 })).toHaveLength(1);
    expect(listReviewsOfUser(db, { userId: 'u1', productId: 'p1' }).find((r) => r.id === 'r2')).toMatchObject(
      {
        orderId: 'o1',
        lineId: 'l2',
        anonymous: true,
      },
    );
    expect(listReviewsOfUser(db, { userId: 'u1', productId: 'p2' })).toEqual([]);
  });
});
