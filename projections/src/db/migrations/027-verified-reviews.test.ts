import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { catalogueProjector } from '../../catalogue/projector';
import { aProductCreated } from '../../catalogue/test-builders';
import { reviewsProjector } from '../../reviews/projector';
import { useTempDir } from '../../test-support/temp-dir';
import { openReadModels } from '../open';
import { readModelMigrations } from './index';

const temp = useTempDir();
// With 033's columns already there: today's catalogue projector writes the product's variants, and
// 033 (which replays the catalogue) would otherwise empty the rows this test compares.
const before027 = readModelMigrations.filter((m) => m.name < '027' || m.name.startsWith('033'));

let position = 100;
function recorded<T extends EventType>(type: T, data: EventData<T>): RecordedEvent {
  position += 1;
  const metadata = { schemaVersion: 2, actor: 'test' };
  return { id: `e${position}`, streamName: 's', type, data, metadata, revision: 0, position, timestamp: 0 };
}

const at = '2024-05-02T10:00:00.000Z';

describe('migration 027: reviews from buyers', () => {
  it('leaves the reviews and ratings exactly as a rebuild from the log gives them: earlier reviews unverified, anonymous, in no rating', () => {
    const path = temp.path('read-models.sqlite');
    const product = aProductCreated();
    const old = openReadModels(path, { migrations: before027 });
    old.transaction(() => catalogueProjector.apply(product, old));
    // What the projectors before 027 wrote for two reviews (rating 4 and 2) of that product.
    old.sqlite.exec(`
      INSERT INTO reviews (id, product_id, user_id, rating, comment, created_at, posted_position) VALUES
        ('r1', 'p1', 'u1', 4, 'good', '${at}', 7), ('r2', 'p1', 'u2', 2, 'meh', '${at}', 8);
      INSERT INTO catalogue_reviews (review_id, product_id, rating) VALUES ('r1', 'p1', 4), ('r2', 'p1', 2);
      UPDATE catalogue_products SET num_reviews = 2, rating = 3, sort_rating = 3 WHERE id = 'p1';
    `);
    old.close();

    const migrated = openReadModels(path);
    const rebuilt = openReadModels(':memory:');
    rebuilt.transaction(() => catalogueProjector.apply(product, rebuilt));
    // The same reviews read back from the log: version 1, upcast as every reader sees them.
    for (const [reviewId, userId, rating, comment, pos] of [
      ['r1', 'u1', 4, 'good', 7],
      ['r2', 'u2', 2, 'meh', 8],
    ] as const) {
      const event = {
        ...recorded('ReviewPosted', {
          reviewId,
          productId: 'p1',
          userId,
          rating,
          comment,
          orderId: null,
          lineId: null,
          verified: false,
          anonymous: true,
          at,
        }),
        position: pos,
      };
      rebuilt.transaction(() => {
        catalogueProjector.apply(event, rebuilt);
        reviewsProjector.apply(event, rebuilt);
      });
    }
    for (const table of ['reviews', 'catalogue_reviews', 'catalogue_products']) {
      const rows = (db: typeof migrated) => db.sqlite.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
      expect({ table, rows: rows(migrated) }).toEqual({ table, rows: rows(rebuilt) });
    }
    expect(
      migrated.sqlite.prepare("SELECT num_reviews, rating FROM catalogue_products WHERE id = 'p1'").get(),
    ).toEqual({
      num_reviews: 0,
      rating: 0,
    });
    migrated.close();
    rebuilt.close();
  });
});
