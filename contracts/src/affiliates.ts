export const AFFILIATE_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

/** A request in the admin list (GET /api/affiliate) and the answer of POST /api/affiliate. */
export interface AffiliateRequest {
  id: string;
  userId: string;
  status: AffiliateStatus;
  code: string | null;
  createdAt: string;
  decidedAt: string | null;
  User: { name: string; email: string } | null;
}

/** Answer of GET /api/affiliate/me: the signed-in user's programme in one call. */
export interface MyAffiliate {
  status: AffiliateStatus | 'None';
  requestId: string | null;
  code: string | null;
  /** Path of the tracking link, e.g. `/?ref=CODE`. */
  link: string | null;
  useCount: number;
  commission: { earned: number; pending: number };
}

/** Answer of GET /api/affiliate/codes/{code}: the code is valid for the caller and takes this rate off. */
export interface AffiliateCodeCheck {
  /** The code as the shop knows it (upper case). */
  code: string;
  discountRate: number;
}
