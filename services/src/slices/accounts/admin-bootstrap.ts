import type { Config } from '../../platform/config/config';
import type { ShopDeps } from '../../shop-deps';
import { ensureAdmin } from './account-commands';

/**
 * The first admin from ADMIN_EMAIL/ADMIN_PASSWORD: created when the e-mail is free, promoted when
 * its user is not an admin yet, left alone otherwise (so restarts change nothing, and a password
 * changed since through the profile is kept).
 */
export async function bootstrapAdmin(
  deps: ShopDeps,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
): Promise<void> {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
  const { outcome, user } = await ensureAdmin(deps, {
    name: 'Administrator',
    email: config.ADMIN_EMAIL,
    contact: '',
    password: config.ADMIN_PASSWORD,
  });
  if (outcome !== 'unchanged') deps.logger.info(`admin ${outcome}`, { email: user.email });
}
