import { type EventStore, type OrderId, streams, type UserId } from '@shop/contracts';
import { readStreamOrEmpty } from '../../platform/commands/aggregate-stream';
import { type Claim, readClaim, releaseClaim, takeClaim } from '../../platform/commands/claims';
import { conflict } from '../../platform/errors';

/** The `Idempotency-Key` header: 1 to 100 letters, digits, `_` or `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const ALREADY_BEING_PLACED =
  'This order is already being placed. Please wait a moment and check your orders.';

export interface IdempotencyDeps {
  store: EventStore;
  clock: () => Date;
  /** How long a retry waits for the first attempt to finish before answering 409. */
  waitForFirstMs?: number;
  /** A claim whose order never appeared may be taken over once this old (a crash mid-order). */
  orphanAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Either this request now owns the key for `orderId`, or an earlier request placed `orderId`. */
export type KeyOutcome = { kind: 'claimed' } | { kind: 'replay'; orderId: string };

const ATTEMPTS = 3;

/**
 * Claims a user's idempotency key for a new order id, before any stock is reserved. When the key
 * already names an order that exists, answers a replay of it. When that order is still being
 * placed, waits briefly for it; if it does not appear, answers 409, unless the claim is old enough
 * to be a crash's leftover, which is then taken over.
 */
export async function claimIdempotencyKey(
  deps: IdempotencyDeps,
  userId: UserId,
  key: string,
  orderId: OrderId,
  /** The claim as the caller just read it: when free, the first attempt appends without reading again. */
  justRead?: Claim,
): Promise<KeyOutcome> {
  const stream = streams.idempotencyClaim(userId, key);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // Taken since it was read? The append's expected revision refuses it, and the next attempt reads.
    const reuse = attempt === 0 && justRead !== undefined && justRead.ownerId === undefined;
    const claim = reuse ? justRead : await readClaim(deps.store, stream);
    if (claim.ownerId) {
      const age = deps.clock().getTime() - Date.parse(claim.claimedAt ?? '');
      const orphaned = age >= (deps.orphanAfterMs ?? 3 * 60_000);
      if (await waitForOrder(deps, claim.ownerId, orphaned ? 0 : (deps.waitForFirstMs ?? 3_000))) {
        return { kind: 'replay', orderId: claim.ownerId };
      }
      if (!orphaned) throw conflict(ALREADY_BEING_PLACED);
    }
    const change = { value: key, ownerId: orderId, at: deps.clock().toISOString(), actor: userId };
    if (await takeClaim(deps.store, stream, claim, change)) return { kind: 'claimed' };
  }
  throw conflict(ALREADY_BEING_PLACED);
}

/** The key's claim as the log has it now; `ownerId` (the order's id) undefined when no request holds it. */
export function readIdempotencyClaim(deps: IdempotencyDeps, userId: UserId, key: string): Promise<Claim> {
  return readClaim(deps.store, streams.idempotencyClaim(userId, key));
}

/**
 * Gives the key back after the order was refused, so a retry runs again instead of replaying a
 * refusal. Only while the key still names this order; losing a race here leaves nothing to undo.
 */
export async function releaseIdempotencyKey(
  deps: IdempotencyDeps,
  userId: UserId,
  key: string,
  orderId: OrderId,
): Promise<void> {
  const change = { value: key, ownerId: orderId, at: deps.clock().toISOString(), actor: userId };
  await releaseClaim(deps.store, streams.idempotencyClaim(userId, key), change);
}

/** Whether the order's stream holds OrderPlaced (and not only the sweep's OrderAbandoned). */
export async function orderWasPlaced(store: EventStore, orderId: string): Promise<boolean> {
  const [first] = await readStreamOrEmpty(store, streams.order(orderId));
  return first?.type === 'OrderPlaced';
}

/** Polls the log for the order; real time, not the injected clock: this is a wait, not a rule. */
async function waitForOrder(deps: IdempotencyDeps, orderId: string, waitMs: number): Promise<boolean> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await orderWasPlaced(deps.store, orderId)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
}
