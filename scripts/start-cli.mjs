// `npm run admin -- create <email>`, `npm run backup`, `npm run restore`: builds the server bundle when
// it is missing or older than its sources, then runs the operator CLI (services/dist/cli.js, or
// services/dist/backup/main.js for backup and restore) with the given arguments.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

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

const entry = ['backup', 'restore'].includes(process.argv[2]) ? 'backup/main.js' : 'cli.js';
const cli = join(root, 'services/dist', entry);
const sources = Math.max(
  ...['contracts/src', 'projections/src', 'services/src'].map((d) => newest(join(root, d))),
);
if (!existsSync(cli) || statSync(cli).mtimeMs < sources) {
  console.log('Building the server (first run, or sources changed)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@shop/services'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(cli);
