import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db/open';
import { reviewsProjector } from './projector';
import { countReviewsByUser, listAdminReviews, listPublicReviews } from './queries';

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
    at,
    ...extra,
  });

describe('the reviews read model', () => {
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
        author: 'Anonymous',
      },
      { id: 'r3', productId: 'p1', rating: 4, comment: 'r3', createdAt: at, author: 'Anonymous' },
      { id: 'r1', productId: 'p1', rating: 4, comment: 'r1', createdAt: at, author: 'Anonymous' },
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
        User: { name: 'Nida K', email: 'nk@example.pk' },
      },
    ]);
    expect(listPublicReviews(db, { productId: 'p1' }).map((r) => r.id)).toEqual(['r2']);
  });

  it('answers null for an author or product it never saw, rather than dropping the review', () => {
    const db = project(posted('r1', { userId: 'ghost', productId: 'p9' }));
    expect(listAdminReviews(db)).toMatchObject([{ id: 'r1', productName: null, User: null }]);
  });

  it('counts a user’s live reviews', () => {
    const db = project(
      user,
      posted('r1'),
      posted('r2'),
      recorded('ReviewDeleted', { reviewId: 'r2', productId: 'p1', deletedBy: 'a', at }),
    );
    expect(countReviewsByUser(db, { userId: 'u1' })).toBe(1);
    expect(countReviewsByUser(db, { userId: 'u2' })).toBe(0);
  });
});
