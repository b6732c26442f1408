import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config/config';
import { resolveSigningSecret } from './config/secret';
import { openEventStore } from './eventstore/open-event-store';
import { createLogger } from './shared/logger';
import { openShop } from './shop';
import { prepareShop } from './startup';

// The shop's process: validated configuration, the event store and read models, the web app
// and API on one port, and a clean shutdown.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.LOG_LEVEL);
mkdirSync(config.DATA_DIR, { recursive: true });
const shop = await openShop({
  dataDir: config.DATA_DIR,
  durability: config.DURABILITY,
  store: openEventStore(config),
  signingSecret: resolveSigningSecret(config.DATA_DIR, config.JWT_SECRET),
  logger,
  webDist: fileURLToPath(new URL('../../web/dist', import.meta.url)),
});
await prepareShop(shop.deps, config);

const server = serve({ fetch: shop.app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  logger.info('shop listening', { url: `http://localhost:${info.port}`, dataDir: config.DATA_DIR });
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  server.close();
  await shop.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
