import type { EventStore, MessageChannel, MessageDelivery, ShopInfo } from '@shop/contracts';
import type { ProjectionRunner, ReadModelsDb } from '@shop/projections';
import type { BackgroundWork } from './platform/background';
import type { CommandDeps } from './platform/commands/handle-command';
import type { TrustedProxies } from './platform/http/client-address';
import type { Logger } from './platform/logger';
import type { AuthDeps } from './slices/accounts/auth';
import type { CodSettings } from './slices/orders/cod-settings';
import type { PaymentSettings } from './slices/payments/payment-settings';

/** Everything a slice's routes and commands need. */
export interface ShopDeps extends AuthDeps, CommandDeps {
  store: EventStore;
  readModels: ReadModelsDb;
  /** The projection runner: waits for, reports on and rebuilds the read models. */
  projections: ProjectionRunner;
  clock: () => Date;
  newId: () => string;
  logger: Logger;
  /** Work requests start and do not wait for; closing the shop waits for it. */
  background: BackgroundWork;
  /** Whose X-Forwarded-For names the client (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
  dataDir: string;
  uploadsDir: string;
  demoImagesDir: string;
  /** How this process sends each channel's messages (`off`: it does not). */
  messageDelivery: Record<MessageChannel, MessageDelivery>;
  /** PUBLIC_URL: where absolute links start; unset, they start at the request's own origin. */
  publicUrl?: string;
  /** What the shop publishes about itself at GET /api/shop, from its configuration. */
  shopInfo: ShopInfo;
  /** Configured details that still look like placeholders (the admin dashboard shows them). */
  configWarnings: readonly string[];
  /** Cash on delivery's confirmation window and refusal limit. */
  cod: CodSettings;
  /** JazzCash (null: off) and when pending payments are asked about. */
  payments: PaymentSettings;
}
