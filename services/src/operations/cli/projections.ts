import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_SCHEMA_VERSIONS, type EventStore } from '@shop/contracts';
import { allProjectors, openReadModels, ProjectionRunner, type ProjectorStatus } from '@shop/projections';
import { loadConfig } from '../../platform/config/config';
import { upcasters } from '../../platform/events/upcasters';
import { upcastingStore } from '../../platform/events/upcasting-store';
import { openEventStore } from '../../platform/eventstore/open-event-store';
import { type CommandIo, formatTable, parseOptions, progressBar, UsageError } from './io';

// `npm run projections -- status [--json]` and `npm run projections -- rebuild [name] [--force]`, on the
// read models in DATA_DIR and the configured event store. A running shop rebuilds online through
// POST /api/admin/projections/rebuild instead: two runners on one read-model file would both apply events.

export const PROJECTIONS_USAGE =
  'Usage: npm run projections -- status [--json]\n       npm run projections -- rebuild [name] [--force]';

/** What the status command reports per read model: the runner's figures with the state stored on disk. */
export interface ReadModelStatus extends ProjectorStatus {
  head: number;
}

interface Opened {
  store: EventStore;
  runner: ProjectionRunner;
  storedStates: Map<string, string>;
  close(): Promise<void>;
}

function openProjections(io: CommandIo, onRead?: (position: number) => void): Opened {
  const config = loadConfig(io.env);
  if (!existsSync(config.DATA_DIR)) {
    throw new UsageError(
      `DATA_DIR ${config.DATA_DIR} does not exist: point DATA_DIR at the shop's data folder.`,
    );
  }
  const raw = upcastingStore(openEventStore(config), EVENT_SCHEMA_VERSIONS, upcasters);
  // Reports how far a rebuild's replay has read, for the progress bar.
  const store: EventStore = onRead
    ? {
        ...raw,
        async readAll(options) {
          const events = await raw.readAll(options);
          const last = events.at(-1);
          if (last) onRead(last.position);
          return events;
        },
      }
    : raw;
  const readModels = openReadModels(join(config.DATA_DIR, 'read-models.sqlite'));
  const storedStates = new Map(
    readModels
      .all(readModels.qb.selectFrom('projection_checkpoints').select(['name', 'status']))
      .map((row) => [row.name, row.status] as const),
  );
  const runner = new ProjectionRunner({ store, readModels, projectors: allProjectors });
  return {
    store,
    runner,
    storedStates,
    async close() {
      readModels.close();
      await raw.close();
    },
  };
}

/** Each read model's checkpoint, the head, lag in events and seconds, state (as the shop last stored it) and last error. */
export async function projectionStatus(io: CommandIo): Promise<ReadModelStatus[]> {
  const opened = openProjections(io);
  try {
    const status = await opened.runner.refreshStatus();
    return status.projectors.map((projector) => ({
      ...projector,
      state: (opened.storedStates.get(projector.name) ?? projector.state) as ProjectorStatus['state'],
      head: status.head,
    }));
  } finally {
    await opened.close();
  }
}

export async function rebuildProjections(
  io: CommandIo,
  names: readonly string[] | undefined,
  force: boolean,
): Promise<{ rebuilt: string[]; position: number }> {
  let head = 0;
  const bar = progressBar(io, 'Rebuilding');
  const opened = openProjections(io, (position) => bar.update(position, head));
  try {
    const running = [...opened.storedStates].filter(([, state]) => state === 'running').map(([name]) => name);
    if (running.length > 0 && !force) {
      throw new UsageError(
        `The read models are marked running (${running.join(', ')}): the shop seems to be running, or did not stop cleanly.\n` +
          'Rebuild a running shop online with POST /api/admin/projections/rebuild, or stop it first; --force rebuilds anyway.',
      );
    }
    const known = allProjectors.map((projector) => projector.name);
    const unknown = names?.filter((name) => !known.includes(name)) ?? [];
    if (unknown.length > 0)
      throw new UsageError(`No read model named ${unknown.join(', ')}. Known: ${known.join(', ')}`);
    head = await opened.store.headPosition();
    const result = await opened.runner.rebuild(names);
    bar.update(head, head);
    bar.done();
    return result;
  } finally {
    await opened.close();
  }
}

export async function projectionsCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'status') {
    const { flags } = parseOptions(rest, { values: [], flags: ['json'] });
    const statuses = await projectionStatus(io);
    if (flags.has('json')) io.out.write(`${JSON.stringify(statuses, null, 2)}\n`);
    else {
      const rows = statuses.map((s) => [
        s.name,
        s.state,
        String(s.checkpoint),
        String(s.head),
        String(s.lagEvents),
        s.lagSeconds.toFixed(1),
        s.lastError ?? '',
      ]);
      io.out.write(
        `${formatTable(['read model', 'state', 'checkpoint', 'head', 'lag events', 'lag s', 'last error'], rows)}\n`,
      );
    }
    return 0;
  }
  if (command === 'rebuild') {
    const { positional, flags } = parseOptions(rest, { values: [], flags: ['force'] });
    const result = await rebuildProjections(
      io,
      positional.length > 0 ? positional : undefined,
      flags.has('force'),
    );
    io.err.write(`Rebuilt ${result.rebuilt.join(', ')} up to position ${result.position}.\n`);
    return 0;
  }
  throw new UsageError(PROJECTIONS_USAGE);
}
