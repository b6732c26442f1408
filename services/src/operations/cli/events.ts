import { createWriteStream, mkdirSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { EVENT_SCHEMA_VERSIONS, type EventStore, type RecordedEvent } from '@shop/contracts';
import { calendarDay } from '@shop/projections';
import { loadConfig } from '../../platform/config/config';
import { upcasters } from '../../platform/events/upcasters';
import { upcastingStore } from '../../platform/events/upcasting-store';
import { openEventStore } from '../../platform/eventstore/open-event-store';
import { copyCommand } from './copy-events';
import { type EventTable, tablesOf } from './event-tables';
import { type CommandIo, parseOptions, progressBar, UsageError } from './io';
import { parseDay, readLog } from './log';
import { openTableWriter, type TableFormat, type TableWriter } from './table-writers';

// `npm run events -- export [--from DATE] [--to DATE] [--type TYPE] [--out FILE]`: the log as NDJSON,
// one recorded event per line, in position order. Dates are calendar days in the shop's time zone,
// both inclusive, matched against when each event was stored. `--type` may be repeated or comma-separated.
// `--format csv|parquet --out-dir DIR` writes flat tables instead, one file per event type (and per
// array of objects in it, such as an order's lines): see event-tables.ts and docs/analysis.md.
// `npm run events -- copy --to esdb|postgres`: see copy-events.ts.

export const EVENTS_USAGE =
  'Usage: npm run events -- export [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--type TYPE] [--out FILE]\n' +
  '       npm run events -- export --format csv|parquet --out-dir DIR [--from ...] [--to ...] [--type ...]\n' +
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
  const { values, positional } = parseOptions(args, {
    values: ['from', 'to', 'type', 'out', 'format', 'out-dir'],
  });
  if (positional.length > 0) throw new UsageError(EVENTS_USAGE);
  const format = values.get('format') ?? 'ndjson';
  if (format !== 'ndjson' && format !== 'csv' && format !== 'parquet')
    throw new UsageError(`--format must be ndjson, csv or parquet (got '${format}')`);
  const outDir = values.get('out-dir');
  if (format === 'ndjson' ? outDir !== undefined : outDir === undefined || values.has('out'))
    throw new UsageError(
      format === 'ndjson'
        ? '--out-dir goes with --format csv or parquet; NDJSON is one file (--out FILE)'
        : `--format ${format} writes one file per event type: give --out-dir DIR (not --out)`,
    );
  const filter: ExportFilter = {
    ...(values.has('from') ? { from: parseDay('from', values.get('from')) } : {}),
    ...(values.has('to') ? { to: parseDay('to', values.get('to')) } : {}),
    ...(values.has('type') ? { types: new Set(values.get('type')!.split(',')) } : {}),
  };
  const store = upcastingStore(openEventStore(loadConfig(io.env)), EVENT_SCHEMA_VERSIONS, upcasters);
  if (format !== 'ndjson') return exportTables(store, filter, format, outDir!, io);
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

async function exportTables(
  store: EventStore,
  filter: ExportFilter,
  format: TableFormat,
  outDir: string,
  io: CommandIo,
): Promise<number> {
  mkdirSync(outDir, { recursive: true });
  const bar = progressBar(io, 'Exporting');
  const tablesByType = new Map<string, EventTable[]>();
  const writers = new Map<string, { file: string; writer: TableWriter; rows: number }>();
  let written = 0;
  try {
    const head = await store.headPosition();
    for await (const event of readLog(store)) {
      bar.update(event.position, head);
      if (!matchesExport(event, filter)) continue;
      let tables = tablesByType.get(event.type);
      if (!tables) {
        tables = tablesOf(event.type);
        tablesByType.set(event.type, tables);
      }
      for (const table of tables) {
        for (const row of table.rowsOf(event)) {
          let open = writers.get(table.name);
          if (!open) {
            open = { ...openTableWriter(format, outDir, table.name, table.columns), rows: 0 };
            writers.set(table.name, open);
          }
          await open.writer.write(row);
          open.rows += 1;
        }
      }
      written += 1;
    }
    bar.done();
  } finally {
    for (const { writer } of writers.values()) await writer.close();
    await store.close();
  }
  for (const [table, { file, rows }] of [...writers].sort(([a], [b]) => a.localeCompare(b)))
    io.err.write(`  ${table}: ${rows} rows -> ${file}\n`);
  io.err.write(`Exported ${written} events to ${writers.size} ${format} files in ${outDir}.\n`);
  return 0;
}

export async function eventsCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'export') return exportCommand(rest, io);
  if (command === 'copy') return copyCommand(rest, io);
  throw new UsageError(EVENTS_USAGE);
}
