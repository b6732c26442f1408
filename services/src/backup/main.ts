import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config';
import { BackupError, backupEventStore, restoreEventStore } from './backup';

// `npm run backup -- [--to FILE]` and `npm run restore -- FILE --data-dir DIR`. The backup is safe
// while the shop runs; the restore writes only into a fresh DATA_DIR.

const USAGE = `Usage:
  npm run backup -- [--to FILE]            copy DATA_DIR's event store (default: DATA_DIR/backups/events-<time>.sqlite)
  npm run restore -- FILE --data-dir DIR   put a backup into a new, empty DATA_DIR`;

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { to: { type: 'string' }, 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  if (command === 'backup' && positionals.length === 0) {
    const dataDir = values['data-dir'] ?? loadConfig().DATA_DIR;
    const result = await backupEventStore({ dataDir, ...(values.to ? { to: values.to } : {}) });
    console.log(
      `Backed up ${result.events} events (up to position ${result.lastPosition}) to ${result.file}`,
    );
    return 0;
  }
  if (command === 'restore' && positionals.length === 1 && values['data-dir']) {
    const result = await restoreEventStore({ file: positionals[0]!, dataDir: values['data-dir'] });
    console.log(
      `Restored ${result.events} events into ${result.file}.\n` +
        `Start the shop with DATA_DIR=${values['data-dir']}; it rebuilds the read models from the log.`,
    );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
  ) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
