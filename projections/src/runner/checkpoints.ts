import type { ReadModelsDb } from '../db/database';
import { prepareQuery } from '../db/prepared-query';
import type { ProjectionCheckpointRow, ProjectorState } from '../db/read-models';

/** Why a projector stopped: the event it could not apply and the error it threw. */
export interface ProjectorFailure {
  message: string;
  position: number;
  eventType: string;
}

/** The checkpoint rows of these projectors, creating a stopped one at position 0 for a newcomer. */
export function loadCheckpoints(
  db: ReadModelsDb,
  names: readonly string[],
  now: number,
): Map<string, ProjectionCheckpointRow> {
  return db.transaction(() => {
    for (const name of names) {
      db.run(
        db.qb
          .insertInto('projection_checkpoints')
          .values({ name, position: 0, status: 'stopped', updated_at: now })
          .onConflict((conflict) => conflict.column('name').doNothing()),
      );
    }
    const rows = db.all(db.qb.selectFrom('projection_checkpoints').selectAll());
    return new Map(rows.filter((row) => names.includes(row.name)).map((row) => [row.name, row]));
  });
}

const moveCheckpoint = prepareQuery<{ name: string; position: number; now: number }>((qb, arg) =>
  qb
    .updateTable('projection_checkpoints')
    .set({ position: arg('position'), updated_at: arg('now') })
    .where('name', '=', arg('name')),
);

export function saveCheckpoint(db: ReadModelsDb, name: string, position: number, now: number): void {
  db.run(moveCheckpoint, { name, position, now });
}

/** Records a projector's state; a state other than 'failed' clears the last failure. */
export function saveState(
  db: ReadModelsDb,
  name: string,
  state: ProjectorState,
  now: number,
  failure?: ProjectorFailure,
): void {
  db.run(
    db.qb
      .updateTable('projection_checkpoints')
      .set({
        status: state,
        updated_at: now,
        last_error: failure?.message ?? null,
        failed_position: failure?.position ?? null,
        failed_event_type: failure?.eventType ?? null,
      })
      .where('name', '=', name),
  );
}

export function failureOf(row: ProjectionCheckpointRow): ProjectorFailure | undefined {
  if (row.status !== 'failed') return undefined;
  return {
    message: row.last_error ?? 'unknown error',
    position: row.failed_position ?? row.position,
    eventType: row.failed_event_type ?? 'unknown',
  };
}
