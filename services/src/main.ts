import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './platform/config/config';
import { securePrivateDataDir } from './platform/config/private-files';
import { resolveSigningSecret } from './platform/config/secret';
import { settingsFrom } from './platform/config/settings';
import { openEventStore } from './platform/eventstore/open-event-store';
import { createLogger } from './platform/logger';
import { openShop } from './shop';
import { prepareShop } from './startup';

// The shop's process: validated configuration, the event store and read models, the web app
// and API on one port, and a clean shutdown.

// Everything the shop writes (SQLite files and their -wal/-shm, e-mails, backups) is for its own user
// only: SQLite creates its files through the umask, so this is the one place that covers them all.
process.umask(0o077);
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
const tightened = securePrivateDataDir(config.DATA_DIR);
if (tightened.length > 0) {
  logger.warn('DATA_DIR was readable by other local users: tightened to 0700 (folders) and 0600 (files)', {
    paths: tightened,
  });
}
const settings = settingsFrom(config);
for (const warning of settings.configWarnings) logger.warn(warning);
if (!settings.whatsapp)
  logger.info('whatsapp: off (set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send)');
for (const courier of ['postex', 'trax'] as const) {
  if (!settings.couriers[courier]) {
    const variables =
      courier === 'postex'
        ? 'POSTEX_TOKEN and POSTEX_PICKUP_ADDRESS_CODE'
        : 'TRAX_API_KEY, TRAX_PICKUP_ADDRESS_ID and TRAX_WEBHOOK_SECRET';
    logger.info(`${courier}: off (set ${variables} to book with it)`);
  }
}
if (!config.PUBLIC_URL) {
  logger.warn('PUBLIC_URL is not set: links in e-mails point to this machine', {
    links: settings.mail.publicUrl,
  });
}
// `npm start` builds the web app first; a server built alone (the crash soak, the benchmarks)
// answers the API without it.
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const webBuilt = existsSync(`${webDist}/index.html`);
if (!webBuilt) logger.warn('The web app is not built (npm run build): serving the API only.');
const shop = await openShop({
  ...settings,
  store: openEventStore(config),
  signingSecret: resolveSigningSecret(config.DATA_DIR, config.JWT_SECRET),
  logger,
  ...(webBuilt ? { webDist } : {}),
});
await prepareShop(shop.deps, config);

// Requests being handled: a client that hangs up does not stop its handler, which must finish
// before the stores close.
let inFlight = 0;
let onIdle: (() => void) | undefined;
const fetch: typeof shop.app.fetch = async (request, ...rest) => {
  inFlight += 1;
  try {
    return await shop.app.fetch(request, ...rest);
  } finally {
    inFlight -= 1;
    if (inFlight === 0) onIdle?.();
  }
};

const server = serve({ fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  logger.info('shop listening', { url: `http://localhost:${info.port}`, dataDir: config.DATA_DIR });
});

/** How long requests in flight get to finish at shutdown before their connections are cut. */
const DRAIN_MS = 10_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  // Stop accepting, let the requests in flight finish (bounded), then close the stores: closing
  // them first failed those requests with 500s.
  const http = server as Server;
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  const handled = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve));
  http.closeIdleConnections();
  await Promise.race([Promise.all([closed, handled]), delay(DRAIN_MS)]);
  http.closeAllConnections();
  await shop.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
