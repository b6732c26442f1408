import type { OrderStatus } from '@shop/contracts';

/** A line of one of the caller's orders, as the handler found it (`refundedQty`: units refunded). */
export interface BoughtLine {
  orderId: string;
  lineId: string;
  reference: string;
  productId: string;
  name: string;
  size: string;
  status: OrderStatus;
  deliveredAt: string | null;
  qty: number;
  refundedQty: number;
}

/** A line she has: its order was delivered and she kept at least one of its units. */
export function isDeliveredAndKept(line: BoughtLine): boolean {
  return line.status === 'Delivered' && line.refundedQty < line.qty;
}

/**
 * The lines of a product she may still review: delivered, kept, and not reviewed yet, oldest
 * delivery first.
 */
export function reviewableLines(
  lines: readonly BoughtLine[],
  productId: string,
  reviewedLineIds: ReadonlySet<string>,
): BoughtLine[] {
  return lines
    .filter(
      (line) => line.productId === productId && isDeliveredAndKept(line) && !reviewedLineIds.has(line.lineId),
    )
    .sort((a, b) => (a.deliveredAt ?? '').localeCompare(b.deliveredAt ?? ''));
}

/** What posting a review of a product comes to. */
export type ReviewTarget =
  | { kind: 'line'; line: BoughtLine }
  /** She has no delivered, kept line of it (or not the one she named): 403. */
  | { kind: 'not-a-buyer' }
  /** Every such line has its review already: she edits it instead (409). */
  | { kind: 'already-reviewed' };

/**
 * The line a new review is for: the one she named (`orderId`, `lineId`), else her oldest delivered
 * line of the product not reviewed yet. One review per delivered order line.
 */
export function lineToReview(args: {
  lines: readonly BoughtLine[];
  productId: string;
  reviewedLineIds: ReadonlySet<string>;
  orderId?: string | undefined;
  lineId?: string | undefined;
}): ReviewTarget {
  const named = args.lines.filter(
    (line) =>
      (args.orderId === undefined || line.orderId === args.orderId) &&
      (args.lineId === undefined || line.lineId === args.lineId),
  );
  const bought = named.filter((line) => line.productId === args.productId && isDeliveredAndKept(line));
  if (bought.length === 0) return { kind: 'not-a-buyer' };
  const [open] = reviewableLines(bought, args.productId, args.reviewedLineIds);
  return open ? { kind: 'line', line: open } : { kind: 'already-reviewed' };
}

export const NOT_A_BUYER_MESSAGE =
  'Only a buyer can review this product: reviews come from orders delivered to you. You can review it once your order has arrived.';
export const ALREADY_REVIEWED_MESSAGE =
  'You have already reviewed this product for each order of it. You can edit your review instead.';
