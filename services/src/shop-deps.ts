import type { EventStore, MessageChannel, MessageDelivery } from '@shop/contracts';
import type { ProjectionRunner, ReadModelsDb } from '@shop/projections';
import type { BackgroundWork } from './platform/background';
import type { CommandDeps } from './platform/commands/handle-command';
import type { ShopSettings } from './platform/config/settings';
import type { Couriers } from './platform/couriers/couriers';
import type { AuthDeps } from './platform/http/auth';
import type { Logger } from './platform/logger';

/** The settings a slice reads, as the configuration set them (ShopSettings says what each is). */
type SettingsSlicesRead = Pick<
  ShopSettings,
  | 'dataDir'
  | 'uploadsDir'
  | 'trustedProxies'
  | 'publicUrl'
  | 'shopInfo'
  | 'configWarnings'
  | 'cod'
  | 'payments'
>;

/** Everything a slice's routes and commands need. */
export interface ShopDeps extends AuthDeps, CommandDeps, SettingsSlicesRead {
  store: EventStore;
  readModels: ReadModelsDb;
  /** The projection runner: waits for, reports on and rebuilds the read models. */
  projections: ProjectionRunner;
  clock: () => Date;
  newId: () => string;
  logger: Logger;
  /** Work requests start and do not wait for; closing the shop waits for it. */
  background: BackgroundWork;
  demoImagesDir: string;
  /** How this process sends each channel's messages (`off`: it does not). */
  messageDelivery: Record<MessageChannel, MessageDelivery>;
  /** The couriers the shop is configured for (none: booking is off). */
  couriers: Couriers;
}
