/**
 * The other process of the contract's cross-process race. Opens the store described by argv[2]
 * (a JSON AnotherProcessStore), prints "ready", reads one RacingAppendJob as a JSON line from stdin,
 * runs it, prints the report as a JSON line and exits. Started by startAnotherProcess, never imported.
 */
import { createInterface } from 'node:readline';
import { openPostgresEventStore } from '../postgres/postgres-event-store';
import { openSqliteEventStore } from '../sqlite/sqlite-event-store';
import type { AnotherProcessStore } from './another-process';
import { appendRacing, type RacingAppendJob } from './racing-appender';

const described = JSON.parse(process.argv[2] ?? '{}') as AnotherProcessStore;
const store =
  described.adapter === 'sqlite'
    ? openSqliteEventStore(described.options)
    : openPostgresEventStore(described.options);
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
process.stdout.write('ready\n');
const jobLine = await lines.next();
if (jobLine.done) throw new Error('stdin closed before a job arrived');
const report = await appendRacing(store, JSON.parse(jobLine.value) as RacingAppendJob);
await store.close();
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
