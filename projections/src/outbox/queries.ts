import type { ChannelMessages, MessageChannel } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import type { OutboxMessageRow } from './tables';

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

/** Sent, waiting and failed counts of a channel, the oldest wait, the latest failure and put-off attempt. */
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
  const lastRetry = db.first(
    db.qb
      .selectFrom('outbox_messages')
      .select(['last_error', 'retry_at', 'kind'])
      .where('channel', '=', channel)
      .where('state', '=', 'waiting')
      .where('last_error', 'is not', null)
      .orderBy('retry_at', 'desc')
      .limit(1),
  );
  return {
    sent: of('sent')?.count ?? 0,
    waiting: of('waiting')?.count ?? 0,
    failed: of('failed')?.count ?? 0,
    withdrawn: of('withdrawn')?.count ?? 0,
    oldestWaitingSince: of('waiting')?.oldest ?? null,
    lastFailure: lastFailure
      ? { reason: lastFailure.last_error ?? '', at: lastFailure.settled_at ?? '', kind: lastFailure.kind }
      : null,
    lastRetry: lastRetry
      ? { reason: lastRetry.last_error ?? '', retryAt: lastRetry.retry_at ?? '', kind: lastRetry.kind }
      : null,
  };
}

/** How many earlier processes a reactor remembers; older ones' leases have long run out. */
const REMEMBERED_LIVES = 8;

/** Where a reactor stood when its last process ended, and which processes ran it before. */
export interface ReactorCheckpoint {
  position: number;
  /** The last process's id, then the earlier ones', latest first: all dead now. */
  lives: string[];
}

/** A reactor's checkpoint, or undefined before its first start. */
export function findReactorCheckpoint(db: ReadModelsDb, name: string): ReactorCheckpoint | undefined {
  const row = db.first(db.qb.selectFrom('reactor_checkpoints').selectAll().where('name', '=', name));
  return row && { position: row.position, lives: [row.life, ...(JSON.parse(row.earlier_lives) as string[])] };
}

/**
 * Records where a reactor stands in the log and the id of its current process; with `earlierLives`
 * (at a process's start), the ids of the processes before it too.
 */
export function saveReactorCheckpoint(
  db: ReadModelsDb,
  row: { name: string; position: number; life: string; now: number; earlierLives?: readonly string[] },
): void {
  const moved = { position: row.position, life: row.life, updated_at: row.now };
  const earlier = JSON.stringify((row.earlierLives ?? []).slice(0, REMEMBERED_LIVES));
  db.run(
    db.qb
      .insertInto('reactor_checkpoints')
      .values({ name: row.name, ...moved, earlier_lives: earlier })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet(row.earlierLives ? { ...moved, earlier_lives: earlier } : moved),
      ),
  );
}
