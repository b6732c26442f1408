import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../platform/config/config';
import { BackupError, backupEventStore, restoreEventStore } from '../backup/backup';
import type { CommandIo } from './io';

// `npm run backup -- [--to FILE]` and `npm run restore -- FILE --data-dir DIR`. The backup is safe
// while the shop runs; the restore writes only into a fresh DATA_DIR.

const USAGE = `Usage:
  npm run backup -- [--to FILE]            copy DATA_DIR's event store (default: DATA_DIR/backups/events-<time>.sqlite)
  npm run restore -- FILE --data-dir DIR   put a backup into a new, empty DATA_DIR`;

/** `backup` and `restore` share their options; `command` says which was typed. */
export async function backupCommand(
  command: 'backup' | 'restore',
  args: readonly string[],
  io: CommandIo,
): Promise<number> {
  try {
    return await run(command, args, io);
  } catch (error) {
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      io.err.write(`${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  }
}

async function run(command: 'backup' | 'restore', args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { to: { type: 'string' }, 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  if (command === 'backup' && positionals.length === 0) {
    const dataDir = values['data-dir'] ?? loadConfig(io.env).DATA_DIR;
    const result = await backupEventStore({ dataDir, ...(values.to ? { to: values.to } : {}) });
    io.out.write(
      `Backed up ${result.events} events (up to position ${result.lastPosition}) to ${result.file}\n`,
    );
    return 0;
  }
  if (command === 'restore' && positionals.length === 1 && values['data-dir']) {
    const result = await restoreEventStore({ file: positionals[0]!, dataDir: values['data-dir'] });
    io.out.write(
      `Restored ${result.events} events into ${result.file}.\n` +
        `Start the shop with DATA_DIR=${values['data-dir']}; it rebuilds the read models from the log.\n`,
    );
    return 0;
  }
  io.err.write(`${USAGE}\n`);
  return 2;
}
