import type { EventData, ReturnStatus } from '@shop/contracts';
import type { Selectable } from 'kysely';

/** A line of a return as the read model keeps it: as ReturnRequested carried it. */
export type StoredReturnLine = EventData<'ReturnRequested'>['items'][number];

/** A status a return reached, positional: [status, at, by user id]. */
export type StoredReturnStep = [ReturnStatus, string, string];

/**
 * One row per return (migration 019), as it stands now. Money in minor units, times ISO strings.
 * Returns are few beside orders, so their lines and steps are plain JSON.
 */
export interface OrderReturnsTable {
  id: string;
  order_id: string;
  user_id: string;
  status: ReturnStatus;
  reason: string;
  /** JSON: StoredReturnLine[]. */
  items: string;
  /** What the refund is (or will be) for the whole return. */
  amount: number;
  requested_at: string;
  updated_at: string;
  refunded_at: string | null;
  /** JSON: StoredReturnStep[], oldest first, Requested included. */
  history: string;
}

export type OrderReturnRow = Selectable<OrderReturnsTable>;
