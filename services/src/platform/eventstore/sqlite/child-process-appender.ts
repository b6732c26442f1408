/**
 * The other process of the contract's cross-process race. Opens the SQLite store described by argv[2]
 * (JSON options), prints "ready", reads one RacingAppendJob as a JSON line from stdin, runs it, prints
 * the report as a JSON line and exits. Started by startSqliteProcess, never imported.
 */
import { createInterface } from 'node:readline';
import { appendRacing, type RacingAppendJob } from '../contract/racing-appender';
import { openSqliteEventStore, type SqliteEventStoreOptions } from './sqlite-event-store';

const options = JSON.parse(process.argv[2] ?? '{}') as SqliteEventStoreOptions;
const store = openSqliteEventStore(options);
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
process.stdout.write('ready\n');
const jobLine = await lines.next();
if (jobLine.done) throw new Error('stdin closed before a job arrived');
const report = await appendRacing(store, JSON.parse(jobLine.value) as RacingAppendJob);
await store.close();
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
