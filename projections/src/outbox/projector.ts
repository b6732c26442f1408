import type { ReadModelsDb } from '../db/database';
import { argumentsFor, prepareQuery } from '../db/prepared-query';
import { type EventHandlers, projectorOf } from '../runner/projector';
import type { OutboxMessagesTable } from './tables';

type Row = OutboxMessagesTable;

const sql = {
  insertOwed: prepareQuery<Row>((qb, arg) =>
    qb
      .insertInto('outbox_messages')
      .values(
        argumentsFor(arg, [
          'stream',
          'channel',
          'kind',
          'cause_event_id',
          'recipient',
          'state',
          'attempts',
          'owed_position',
          'owed_at',
          'lease_owner',
          'lease_until',
          'retry_at',
          'last_error',
          'settled_at',
        ]),
      )
      .onConflict((conflict) => conflict.column('stream').doNothing()),
  ),
  startSending: prepareQuery<Pick<Row, 'stream' | 'attempts' | 'lease_owner' | 'lease_until'>>((qb, arg) =>
    qb
      .updateTable('outbox_messages')
      .set(argumentsFor(arg, ['attempts', 'lease_owner', 'lease_until']))
      .where('stream', '=', arg('stream'))
      .where('state', '=', 'waiting'),
  ),
  defer: prepareQuery<Pick<Row, 'stream' | 'retry_at' | 'last_error'>>((qb, arg) =>
    qb
      .updateTable('outbox_messages')
      .set({ ...argumentsFor(arg, ['retry_at', 'last_error']), lease_owner: null, lease_until: null })
      .where('stream', '=', arg('stream'))
      .where('state', '=', 'waiting'),
  ),
  markSent: prepareQuery<Pick<Row, 'stream' | 'settled_at'>>((qb, arg) =>
    qb
      .updateTable('outbox_messages')
      .set({
        state: 'sent',
        settled_at: arg('settled_at'),
        lease_owner: null,
        lease_until: null,
        retry_at: null,
      })
      .where('stream', '=', arg('stream'))
      .where('state', '!=', 'sent'),
  ),
  markSettled: prepareQuery<Pick<Row, 'stream' | 'settled_at' | 'last_error' | 'state'>>((qb, arg) =>
    qb
      .updateTable('outbox_messages')
      .set({
        state: arg('state'),
        settled_at: arg('settled_at'),
        last_error: arg('last_error'),
        lease_owner: null,
        lease_until: null,
        retry_at: null,
      })
      .where('stream', '=', arg('stream'))
      .where('state', '=', 'waiting'),
  ),
};

/** A waiting message settles for good without being sent: failed, or withdrawn as no longer needed. */
function settle(
  db: ReadModelsDb,
  stream: string,
  state: 'failed' | 'withdrawn',
  e: { at: string; reason: string },
): void {
  db.run(sql.markSettled, { stream, state, settled_at: e.at, last_error: e.reason });
}

/**
 * Each outbox stream's events, folded into its row. A message the server accepted is sent whatever
 * came before or after (a slow instance's late answer); otherwise the first settlement holds.
 */
const on = {
  MessageOwed(e, db, event) {
    db.run(sql.insertOwed, {
      stream: event.streamName,
      channel: e.channel,
      kind: e.kind,
      cause_event_id: e.causeEventId,
      recipient: e.to,
      state: 'waiting',
      attempts: 0,
      owed_position: event.position,
      owed_at: e.at,
      lease_owner: null,
      lease_until: null,
      retry_at: null,
      last_error: null,
      settled_at: null,
    });
  },
  MessageSendStarted(e, db, event) {
    db.run(sql.startSending, {
      stream: event.streamName,
      attempts: e.attempt,
      lease_owner: e.owner,
      lease_until: e.until,
    });
  },
  MessageDeferred(e, db, event) {
    db.run(sql.defer, { stream: event.streamName, retry_at: e.retryAt, last_error: e.reason });
  },
  MessageSent(e, db, event) {
    db.run(sql.markSent, { stream: event.streamName, settled_at: e.at });
  },
  MessageFailed(e, db, event) {
    settle(db, event.streamName, 'failed', e);
  },
  MessageWithdrawn(e, db, event) {
    settle(db, event.streamName, 'withdrawn', e);
  },
} satisfies EventHandlers;

/** The outbox read model: every message owed, where its sending stands. Counts for the admin. */
export const outboxProjector = projectorOf({
  name: 'outbox',
  tables: ['outbox_messages'],
  statements: sql,
  on,
});
