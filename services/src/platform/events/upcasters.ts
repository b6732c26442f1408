import { createHash } from 'node:crypto';
import { REFERENCE_ALPHABET, type UpcasterRegistry } from '@shop/contracts';

/**
 * One entry per event type whose schema changed: `{ OrderPlaced: { 1: (v1) => v2 } }`, together
 * with a bump in EVENT_SCHEMA_VERSIONS.
 */
export const upcasters: UpcasterRegistry = {
  OrderPlaced: {
    /** Orders placed before references existed get one derived from their id (see below). */
    1: (data) => {
      const v1 = data as { orderId: string };
      return { ...v1, reference: legacyOrderReference(v1.orderId) };
    },
  },
};

/**
 * The reference of an order placed before references existed: ten characters of the references'
 * alphabet from a SHA-256 of its id, the same on every read and every instance. Ten characters
 * without a dash can never equal a claimed one (two letters, a dash, six); two of n old orders share
 * one with a chance of about n² in 1.6·10¹⁵ (one in sixteen million for ten thousand orders).
 */
export function legacyOrderReference(orderId: string): string {
  const digest = createHash('sha256').update(orderId).digest();
  let reference = '';
  for (let i = 0; i < 10; i++) reference += REFERENCE_ALPHABET[digest[i]! % REFERENCE_ALPHABET.length];
  return reference;
}
