import type { ChannelMessages, MessageChannel } from '@shop/contracts';
import type { ReadModelsDb } from '../database';
import type { OutboxMessageRow, ReactorCheckpointRow } from './tables';

/**
 * The waiting messages of a channel that may be sent at `now`, oldest owed first: nobody holds them
 * (or the lease has run out, or its holder is a process known dead) and their retry time has come.
 */
export function dueMessages(
  db: ReadModelsDb,
  args: { channel: MessageChannel; now: string; deadOwners: readonly string[]; limit: number },
): OutboxMessageRow[] {
  return db.all(
    db.qb
      .selectFrom('outbox_messages')
      .selectAll()
      .where('channel', '=', args.channel)
      .where('state', '=', 'waiting')
      .where((eb) =>
        eb.or([
          eb('lease_until', 'is', null),
          eb('lease_until', '<=', args.now),
          ...(args.deadOwners.length > 0 ? [eb('lease_owner', 'in', args.deadOwners)] : []),
        ]),
      )
      .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', args.now)]))
      .orderBy('owed_position')
      .limit(args.limit),
  );
}

/** Sent, waiting and failed counts of a channel, the oldest wait and the latest failure. */
export function channelMessageCounts(
  db: ReadModelsDb,
  channel: MessageChannel,
): Omit<ChannelMessages, 'channel' | 'delivery'> {
  const counts = db.all(
    db.qb
      .selectFrom('outbox_messages')
      .select((eb) => ['state', eb.fn.countAll<number>().as('count'), eb.fn.min('owed_at').as('oldest')])
      .where('channel', '=', channel)
      .groupBy('state'),
  );
  const of = (state: string) => counts.find((row) => row.state === state);
  const lastFailure = db.first(
    db.qb
      .selectFrom('outbox_messages')
      .select(['last_error', 'settled_at', 'kind'])
      .where('channel', '=', channel)
      .where('state', '=', 'failed')
      .orderBy('settled_at', 'desc')
      .limit(1),
  );
  return {
    sent: of('sent')?.count ?? 0,
    waiting: of('waiting')?.count ?? 0,
    failed: of('failed')?.count ?? 0,
    oldestWaitingSince: of('waiting')?.oldest ?? null,
    lastFailure: lastFailure
      ? { reason: lastFailure.last_error ?? '', at: lastFailure.settled_at ?? '', kind: lastFailure.kind }
      : null,
  };
}

/** A reactor's checkpoint row, or undefined before its first start. */
export function findReactorCheckpoint(db: ReadModelsDb, name: string): ReactorCheckpointRow | undefined {
  return db.first(db.qb.selectFrom('reactor_checkpoints').selectAll().where('name', '=', name));
}

/** Records where a reactor stands in the log and the id of its current process. */
export function saveReactorCheckpoint(
  db: ReadModelsDb,
  row: { name: string; position: number; life: string; now: number },
): void {
  db.run(
    db.qb
      .insertInto('reactor_checkpoints')
      .values({ name: row.name, position: row.position, life: row.life, updated_at: row.now })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet({ position: row.position, life: row.life, updated_at: row.now }),
      ),
  );
}
