import {
  asOrderId,
  type OrderId,
  type OrderInput,
  type ShopInfo,
  streams,
  type UserId,
} from '@shop/contracts';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import type { RetryPolicy } from '../../platform/commands/retry-policy';
import { badRequest, serviceUnavailable } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { type AffiliateByCode, customerIdentity, resolveAffiliateCode } from '../affiliates/code-check';
import type { Identity } from '../affiliates/eligibility';
import { releaseProductStock, reserveProductStock } from '../catalogue/stock';
import { type CodStandingDeps, refuseCodToSerialRefuser } from './cash-on-delivery/cod-standing';
import { orderDecider, PLACING_TOOK_TOO_LONG } from './decide';
import {
  claimIdempotencyKey,
  type IdempotencyDeps,
  readIdempotencyClaim,
  releaseIdempotencyKey,
} from './idempotency';
import { type SizeUnits, unitsByProductAndSize } from './order';
import { type PricedProduct, priceAndCompare, priceLines } from './pricing';
import { claimOrderReference } from './reference';

/**
 * Within one instance, buyers of one product take turns on its stream; buyers on other instances
 * (PostgreSQL) may still win the append first, and a reservation keeps trying for this long, backing
 * off with jitter. A crowd is never answered with a generic conflict: only a real shortage is a 409.
 * Should the deadline pass (an instance starved for 20 s), the buyer is told to try again (503), and
 * nothing was taken. Well under the place deadline, so a slow reservation cannot outlive the sweep.
 */
export const RESERVATION_RETRY: Partial<RetryPolicy> = {
  deadlineMs: 20_000,
  firstPauseMs: 2,
  longestPauseMs: 50,
  gaveUp: () => serviceUnavailable(TOO_MANY_BUYERS),
};

export const TOO_MANY_BUYERS =
  'So many shoppers are buying this item right now that we could not hold yours in time. Nothing was ordered; please try again.';

export interface PlaceOrderDeps extends CommandDeps, IdempotencyDeps, CodStandingDeps {
  clock: () => Date;
  newId: () => string;
  logger: Logger;
  /** The product as the catalogue read model has it now. */
  findProduct: (productId: string) => PricedProduct | undefined;
  /** The shipping rule and the payment methods the shop takes. */
  shopInfo: Pick<ShopInfo, 'freeShippingOver' | 'shippingFee' | 'paymentMethods'>;
  findAffiliateByCode: AffiliateByCode;
  /** Draws a candidate order reference; tests inject clashes. */
  newOrderReference?: () => string;
  /**
   * Past this, an attempt gives its stock back instead of placing the order: the sweep may soon
   * give up on it (after which it could not be placed anyway, see OrderAbandoned). Keep it well
   * under the sweep's grace period.
   */
  placeDeadlineMs?: number;
}

export interface PlacedOrderResult {
  orderId: string;
  /** False when an earlier request with the same Idempotency-Key placed it. */
  created: boolean;
}

/**
 * Places an order: prices every line from the catalogue, claims the idempotency key (if any) and a
 * fresh reference, reserves stock of each size on each product stream in product-id order, then appends OrderPlaced. A refusal
 * before the first write appends nothing; a later one gives back what was taken (reservations, the
 * key) and rethrows.
 */
export async function handlePlaceOrder(
  deps: PlaceOrderDeps,
  userId: UserId,
  input: OrderInput,
  idempotencyKey?: string,
): Promise<PlacedOrderResult> {
  const orderId = asOrderId(deps.newId());
  const check = () => {
    refuseUnofferedPayment(deps.shopInfo, input.paymentMethod);
    refuseCodToSerialRefuser(deps, { userId, ...input, phone: input.shippingAddress.phone });
    const affiliate = resolveAffiliateCode(
      deps.findAffiliateByCode,
      { userId, identity: withOrderOf(customerIdentity(deps.readModels, userId), input) },
      input.affiliateCode,
    );
    const lines = priceLines(input.orderItems, deps.findProduct, deps.newId);
    return {
      affiliate,
      lines,
      pricing: priceAndCompare(lines, affiliate !== undefined, input, deps.shopInfo),
    };
  };
  // A refusal found by reading alone appends nothing. Only while another request holds the key is
  // the key claimed first: that one may have taken the last unit, and this retry must replay it.
  let checked: ReturnType<typeof check> | undefined;
  const claim = idempotencyKey ? await readIdempotencyClaim(deps, userId, idempotencyKey) : undefined;
  if (claim?.ownerId === undefined) checked = check();
  if (idempotencyKey) {
    const outcome = await claimIdempotencyKey(deps, userId, idempotencyKey, orderId, claim);
    if (outcome.kind === 'replay') return { orderId: outcome.orderId, created: false };
  }
  const reserved: SizeUnits[] = [];
  const startedAt = deps.clock().getTime();
  const context = { actor: userId, correlationId: orderId };
  try {
    const { affiliate, lines, pricing } = checked ?? check();
    const reference = await claimOrderReference(deps, orderId, userId, deps.newOrderReference);
    for (const units of unitsByProductAndSize(lines)) {
      // The read models are waited for once, for OrderPlaced, which lies after every reservation.
      await reserveProductStock(
        { ...deps, retry: RESERVATION_RETRY, visibilityTimeoutMs: 0 },
        { ...units, orderId, at: deps.clock().toISOString() },
        context,
      );
      reserved.push(units);
    }
    if (deps.clock().getTime() - startedAt > (deps.placeDeadlineMs ?? 60_000)) {
      throw serviceUnavailable(PLACING_TOOK_TOO_LONG);
    }
    await handleCommand(
      deps,
      orderDecider,
      streams.order(orderId),
      {
        type: 'PlaceOrder',
        data: {
          orderId,
          reference,
          userId,
          lines,
          shippingAddress: input.shippingAddress,
          paymentMethod: input.paymentMethod,
          ...pricing,
          affiliateCode: affiliate ? affiliate.code : null,
          affiliateUserId: affiliate ? affiliate.userId : null,
          ...(input.deliveryNote ? { deliveryNote: input.deliveryNote } : {}),
          confirmationRequired: input.paymentMethod === 'COD',
          at: deps.clock().toISOString(),
        },
      },
      context,
      { newStream: true },
    );
    return { orderId, created: true };
  } catch (error) {
    await giveBack(deps, { userId, orderId, reserved, idempotencyKey });
    throw error;
  }
}

/** The shopper's identity with the order's own phone and address: a new address counts too. */
function withOrderOf(identity: Identity, input: OrderInput): Identity {
  const { phone, address, city } = input.shippingAddress;
  return {
    phones: [...identity.phones, phone],
    emails: identity.emails,
    addresses: [...identity.addresses, { address, city }],
  };
}

function refuseUnofferedPayment(shop: PlaceOrderDeps['shopInfo'], method: OrderInput['paymentMethod']): void {
  if (shop.paymentMethods.some((offered) => offered.method === method)) return;
  const others = shop.paymentMethods.map((offered) => offered.label).join(' or ');
  throw badRequest(`This payment method is not available. Please pay by ${others}.`, 'paymentMethod');
}

/** Compensation after a refusal; whatever fails here is left to the sweep and logged. */
async function giveBack(
  deps: PlaceOrderDeps,
  refused: {
    userId: UserId;
    orderId: OrderId;
    reserved: SizeUnits[];
    idempotencyKey?: string;
  },
): Promise<void> {
  const { userId, orderId } = refused;
  try {
    for (const units of refused.reserved) {
      await releaseProductStock(
        { ...deps, retry: RESERVATION_RETRY },
        { ...units, orderId, reason: 'order-refused', at: deps.clock().toISOString() },
        { actor: userId, correlationId: orderId },
      );
    }
    if (refused.idempotencyKey) await releaseIdempotencyKey(deps, userId, refused.idempotencyKey, orderId);
  } catch (error) {
    deps.logger.warn('could not give back a refused order; the sweep will', { orderId, error });
  }
}
