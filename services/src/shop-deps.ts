import type { EventStore } from '@shop/contracts';
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
  /** PUBLIC_URL: where absolute links start; unset, they start at the request's own origin. */
  publicUrl?: string;
}
