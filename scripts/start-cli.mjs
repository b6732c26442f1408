// `npm run admin -- create <email>`, `npm run backup`, `npm run restore`: builds the server bundle when
// it is missing or older than its sources, then runs the operator CLI (services/dist/cli.js, or
// services/dist/backup/main.js for backup and restore) with the given arguments.
import { join } from 'node:path';
import { ensureBuilt, root } from './ensure-built.mjs';

const entry = ['backup', 'restore'].includes(process.argv[2]) ? 'backup/main.js' : 'cli.js';
const cli = join(root, 'services/dist', entry);
ensureBuilt({
  outputs: [join('services/dist', entry)],
  sourceDirs: ['contracts/src', 'projections/src', 'services/src'],
  buildArgs: ['run', 'build', '-w', '@shop/services'],
  message: 'Building the server (first run, or sources changed)...',
});

await import(cli);
