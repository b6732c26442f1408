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
 * minor units), pending while the order is open, earned when Delivered, void when Cancelled.
 */
export interface AffiliateReferralsTable {
  order_id: string;
  affiliate_user_id: string;
  commission: number;
  state: 'pending' | 'earned' | 'void';
  placed_at: string;
  settled_at: string | null;
}

export type AffiliateRequestRow = Selectable<AffiliateRequestsTable>;
export type AffiliateRow = Selectable<AffiliatesTable>;
