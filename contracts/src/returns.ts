import { z } from 'zod';
import type { Page } from './admin-lists';

/** A return's life: asked for by the shopper, then decided, received and refunded by the shop. */
export const RETURN_STATUSES = ['Requested', 'Approved', 'Rejected', 'Received', 'Refunded'] as const;
export const ReturnStatus = z.enum(RETURN_STATUSES, {
  error: `Status must be one of ${RETURN_STATUSES.join(', ')}`,
});
export type ReturnStatus = z.infer<typeof ReturnStatus>;

/** The returns state machine (docs/rules/returns.md#return-states); Rejected and Refunded are final. */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  Requested: ['Approved', 'Rejected'],
  Approved: ['Received'],
  Received: ['Refunded'],
  Rejected: [],
  Refunded: [],
};

export const RETURN_REASON_MAX = 500;

/** Body of POST /api/orders/{id}/returns: which delivered lines, how many units, and why. */
export const ReturnRequestInput = z.object({
  items: z
    .array(
      z.object({
        orderItemId: z
          .string({ error: 'Order item is required' })
          .trim()
          .min(1, 'Order item is required')
          .max(64, 'Order item is not valid'),
        qty: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(10_000, 'Quantity is too large'),
      }),
      { error: 'Choose the items to return' },
    )
    .min(1, 'Choose at least one item to return')
    .max(50, 'A return holds at most 50 lines')
    .refine(
      (items) => new Set(items.map((item) => item.orderItemId)).size === items.length,
      'Name each order item once',
    ),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(RETURN_REASON_MAX, `Reason must be at most ${RETURN_REASON_MAX} characters`),
});
export type ReturnRequestInput = z.infer<typeof ReturnRequestInput>;

/** Body of PUT /api/admin/returns/{id}/status. */
export const ReturnStatusInput = z.object({ status: ReturnStatus });

/** Query of GET /api/admin/returns: a status filter, the cursor of the page and its size. */
export const ReturnsQuery = z.object({
  status: ReturnStatus.optional(),
  cursor: z.string().max(500, 'Cursor is not valid').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(20),
});
export type ReturnsQuery = z.infer<typeof ReturnsQuery>;

/** A line of a return; money in major units. */
export interface ReturnItem {
  orderItemId: string;
  productId: string;
  name: string;
  image: string;
  size: string;
  qty: number;
  /** What one unit cost the shopper, before the affiliate discount. */
  unitPrice: number;
  /** What the shop pays back for these units: their price less their share of the affiliate discount. */
  refund: number;
}

/** One step of a return's life: the status it reached, when, and (for an admin) who moved it. */
export interface ReturnStep {
  status: ReturnStatus;
  at: string;
  by?: { id: string; name: string } | null;
}

/** A return as every call answers it; money in major units. */
export interface OrderReturn {
  id: string;
  orderId: string;
  /** The order's reference, the one people read and quote (e.g. `AX-7K3M9Q`). */
  orderReference: string;
  userId: string;
  status: ReturnStatus;
  reason: string;
  items: ReturnItem[];
  /** The refund the return carries (recorded when it is Refunded). */
  refundAmount: number;
  requestedAt: string;
  updatedAt: string;
  refundedAt: string | null;
  /** Every status it reached, oldest first, Requested included. */
  history: ReturnStep[];
  /** Only for an admin: the customer as they are now. */
  User?: { name: string; email: string } | null;
}

/** Answer of GET /api/admin/returns: one page, the total of matching returns and the cursors either side. */
export type ReturnsPage = Page<OrderReturn>;
