import type { AffiliateStatus } from '@shop/contracts';
import type { Selectable } from 'kysely';

/** Every request to join the programme, with its decision. */
export interface AffiliateRequestsTable {
  id: string;
  user_id: string;
  status: AffiliateStatus;
  /** The code issued on approval. */
  code: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** Approved affiliates: their code and how many orders used it. */
export interface AffiliatesTable {
  user_id: string;
  /** Upper-case, unique. */
  code: string;
  approved_at: string;
  use_count: number;
}

/**
 * One row per order placed with a code: the commission it carries (5% of the discounted subtotal,
 * minor units), pending while the order is open, earned when Delivered, void when Cancelled; refunds
 * of its units take their share back off it (migration 019).
 */
export interface AffiliateReferralsTable {
  order_id: string;
  affiliate_user_id: string;
  commission: number;
  state: 'pending' | 'earned' | 'void';
  placed_at: string;
  settled_at: string | null;
  /** What the shop refunded of the order's items, minor units. */
  refunded: number;
  /** The commission on the refunded units: `refunded` at the commission rate; what the affiliate keeps is `commission` less this. */
  reversed_commission: number;
}

export type AffiliateRequestRow = Selectable<AffiliateRequestsTable>;
export type AffiliateRow = Selectable<AffiliatesTable>;
