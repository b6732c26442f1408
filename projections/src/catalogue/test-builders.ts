import { type EventData, type EventType, type RecordedEvent, variantsFromSizes } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { openReadModels } from '../db/open';
import { catalogueProjector } from './projector';

let position = 0;

/** A stored event as the runner hands it to a projector. */
export function anEvent<T extends EventType>(type: T, data: EventData<T>): RecordedEvent {
  position += 1;
  return {
    id: `event-${position}`,
    streamName: 'test',
    type,
    data,
    metadata: { schemaVersion: 1, actor: 'test' },
    revision: 0,
    position,
    timestamp: 0,
  };
}

/**
 * A ProductCreated; money in minor units. Override what the test is about; without `stockBySize`, a
 * product with sizes has its whole count on its first size.
 */
export function aProductCreated(overrides: Partial<EventData<'ProductCreated'>> = {}): RecordedEvent {
  const sizes = overrides.sizes ?? ['SM', 'MD'];
  const countInStock = overrides.countInStock ?? 5;
  const data: Omit<EventData<'ProductCreated'>, 'options' | 'variants'> &
    Partial<EventData<'ProductCreated'>> = {
    stockBySize: Object.fromEntries(sizes.map((size, index) => [size, index === 0 ? countInStock : 0])),
    productId: 'p1',
    name: 'Flex Leggings',
    description: 'High-waisted leggings that stay put.',
    category: 'Leggings',
    price: 4_999_00,
    originalPrice: null,
    image: '/images/flex.webp',
    thumbnail: '/images/flex-thumb.webp',
    sizes: ['SM', 'MD'],
    isFeatured: false,
    countInStock: 5,
    at: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
  return anEvent('ProductCreated', { ...variantsFromSizes(data), ...data });
}

/** A verified review (a buyer's, of a delivered line); `verified: false` for one from before that rule. */
export function aReview(reviewId: string, productId: string, rating: number, verified = true): RecordedEvent {
  return anEvent('ReviewPosted', {
    reviewId,
    productId,
    userId: 'u1',
    rating,
    comment: '',
    orderId: verified ? 'o1' : null,
    lineId: verified ? reviewId : null,
    verified,
    anonymous: false,
    at: '2024-05-02T10:00:00.000Z',
  });
}

/** A fresh in-memory read-model database with these events projected. */
export function projected(...events: RecordedEvent[]): ReadModelsDb {
  const db = openReadModels(':memory:');
  project(db, ...events);
  return db;
}

export function project(db: ReadModelsDb, ...events: RecordedEvent[]): void {
  db.transaction(() => {
    for (const event of events) catalogueProjector.apply(event, db);
  });
}
