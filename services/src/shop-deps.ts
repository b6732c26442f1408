import type { EventStore, ShopInfo } from '@shop/contracts';
import type { ProjectionRunner, ReadModelsDb } from '@shop/projections';
import type { CommandDeps } from './platform/commands/handle-command';
import type { Logger } from './platform/logger';
import type { AuthDeps } from './slices/accounts/auth';

/** Everything a slice's routes and commands need. */
export interface ShopDeps extends AuthDeps, CommandDeps {
  store: EventStore;
  readModels: ReadModelsDb;
  /** The projection runner: waits for, reports on and rebuilds the read models. */
  projections: ProjectionRunner;
  clock: () => Date;
  newId: () => string;
  logger: Logger;
  dataDir: string;
  uploadsDir: string;
  demoImagesDir: string;
  /** What the shop publishes about itself at GET /api/shop, from its configuration. */
  shopInfo: ShopInfo;
  /** Configured details that still look like placeholders (the admin dashboard shows them). */
  configWarnings: readonly string[];
}
