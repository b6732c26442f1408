import { existsSync } from 'node:fs';
import {
  type EventStore,
  type ExpectedRevision,
  NO_STREAM,
  type RecordedEvent,
  StreamNotFound,
  WrongExpectedVersion,
} from '@shop/contracts';
import { loadConfig } from '../../platform/config/config';
import { openEventStore, sqliteEventStorePath } from '../../platform/eventstore/open-event-store';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { type CommandIo, parseOptions, progressBar, UsageError } from './io';
import { readLog } from './log';

// `npm run events -- copy --to esdb|postgres`: copies the shop's events from DATA_DIR/events.sqlite into
// the EventStoreDB at ESDB_URL or the PostgreSQL at POSTGRES_URL, in position order, each stream's events
// at their own revisions with their ids, data and metadata (as stored: the log is never rewritten, old
// versions stay old; the target gives them its own positions, in the same order). Safe to re-run:
// an event already in the target at its revision with its id is skipped; a stream whose target holds a
// different event at a revision is reported and left alone.

const COPY_USAGE = 'Usage: npm run events -- copy --to esdb|postgres';
/** Each target, with the variable that says where it is. */
const TARGETS = { esdb: 'ESDB_URL', postgres: 'POSTGRES_URL' } as const;
const MAX_RUN = 500;

/** What to do with a run of consecutive source events of one stream, given the target stream's event ids. */
export type CopyPlan =
  | { kind: 'append'; skip: number; events: RecordedEvent[]; expectedRevision: ExpectedRevision }
  | { kind: 'conflict'; reason: string };

/**
 * Plans one run (consecutive source events of one stream, ascending revisions) against the ids the target
 * stream holds, by revision. Events already there are skipped; the rest are appended after the target's
 * last revision, which must be the revision just before them.
 */
export function planRun(run: readonly RecordedEvent[], targetIds: readonly string[]): CopyPlan {
  const events: RecordedEvent[] = [];
  let skip = 0;
  for (const event of run) {
    if (event.revision < targetIds.length) {
      if (targetIds[event.revision] !== event.id) {
        return {
          kind: 'conflict',
          reason: `${event.streamName}: revision ${event.revision} is ${targetIds[event.revision]} in the target, ${event.id} in the source`,
        };
      }
      skip += 1;
    } else events.push(event);
  }
  const first = events[0];
  if (first && first.revision !== targetIds.length) {
    return {
      kind: 'conflict',
      reason: `${first.streamName}: the target has ${targetIds.length} events, the source continues at revision ${first.revision}`,
    };
  }
  return {
    kind: 'append',
    skip,
    events,
    expectedRevision: targetIds.length === 0 ? NO_STREAM : targetIds.length - 1,
  };
}

export interface CopyReport {
  appended: number;
  skipped: number;
  conflicts: string[];
}

/** Copies every event of `source` into `target` in position order; see planRun for what is skipped. */
export async function copyEvents(
  source: EventStore,
  target: EventStore,
  onProgress: (position: number) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { appended: 0, skipped: 0, conflicts: [] };
  const targetIds = new Map<string, string[] | 'conflict'>();
  // Into an empty store (the first copy), every stream starts empty: no read per stream. Should
  // something else write a stream meanwhile, its append is refused and the stream is read then.
  let assumeEmpty = (await target.headPosition()) === 0;

  const idsInTarget = async (stream: string): Promise<string[] | 'conflict'> => {
    let ids = targetIds.get(stream);
    if (ids === undefined && assumeEmpty) {
      ids = [];
      targetIds.set(stream, ids);
    }
    if (ids === undefined) {
      ids = await target.readStream(stream).then(
        (events) => events.map((event) => event.id),
        (error: unknown) => {
          if (error instanceof StreamNotFound) return [];
          throw error;
        },
      );
      targetIds.set(stream, ids);
    }
    return ids;
  };

  const copyRun = async (run: RecordedEvent[]) => {
    const stream = run[0]!.streamName;
    const ids = await idsInTarget(stream);
    if (ids === 'conflict') {
      report.skipped += run.length;
      return;
    }
    const plan = planRun(run, ids);
    if (plan.kind === 'conflict') {
      report.conflicts.push(plan.reason);
      targetIds.set(stream, 'conflict');
      report.skipped += run.length;
      return;
    }
    report.skipped += plan.skip;
    if (plan.events.length === 0) return;
    try {
      await target.append(
        stream,
        plan.events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
        { expectedRevision: plan.expectedRevision },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || !assumeEmpty) throw error;
      // The target was written to meanwhile: read every stream from here on, this one again.
      assumeEmpty = false;
      targetIds.clear();
      report.skipped -= plan.skip;
      return copyRun(run);
    }
    ids.push(...plan.events.map((event) => event.id));
    report.appended += plan.events.length;
  };

  let run: RecordedEvent[] = [];
  for await (const event of readLog(source)) {
    if (run.length > 0 && (run[0]!.streamName !== event.streamName || run.length >= MAX_RUN)) {
      await copyRun(run);
      onProgress(run.at(-1)!.position);
      run = [];
    }
    run.push(event);
  }
  if (run.length > 0) await copyRun(run);
  return report;
}

export async function copyCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positional } = parseOptions(args, { values: ['to'] });
  const to = values.get('to');
  if (!(to === 'esdb' || to === 'postgres') || positional.length > 0) throw new UsageError(COPY_USAGE);
  const config = loadConfig(io.env);
  if (!config[TARGETS[to]]) {
    throw new UsageError(`Set ${TARGETS[to]} to the event store to copy into.\n${COPY_USAGE}`);
  }
  const path = sqliteEventStorePath(config.DATA_DIR);
  if (!existsSync(path)) throw new UsageError(`There is no SQLite event store at ${path} (set DATA_DIR).`);
  const source = openSqliteEventStore({ path, durability: config.DURABILITY });
  const target = openEventStore({ ...config, EVENT_STORE: to }, { bulkCopy: true });
  const bar = progressBar(io, 'Copying');
  try {
    const head = await source.headPosition();
    const report = await copyEvents(source, target, (position) => bar.update(position, head));
    bar.update(head, head);
    bar.done();
    io.err.write(`Copied ${report.appended} events; ${report.skipped} were already there or skipped.\n`);
    for (const conflict of report.conflicts) io.err.write(`Not copied: ${conflict}\n`);
    return report.conflicts.length === 0 ? 0 : 1;
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}
