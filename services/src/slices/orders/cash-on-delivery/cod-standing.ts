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
import { codStanding, findCustomer, isPhoneOfOrders, type ReadModelsDb } from '@shop/projections';
import { type CommandDeps, type Decider, handleCommand } from '../../../platform/commands/handle-command';
import type { CodSettings } from '../../../platform/config/cod-settings';
import { conflict } from '../../../platform/errors';
import { Throttle, type ThrottleRule } from '../../accounts/throttle';

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

/** The methods that still work, for a refusal's message. */
function otherMethods(shopInfo: Pick<ShopInfo, 'paymentMethods'>): string {
  const others = shopInfo.paymentMethods.filter((offered) => offered.method !== 'COD').map((o) => o.label);
  return others.length > 0
    ? `Please pay in advance by ${others.join(' or ')}.`
    : 'Please contact us to order.';
}

/** Why checkout offers no cash on delivery to the shopper's own account or numbers. */
function codRefusedMessage(shopInfo: Pick<ShopInfo, 'paymentMethods'>): string {
  return `Cash on delivery is not available for this account or phone number because earlier parcels were refused at the door. ${otherMethods(shopInfo)}`;
}

/**
 * A refusal that names no reason: the order's phone is not one of the shopper's own numbers, so
 * whose refusals they are stays unsaid.
 */
function codNotForThisOrderMessage(shopInfo: Pick<ShopInfo, 'paymentMethods'>): string {
  return `Cash on delivery is not available for this order. ${otherMethods(shopInfo)}`;
}

/**
 * Whether a phone number is the customer's own: her account's contact number or a number one of
 * her orders went to. Only then may she learn its refusals.
 */
export function isOwnPhone(
  deps: Pick<CodStandingDeps, 'readModels'>,
  userId: string,
  phone: string,
): boolean {
  const key = phoneKey(phone);
  if (key === '') return false;
  const contact = findCustomer(deps.readModels, { id: userId })?.contact ?? '';
  return phoneKey(contact) === key || isPhoneOfOrders(deps.readModels, { userId, phoneKey: key });
}

/**
 * What checkout asks before the shopper submits: her account and her own numbers. A phone that is
 * not hers is left out (its history is someone else's); placing the order still checks it.
 */
export function codAvailability(deps: CodStandingDeps, userId: string, phone?: string): CodAvailability {
  const own = phone !== undefined && isOwnPhone(deps, userId, phone);
  return standingOf(deps, userId, own ? phone : undefined).blocked
    ? { available: false, reason: codRefusedMessage(deps.shopInfo) }
    : { available: true };
}

/**
 * 409 COD_NOT_AVAILABLE for a COD order of a customer past the limit (on her account, her numbers or
 * the order's phone); other methods pass. A refusal on a phone that is not hers gives no reason.
 */
export function refuseCodToSerialRefuser(
  deps: CodStandingDeps,
  order: { userId: string; paymentMethod: string; phone: string },
): void {
  if (order.paymentMethod !== 'COD') return;
  if (!standingOf(deps, order.userId, order.phone).blocked) return;
  const mine = isOwnPhone(deps, order.userId, order.phone) || standingOf(deps, order.userId).blocked;
  throw conflict(
    mine ? codRefusedMessage(deps.shopInfo) : codNotForThisOrderMessage(deps.shopInfo),
    COD_NOT_AVAILABLE,
  );
}

/**
 * Checkout's standing questions per account: a shopper asks a few times per checkout; anyone asking
 * much more is throttled (20 free, then 5 s doubling to 10 minutes; one forgotten a minute).
 */
export const COD_STANDING_RULES = {
  account: { free: 20, forgetOneEveryMs: 60_000, firstDelayMs: 5_000, maxDelayMs: 600_000 },
} as const satisfies Record<string, ThrottleRule>;

/** One per shop instance, counting in its own memory like the sign-in throttle. */
export function codStandingThrottle(clock: () => Date): Throttle<keyof typeof COD_STANDING_RULES> {
  return new Throttle(
    clock,
    COD_STANDING_RULES,
    (wait) => `Too many cash on delivery checks. Please try again in ${wait}.`,
  );
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
