import { bootstrapAdmin } from './accounts/admin-bootstrap';
import { seedDemoCatalogue } from './catalogue/demo-seed';
import type { Config } from './config/config';
import { sweepOrphanedReservations } from './orders/reservation-sweep';
import type { ShopDeps } from './shop';

/**
 * Start-up work after the store is open: the first admin from ADMIN_EMAIL/ADMIN_PASSWORD and the
 * demo catalogue for an empty store, then the stock a crash left reserved is given back. Each step
 * goes through the ordinary commands.
 */
export async function prepareShop(deps: ShopDeps, config: Config): Promise<void> {
  await bootstrapAdmin(deps, config);
  if (config.SEED_DEMO === 'true') await seedDemoCatalogue(deps);
  await sweepOrphanedReservations(deps);
}
