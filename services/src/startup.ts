import type { Config } from './platform/config/config';
import type { ShopDeps } from './shop-deps';
import { bootstrapAdmin } from './slices/accounts/admin-bootstrap';
import { seedDemoCatalogue } from './slices/catalogue/demo-seed';
import { runConfirmationExpiry } from './slices/orders/cash-on-delivery/confirmation-expiry';
import { sweepOrphanedReservations } from './slices/orders/reservation-sweep';

/**
 * Start-up work after the store is open: the first admin from ADMIN_EMAIL/ADMIN_PASSWORD and the
 * demo catalogue for an empty store, then the stock a crash left reserved is given back and the COD
 * orders whose confirmation window ended while the shop was down are cancelled. Each step goes
 * through the ordinary commands.
 */
export async function prepareShop(deps: ShopDeps, config: Config): Promise<void> {
  await bootstrapAdmin(deps, config);
  if (config.SEED_DEMO === 'true') await seedDemoCatalogue(deps);
  await sweepOrphanedReservations(deps);
  await runConfirmationExpiry(deps);
}
