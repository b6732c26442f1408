import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders the shop makes for itself: only the shop's own user may list or enter them. */
export const PRIVATE_DIR_MODE = 0o700;
/** Files holding password hashes, addresses, phones and live links: only the shop's own user reads them. */
export const PRIVATE_FILE_MODE = 0o600;

/** Folders inside DATA_DIR whose files are tightened like DATA_DIR's own (uploads are public pictures). */
const PRIVATE_SUBFOLDERS = ['outbox', 'backups'];

/** Whether anyone but the owner may read, write or enter it. */
function looserThanOwner(path: string): boolean {
  return (statSync(path).mode & 0o077) !== 0;
}

/** Makes `dir` (and any missing parent) with mode 0700; an existing folder is left as it is. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * DATA_DIR made, or tightened, so no other local user can read it: the folder 0700, its files
 * (the event store, the read models and their -wal/-shm, the signing secret) and those of outbox/ and
 * backups/ 0600. Answers what it had to tighten, for a warning that names it. Set-up runs it before
 * any store opens; what the shop writes later is created private (umask 077 in the entry points, and
 * explicit modes where a file is written).
 */
export function securePrivateDataDir(dataDir: string): string[] {
  const tightened: string[] = [];
  const tighten = (path: string, mode: number) => {
    if (!looserThanOwner(path)) return;
    chmodSync(path, mode);
    tightened.push(path);
  };
  makePrivateDir(dataDir);
  tighten(dataDir, PRIVATE_DIR_MODE);
  const folders = [dataDir, ...PRIVATE_SUBFOLDERS.map((name) => join(dataDir, name)).filter(existsSync)];
  for (const folder of folders) {
    if (folder !== dataDir) tighten(folder, PRIVATE_DIR_MODE);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isFile()) tighten(join(folder, entry.name), PRIVATE_FILE_MODE);
    }
  }
  return tightened;
}
