import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from '../db';
import { dataOf } from '../event-data';
import type { Projector } from '../projector';

type Handlers = { [T in EventType]?: (data: EventData<T>, db: ReadModelsDb, event: RecordedEvent) => void };

/**
 * One handler per event type; the projector handles exactly these. Another slice's event that
 * changes a customer (e.g. an order placed with an affiliate code counting towards
 * `affiliate_use_count`) is one more entry here.
 */
const on = {
  UserRegistered(e, db, event) {
    db.run(
      db.qb.insertInto('customers').values({
        id: e.userId,
        name: e.name,
        email: e.email,
        contact: e.contact,
        is_admin: e.isAdmin ? 1 : 0,
        affiliate_use_count: 0,
        created_at: e.at,
        updated_at: e.at,
        registered_position: event.position,
      }),
    );
    db.run(
      db.qb
        .insertInto('customer_credentials')
        .values({ user_id: e.userId, email: e.email, password_hash: e.passwordHash }),
    );
  },
  UserProfileChanged(e, db) {
    db.run(
      db.qb
        .updateTable('customers')
        .set({ name: e.name, email: e.email, contact: e.contact, updated_at: e.at })
        .where('id', '=', e.userId),
    );
    db.run(db.qb.updateTable('customer_credentials').set({ email: e.email }).where('user_id', '=', e.userId));
  },
  UserPasswordChanged(e, db) {
    db.run(db.qb.updateTable('customers').set({ updated_at: e.at }).where('id', '=', e.userId));
    db.run(
      db.qb
        .updateTable('customer_credentials')
        .set({ password_hash: e.passwordHash })
        .where('user_id', '=', e.userId),
    );
  },
  UserRoleChanged(e, db) {
    db.run(
      db.qb
        .updateTable('customers')
        .set({ is_admin: e.isAdmin ? 1 : 0, updated_at: e.at })
        .where('id', '=', e.userId),
    );
  },
  OrderPlaced(e, db) {
    if (!e.affiliateUserId) return;
    db.run(
      db.qb
        .updateTable('customers')
        .set((eb) => ({ affiliate_use_count: eb('affiliate_use_count', '+', 1) }))
        .where('id', '=', e.affiliateUserId),
    );
  },
} satisfies Handlers;

const handles = Object.keys(on) as (keyof typeof on)[];

/**
 * The customers read model: who is registered, their role and profile, and (in a private table)
 * their password hash for sign-in. Data is parsed with its contract schema, so a malformed event
 * stops the projector with the reason instead of writing a wrong row.
 */
export const customersProjector: Projector = {
  name: 'customers',
  tables: ['customers', 'customer_credentials'],
  handles,
  apply(event, db) {
    const type = event.type as (typeof handles)[number];
    const handler = on[type] as (data: unknown, db: ReadModelsDb, event: RecordedEvent) => void;
    if (!handler) throw new Error(`The customers projector does not handle ${event.type}`);
    handler(dataOf(event, type) as never, db, event);
  },
};
