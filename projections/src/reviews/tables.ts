/** One row per live review; a deleted review's row is removed. */
export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string;
  rating: number;
  comment: string;
  created_at: string;
  /** Log position of the posting: newest first even for reviews posted in the same instant. */
  posted_position: number;
  /** The order line it reviews (migration 027); null for a review from before reviews came from buyers. */
  order_id: string | null;
  line_id: string | null;
  /** 1: written by the buyer of a delivered, kept line ("Verified buyer"). */
  verified: number;
  /** 1: shown as "Anonymous" (every review from before migration 027 is). */
  anonymous: number;
  /** When its author last edited it. */
  updated_at: string | null;
}

/** Who wrote reviews, for the admin list (the public list never reads it). */
export interface ReviewAuthorsTable {
  user_id: string;
  name: string;
  email: string;
}

/** Product names for the admin list, deleted products included. */
export interface ReviewProductsTable {
  product_id: string;
  name: string;
}
