// `npm start`: builds what is not built (or is older than its sources), then starts the shop.
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

const built = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sources = Math.max(
  ...['contracts/src', 'projections/src', 'services/src', 'web/src', 'web/public'].map((d) =>
    newest(join(root, d)),
  ),
);
const webBuilt = built(join(root, 'web/dist/index.html'));
const serverBuilt = built(join(root, 'services/dist/main.js'));

if (webBuilt < sources || serverBuilt < sources) {
  console.log('Building the shop (first start, or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(join(root, 'services/dist/main.js'));
