// `npm run admin|backup|restore|projections|events|report -- ...`: builds the server bundle when it
// is missing or older than its sources, then runs the operator CLI (services/dist/cli.js) with the
// given arguments.
import { join } from 'node:path';
import { ensureBuilt, root } from './ensure-built.mjs';

ensureBuilt({
  outputs: ['services/dist/cli.js'],
  sourceDirs: ['contracts/src', 'projections/src', 'services/src'],
  buildArgs: ['run', 'build', '-w', '@shop/services'],
  message: 'Building the server (first run, or sources changed)...',
});

await import(join(root, 'services/dist/cli.js'));
