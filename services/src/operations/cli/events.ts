import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { EVENT_SCHEMA_VERSIONS, type RecordedEvent } from '@shop/contracts';
import { calendarDay } from '@shop/projections';
import { loadConfig } from '../../platform/config/config';
import { upcasters } from '../../platform/events/upcasters';
import { upcastingStore } from '../../platform/events/upcasting-store';
import { openEventStore } from '../../platform/eventstore/open-event-store';
import { copyCommand } from './copy-events';
import { type CommandIo, parseOptions, progressBar, UsageError } from './io';
import { parseDay, readLog } from './log';

// `npm run events -- export [--from DATE] [--to DATE] [--type TYPE] [--out FILE]`: the log as NDJSON,
// one recorded event per line, in position order. Dates are calendar days in the shop's time zone,
// both inclusive, matched against when each event was stored. `--type` may be repeated or comma-separated.
// `npm run events -- copy --to esdb|postgres`: see copy-events.ts.

export const EVENTS_USAGE =
  'Usage: npm run events -- export [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--type TYPE] [--out FILE]\n' +
  '       npm run events -- copy --to esdb|postgres';

export interface ExportFilter {
  from?: string;
  to?: string;
  types?: ReadonlySet<string>;
}

export function matchesExport(event: RecordedEvent, filter: ExportFilter): boolean {
  if (filter.types && !filter.types.has(event.type)) return false;
  if (!filter.from && !filter.to) return true;
  const day = calendarDay(new Date(event.timestamp));
  return (!filter.from || day >= filter.from) && (!filter.to || day <= filter.to);
}

async function exportCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positional } = parseOptions(args, { values: ['from', 'to', 'type', 'out'] });
  if (positional.length > 0) throw new UsageError(EVENTS_USAGE);
  const filter: ExportFilter = {
    ...(values.has('from') ? { from: parseDay('from', values.get('from')) } : {}),
    ...(values.has('to') ? { to: parseDay('to', values.get('to')) } : {}),
    ...(values.has('type') ? { types: new Set(values.get('type')!.split(',')) } : {}),
  };
  const store = upcastingStore(openEventStore(loadConfig(io.env)), EVENT_SCHEMA_VERSIONS, upcasters);
  const outFile = values.get('out');
  const out: Writable = outFile ? createWriteStream(outFile) : io.out;
  const bar = progressBar(io, 'Exporting');
  let written = 0;
  try {
    const head = await store.headPosition();
    for await (const event of readLog(store)) {
      bar.update(event.position, head);
      if (!matchesExport(event, filter)) continue;
      if (!out.write(`${JSON.stringify(event)}\n`))
        await new Promise((resolve) => out.once('drain', resolve));
      written += 1;
    }
    bar.done();
  } finally {
    if (outFile) await new Promise((resolve) => out.end(resolve));
    await store.close();
  }
  io.err.write(`Exported ${written} events${outFile ? ` to ${outFile}` : ''}.\n`);
  return 0;
}

export async function eventsCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'export') return exportCommand(rest, io);
  if (command === 'copy') return copyCommand(rest, io);
  throw new UsageError(EVENTS_USAGE);
}
