import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from '../db';
import { dataOf } from '../event-data';
import type { Projector } from '../projector';

type Handlers = { [T in EventType]?: (data: EventData<T>, db: ReadModelsDb, event: RecordedEvent) => void };

/** One handler per event type; the projector handles exactly these. */
const on = {
  ReviewPosted(e, db, event) {
    db.run(
      db.qb.insertInto('reviews').values({
        id: e.reviewId,
        product_id: e.productId,
        user_id: e.userId,
        rating: e.rating,
        comment: e.comment,
        created_at: e.at,
        posted_position: event.position,
      }),
    );
  },
  ReviewDeleted(e, db) {
    db.run(db.qb.deleteFrom('reviews').where('id', '=', e.reviewId));
  },
  UserRegistered(e, db) {
    db.run(db.qb.insertInto('review_authors').values({ user_id: e.userId, name: e.name, email: e.email }));
  },
  UserProfileChanged(e, db) {
    db.run(
      db.qb
        .updateTable('review_authors')
        .set({ name: e.name, email: e.email })
        .where('user_id', '=', e.userId),
    );
  },
  ProductCreated(e, db) {
    db.run(db.qb.insertInto('review_products').values({ product_id: e.productId, name: e.name }));
  },
  ProductUpdated(e, db) {
    db.run(db.qb.updateTable('review_products').set({ name: e.name }).where('product_id', '=', e.productId));
  },
} satisfies Handlers;

const handles = Object.keys(on) as (keyof typeof on)[];

/**
 * The reviews read model: live reviews, plus the author and product names the admin list shows,
 * kept here so this read model rebuilds on its own.
 */
export const reviewsProjector: Projector = {
  name: 'reviews',
  tables: ['reviews', 'review_authors', 'review_products'],
  handles,
  apply(event, db) {
    const type = event.type as (typeof handles)[number];
    const handler = on[type] as (data: unknown, db: ReadModelsDb, event: RecordedEvent) => void;
    if (!handler) throw new Error(`The reviews projector does not handle ${event.type}`);
    handler(dataOf(event, type) as never, db, event);
  },
};
