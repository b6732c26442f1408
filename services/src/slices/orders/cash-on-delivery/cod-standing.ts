import {
  COD_NOT_AVAILABLE,
  type CodAvailability,
  type CodStanding,
  type EventData,
  phoneKey,
  type ShopInfo,
  streams,
  type UserId,
} from '@shop/contracts';
import { codStanding, type ReadModelsDb } from '@shop/projections';
import { type CommandDeps, type Decider, handleCommand } from '../../../platform/commands/handle-command';
import type { CodSettings } from '../../../platform/config/cod-settings';
import { conflict } from '../../../platform/errors';

export interface CodStandingDeps {
  readModels: ReadModelsDb;
  cod: Pick<CodSettings, 'refusalLimit'>;
  shopInfo: Pick<ShopInfo, 'paymentMethods'>;
}

/**
 * A customer's standing for cash on delivery: their refused parcels (on the account, on the phones
 * their orders went to, and on `phone` when given) against COD_REFUSAL_LIMIT, less an admin's lift.
 */
export function standingOf(deps: CodStandingDeps, userId: string, phone?: string): CodStanding {
  const key = phone ? phoneKey(phone) : '';
  return codStanding(deps.readModels, {
    userId,
    ...(key ? { phoneKey: key } : {}),
    limit: deps.cod.refusalLimit,
  });
}

/** Why checkout offers no cash on delivery, naming the methods that still work. */
function codRefusedMessage(shopInfo: Pick<ShopInfo, 'paymentMethods'>): string {
  const others = shopInfo.paymentMethods.filter((offered) => offered.method !== 'COD').map((o) => o.label);
  const instead =
    others.length > 0 ? `Please pay in advance by ${others.join(' or ')}.` : 'Please contact us to order.';
  return `Cash on delivery is not available for this account or phone number because earlier parcels were refused at the door. ${instead}`;
}

/** What checkout asks before the shopper submits. */
export function codAvailability(deps: CodStandingDeps, userId: string, phone?: string): CodAvailability {
  return standingOf(deps, userId, phone).blocked
    ? { available: false, reason: codRefusedMessage(deps.shopInfo) }
    : { available: true };
}

/** 409 COD_NOT_AVAILABLE for a COD order of a customer past the limit; other methods pass. */
export function refuseCodToSerialRefuser(
  deps: CodStandingDeps,
  order: { userId: string; paymentMethod: string; phone: string },
): void {
  if (order.paymentMethod !== 'COD') return;
  if (standingOf(deps, order.userId, order.phone).blocked) {
    throw conflict(codRefusedMessage(deps.shopInfo), COD_NOT_AVAILABLE);
  }
}

type LiftEvent = { type: 'CodRefusalLimitLifted'; data: EventData<'CodRefusalLimitLifted'> };
interface LiftRefusalLimit {
  type: 'LiftRefusalLimit';
  data: EventData<'CodRefusalLimitLifted'>;
}

/** The customer's COD standing stream holds only the admins' lifts; each lift is recorded as asked. */
const liftDecider: Decider<null, LiftRefusalLimit, LiftEvent> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => [{ type: 'CodRefusalLimitLifted', data: command.data }],
};

/**
 * An admin offers cash on delivery again to a customer it is refused to: CodRefusalLimitLifted with
 * their refusals so far, so the next refusal past that count refuses it again. 409 when it is not refused.
 */
export async function handleLiftRefusalLimit(
  deps: CodStandingDeps & CommandDeps & { clock: () => Date },
  userId: UserId,
  reason: string,
  adminId: UserId,
): Promise<CodStanding> {
  const { blocked, refusals } = standingOf(deps, userId);
  if (!blocked)
    throw conflict('Cash on delivery is not refused to this customer: there is no limit to lift.');
  const data = { userId, refusals, reason, by: adminId, at: deps.clock().toISOString() };
  await handleCommand(
    deps,
    liftDecider,
    streams.codStanding(userId),
    { type: 'LiftRefusalLimit', data },
    { actor: adminId, correlationId: userId },
  );
  // Lifted at the count it recorded: offered again until the next refusal.
  return { refusals, blocked: false };
}
