import { randomInt } from 'node:crypto';
import {
  type EventStore,
  type OrderId,
  REFERENCE_ALPHABET,
  REFERENCE_LETTERS,
  streams,
  type UserId,
} from '@shop/contracts';
import { takeClaim, UNCLAIMED } from '../../platform/commands/claims';
import { serviceUnavailable } from '../../platform/errors';

/** A fresh reference, e.g. `AX-7K3M9Q`: about 4.7·10¹¹ of them, drawn at random. */
export function newOrderReference(pick: (max: number) => number = randomInt): string {
  const draw = (alphabet: string, length: number) =>
    Array.from({ length }, () => alphabet[pick(alphabet.length)]).join('');
  return `${draw(REFERENCE_LETTERS, 2)}-${draw(REFERENCE_ALPHABET, 6)}`;
}

const ATTEMPTS = 10;

/**
 * Claims a fresh reference for an order through its claim stream (NO_STREAM: whoever appends first
 * owns it), drawing another on a clash. A reference is never released: an order that is refused
 * after claiming one leaves it unused for good, so no reference ever names two orders.
 */
export async function claimOrderReference(
  deps: { store: EventStore; clock: () => Date },
  orderId: OrderId,
  actor: UserId,
  newReference: () => string = newOrderReference,
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const reference = newReference();
    const change = { value: reference, ownerId: orderId, at: deps.clock().toISOString(), actor };
    if (await takeClaim(deps.store, streams.orderReferenceClaim(reference), UNCLAIMED, change))
      return reference;
  }
  throw serviceUnavailable(
    'Could not give your order a reference, so nothing was ordered. Please try again.',
  );
}
