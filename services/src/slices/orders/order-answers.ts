import type { Caller } from '../../platform/http/auth';
import type { ShopDeps } from '../../shop-deps';
import { orderNotFound } from './decide';

/** Every order answer says when an awaiting COD order expires. These are the shopper's answers. */
export const answerSettingsOf = (deps: Pick<ShopDeps, 'cod'>) => ({
  confirmationWindowMs: deps.cod.confirmationWindowMs,
});

/** Staff answers carry a confirmation's note and the staff member who confirmed; a shopper's never. */
export const staffAnswerSettingsOf = (deps: Pick<ShopDeps, 'cod'>) => ({
  ...answerSettingsOf(deps),
  forStaff: true,
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
