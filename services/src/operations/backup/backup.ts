import { chmodSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../platform/config/private-files';

export const EVENT_STORE_FILE = 'events.sqlite';
export const READ_MODELS_FILE = 'read-models.sqlite';

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  /** Events in the copy: the log up to this global position, nothing after it, nothing half. */
  events: number;
  lastPosition: number;
}

/** `events-2024-05-02T08-00-00-000Z.sqlite`: sorts by time, no characters a file system refuses. */
export function defaultBackupFile(dataDir: string, now: Date = new Date()): string {
  return join(dataDir, 'backups', `events-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`);
}

/**
 * Copies the event store with SQLite's online backup, page by page, while the shop keeps serving
 * and appending: the copy is the log as it stood at one moment. Only the event store is copied;
 * the read models are rebuilt from it on restore.
 */
export async function backupEventStore(options: { dataDir: string; to?: string }): Promise<BackupResult> {
  const source = join(options.dataDir, EVENT_STORE_FILE);
  if (!existsSync(source)) throw new BackupError(`There is no event store at ${source}.`);
  const file = resolve(options.to ?? defaultBackupFile(options.dataDir));
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another file.`);
  makePrivateDir(dirname(file));
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(file);
  } finally {
    db.close();
  }
  chmodSync(file, PRIVATE_FILE_MODE);
  return { file, ...checkEventStore(file) };
}

/**
 * Puts a backup into a fresh DATA_DIR as its event store. Refuses to overwrite an existing event
 * store or to sit beside old read models; the shop rebuilds the read models from the log when it
 * starts there.
 */
export async function restoreEventStore(options: { file: string; dataDir: string }): Promise<BackupResult> {
  const file = resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const target = join(options.dataDir, EVENT_STORE_FILE);
  for (const existing of [target, join(options.dataDir, READ_MODELS_FILE)]) {
    if (existsSync(existing)) {
      throw new BackupError(
        `${existing} already exists. Restore into a new, empty DATA_DIR; nothing was changed.`,
      );
    }
  }
  checkEventStore(file);
  makePrivateDir(options.dataDir);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  chmodSync(target, PRIVATE_FILE_MODE);
  return { file: target, ...checkEventStore(target) };
}

/** Opens a copy read-only and checks it is a whole SQLite event store; answers what it holds. */
function checkEventStore(file: string): { events: number; lastPosition: number } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${String(integrity)}`);
    const hasEvents = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'")
      .get();
    if (!hasEvents) throw new BackupError(`${file} is not a shop event store (it has no events table).`);
    const row = db
      .prepare('SELECT count(*) AS events, coalesce(max(position), 0) AS last FROM events')
      .get() as {
      events: number;
      last: number;
    };
    return { events: row.events, lastPosition: row.last };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a shop event store: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}
