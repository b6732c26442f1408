import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_SCHEMA_VERSIONS, type EventStore, uuidv7 } from '@shop/contracts';
import { allProjectors, openReadModels, ProjectionRunner } from '@shop/projections';
import type { Hono } from 'hono';
import { apiRoutes } from './api';
import { BackgroundWork } from './platform/background';
import { AggregateCache } from './platform/commands/aggregate-cache';
import { StreamTurns } from './platform/commands/stream-turns';
import { loadConfig } from './platform/config/config';
import { makePrivateDir } from './platform/config/private-files';
import { type ShopSettings, settingsFrom } from './platform/config/settings';
import { Couriers } from './platform/couriers/couriers';
import { upcasters } from './platform/events/upcasters';
import { upcastingStore } from './platform/events/upcasting-store';
import { openSqliteEventStore } from './platform/eventstore/sqlite/sqlite-event-store';
import { createApp } from './platform/http/app';
import { trackWrites, WriteHealth } from './platform/http/write-health';
import { type Logger, silentLogger } from './platform/logger';
import { startMail } from './reactors/mail/start-mail';
import { startWhatsApp } from './reactors/whatsapp/start-whatsapp';
import type { ShopDeps } from './shop-deps';
import { lookupCaller } from './slices/accounts/caller';
import { startConfirmationExpiry } from './slices/orders/cash-on-delivery/confirmation-expiry';
import { startReservationSweep } from './slices/orders/reservation-sweep';
import { startPaymentInquiry } from './slices/payments/inquiry';
import { sharingRoutes } from './slices/sharing/routes';

/**
 * What a shop opens with: its settings (settingsFrom; any left out take the configuration's defaults
 * for `dataDir`, except e-mail, WhatsApp and the couriers, which stay off) and what the process injects.
 */
export interface ShopOptions extends Partial<ShopSettings> {
  dataDir: string;
  signingSecret: string;
  /** Injected clock and id generator: tests fix them. */
  clock?: () => Date;
  newId?: () => string;
  logger?: Logger;
  /** Built web app to serve; omitted in API tests. */
  webDist?: string;
  /** An already-open store (tests of faults, other adapters); default: SQLite in dataDir. */
  store?: EventStore;
  /** The bundled demo catalogue's images, served at /images; default: services/assets/demo-images. */
  demoImagesDir?: string;
}

export interface Shop {
  deps: ShopDeps;
  app: Hono;
  close(): Promise<void>;
}

/**
 * The composition root: opens the event store and the read models, starts the projection runner
 * and builds the HTTP app. Used by `main.ts`, the CLI and the in-process API tests alike.
 */
export async function openShop(options: ShopOptions): Promise<Shop> {
  const defaults = settingsFrom(loadConfig({ DATA_DIR: options.dataDir }));
  const uploadsDir = options.uploadsDir ?? defaults.uploadsDir;
  makePrivateDir(options.dataDir);
  makePrivateDir(uploadsDir);
  // Same depth below services/ from src/shop.ts and from the bundled dist/main.js.
  const assetsDir = fileURLToPath(new URL('../assets', import.meta.url));
  const demoImagesDir = options.demoImagesDir ?? join(assetsDir, 'demo-images');
  const rawStore =
    options.store ??
    openSqliteEventStore({
      path: join(options.dataDir, 'events.sqlite'),
      durability: options.durability ?? defaults.durability,
    });
  const clock = options.clock ?? (() => new Date());
  const writes = new WriteHealth(clock);
  const store = upcastingStore(trackWrites(rawStore, writes), EVENT_SCHEMA_VERSIONS, upcasters);
  const readModels = openReadModels(join(options.dataDir, 'read-models.sqlite'));
  const runner = new ProjectionRunner({ store, readModels, projectors: allProjectors });
  const logger = options.logger ?? silentLogger;
  const publicUrl = options.publicUrl ?? defaults.publicUrl;
  const deps: ShopDeps = {
    store,
    readModels,
    projections: runner,
    aggregates: new AggregateCache(),
    turns: new StreamTurns(),
    clock,
    newId: options.newId ?? uuidv7,
    logger,
    background: new BackgroundWork(logger),
    trustedProxies: options.trustedProxies ?? defaults.trustedProxies,
    dataDir: options.dataDir,
    uploadsDir,
    demoImagesDir,
    signingKey: new TextEncoder().encode(options.signingSecret),
    lookupCaller: (userId, sessionId) => lookupCaller(readModels, userId, sessionId),
    messageDelivery: { email: 'off', whatsapp: 'off' },
    ...(publicUrl ? { publicUrl } : {}),
    shopInfo: options.shopInfo ?? defaults.shopInfo,
    configWarnings: options.configWarnings ?? defaults.configWarnings,
    cod: options.cod ?? defaults.cod,
    payments: options.payments ?? defaults.payments,
    couriers: new Couriers(options.couriers ?? {}, clock),
  };
  await runner.start();
  const mail = options.mail ? await startMail(deps, options.mail) : undefined;
  if (mail) deps.messageDelivery.email = mail.delivery;
  const whatsapp = options.whatsapp ? await startWhatsApp(deps, options.whatsapp) : undefined;
  if (whatsapp) deps.messageDelivery.whatsapp = whatsapp.delivery;
  const app = createApp({
    projections: runner,
    logger: deps.logger,
    writes,
    uploadsDir,
    demoImagesDir,
    api: apiRoutes(deps),
    pages: sharingRoutes(deps, {
      ...(options.webDist ? { webDist: options.webDist } : {}),
      shopPreviewImage: join(assetsDir, 'share', 'shop-preview.jpg'),
    }),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    // The browser posts the signed form to JazzCash's hosted page.
    formActions: deps.payments.jazzCash ? [new URL(deps.payments.jazzCash.formUrl).origin] : [],
  });
  const stopReservationSweep = startReservationSweep(deps);
  const stopConfirmationExpiry = startConfirmationExpiry(deps);
  const stopPaymentInquiry = startPaymentInquiry(deps);
  return {
    deps,
    app,
    async close() {
      await Promise.all([mail?.stop(), whatsapp?.stop()]);
      stopReservationSweep();
      await stopConfirmationExpiry();
      await stopPaymentInquiry();
      await deps.background.idle();
      await runner.stop();
      readModels.close();
      await store.close();
    },
  };
}
