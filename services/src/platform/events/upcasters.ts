import { createHash } from 'node:crypto';
import {
  type EventData,
  REFERENCE_ALPHABET,
  type StockBySize,
  type UpcasterRegistry,
  variantsFromSizes,
} from '@shop/contracts';

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
    /** Orders placed before the shop asked for cash-on-delivery confirmations were never asked. */
    2: (data) => ({ ...(data as object), confirmationRequired: false }),
  },
  ProductCreated: { 1: legacyProductStock, 2: legacyProductVariants },
  ProductUpdated: { 1: legacyProductStock, 2: legacyProductVariants },
  /** A review from before reviews came from buyers: no order line, not verified, shown anonymous. */
  ReviewPosted: {
    1: (data) => ({ ...(data as object), orderId: null, lineId: null, verified: false, anonymous: true }),
  },
  StockReserved: { 1: legacyStockMovement },
  StockReleased: { 1: legacyStockMovement },
};

/**
 * A product saved before stock per size keeps its one count on its first size, the others at 0
 * (decision 018): the shop then never promises a size more units than the product had, and the
 * reservations of that time (size null) count against the same size, so every sum stays exact until
 * the admin sets the sizes' counts.
 */
function legacyProductStock(data: unknown): unknown {
  const v1 = data as { sizes: string[]; countInStock: number };
  const stockBySize: Record<string, number> = {};
  v1.sizes.forEach((size, index) => {
    stockBySize[size] = index === 0 ? v1.countInStock : 0;
  });
  return { ...v1, stockBySize: stockBySize as StockBySize };
}

/**
 * A product saved before options (decision 029): its sizes become a Size option and each size a
 * variant at the product's price with the size's units, its id derived from the product's and the
 * size (`{productId}-MD`, `{productId}-one` without sizes), so every read gives the same ids and an
 * edit since, matched by option values, keeps them.
 */
function legacyProductVariants(data: unknown): unknown {
  const v2 = data as Omit<EventData<'ProductCreated'>, 'options' | 'variants'>;
  return { ...v2, ...variantsFromSizes(v2) };
}

/** A reservation or release from before stock per size did not say which size: null (see above). */
function legacyStockMovement(data: unknown): unknown {
  return { ...(data as object), size: null };
}

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
