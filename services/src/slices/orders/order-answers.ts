import type { Caller } from '../../platform/http/auth';
import type { ShopDeps } from '../../shop-deps';
import { orderNotFound } from './decide';

/** Every order answer says when an awaiting COD order expires. */
export const answerSettingsOf = (deps: Pick<ShopDeps, 'cod'>) => ({
  confirmationWindowMs: deps.cod.confirmationWindowMs,
});

/** Only for its owner or an admin; 404 for anyone else. */
export const visibleTo = <T extends { userId: string } | { order: { userId: string } }>(
  caller: Caller,
  found?: T,
) => {
  const owner = found && ('order' in found ? found.order.userId : found.userId);
  if (!found || (owner !== caller.id && !caller.isAdmin)) throw orderNotFound();
  return found;
};
