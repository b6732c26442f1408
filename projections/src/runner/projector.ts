import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import type { PreparedQuery } from '../db/prepared-query';
import { dataOf } from './event-data';

/**
 * Builds one read model from the log. `apply` is synchronous and pure over the read-model database:
 * no clock, no network, no randomness, so replaying the log rebuilds the same rows. It runs inside the
 * runner's transaction; throwing stops this projector (the batch's changes roll back) and records why.
 */
export interface Projector {
  /** Stable: it keys the checkpoint. */
  name: string;
  /** Every table the projector writes; rebuild swaps exactly these. */
  tables: readonly string[];
  /** Event types it reacts to; others are skipped without calling `apply`. Omitted: every event. */
  handles?: readonly string[];
  /**
   * Every statement `apply` runs. While the runner catches up on a long stretch of the log it drops the
   * indexes of `tables` that none of these use, and rebuilds them once caught up (see catch-up-indexes.ts).
   * Omitted: every index of its tables stays.
   */
  statements?: Readonly<Record<string, Pick<PreparedQuery<unknown>, 'sql'>>>;
  apply(event: RecordedEvent, db: ReadModelsDb): void;
}

/** One handler per event type: its data (parsed by the contract schema), the database, the stored event. */
export type EventHandlers = {
  [T in EventType]?: (data: EventData<T>, db: ReadModelsDb, event: RecordedEvent) => void;
};

/**
 * The one way a read model's projector is written: a handler per event type it handles
 * (`on = { OrderPlaced(e, db) {...} } satisfies EventHandlers`). It handles exactly those types;
 * each event's data is parsed with its contract schema first, so a malformed event stops the
 * projector with the reason instead of writing a wrong row.
 */
export function projectorOf(
  definition: Omit<Projector, 'apply' | 'handles'> & { on: EventHandlers },
): Projector {
  const { on, ...projector } = definition;
  const handlers = on as Record<string, (data: unknown, db: ReadModelsDb, event: RecordedEvent) => void>;
  return {
    ...projector,
    handles: Object.keys(handlers),
    apply(event, db) {
      const handler = handlers[event.type];
      if (!handler) throw new Error(`The ${projector.name} projector does not handle ${event.type}`);
      handler(dataOf(event, event.type as EventType), db, event);
    },
  };
}

/** Names unique, each table written by one projector (a rebuild replaces it whole), every table migrated. */
export function assertProjectorsFit(projectors: readonly Projector[], db: ReadModelsDb): void {
  const owners = new Map<string, string>();
  const names = new Set<string>();
  const exists = db.sqlite.prepare<[string], { name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?",
  );
  for (const { name, tables } of projectors) {
    if (names.has(name)) throw new Error(`Two projectors are named ${name}`);
    names.add(name);
    for (const table of tables) {
      const owner = owners.get(table);
      if (owner) throw new Error(`Projectors ${owner} and ${name} both claim table ${table}`);
      if (!exists.get(table))
        throw new Error(`Projector ${name} writes table ${table}, which no migration creates`);
      owners.set(table, name);
    }
  }
}
