// `npm start`: builds what is not built (or is older than its sources), then starts the shop.
import { join } from 'node:path';
import { ensureBuilt, root } from './ensure-built.mjs';

ensureBuilt({
  outputs: ['web/dist/index.html', 'web/dist/client-routes.json', 'services/dist/main.js'],
  sourceDirs: ['contracts/src', 'projections/src', 'services/src', 'web/src', 'web/public'],
  buildArgs: ['run', 'build'],
  message: 'Building the shop (first start, or sources changed)...',
});

await import(join(root, 'services/dist/main.js'));
