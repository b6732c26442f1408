// Shared by `npm start` and the operator commands: rebuild when an output is missing or older than
// the newest file in its source folders, so a fresh clone or an edited tree never runs stale code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Runs `npm <buildArgs>` when any of `outputs` is missing or older than the newest file under
 * `sourceDirs` (paths relative to the repository root); exits the process if the build fails.
 */
export function ensureBuilt({ outputs, sourceDirs, buildArgs, message }) {
  const sources = Math.max(...sourceDirs.map((dir) => newest(join(root, dir))));
  const stale = outputs.some((file) => {
    const path = join(root, file);
    return !existsSync(path) || statSync(path).mtimeMs < sources;
  });
  if (!stale) return;
  console.log(message);
  const result = spawnSync('npm', buildArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
