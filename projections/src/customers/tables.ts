import type { Selectable } from 'kysely';

/**
 * One row per registered user, as the admin's customer list and the auth middleware read it.
 * Never a password hash: that lives in `customer_credentials`, which only sign-in reads.
 */
export interface CustomersTable {
  id: string;
  name: string;
  /** Lower-case; unique through the e-mail claim streams. */
  email: string;
  /** '' when not given. */
  contact: string;
  /** 1 once the user followed a link mailed to `email` (migration 030); a new e-mail starts at 0. */
  email_verified: number;
  is_admin: number;
  /** Orders placed with this user's affiliate code. */
  affiliate_use_count: number;
  created_at: string;
  updated_at: string;
  /** Log position of the registration: a stable order for users registered in the same instant. */
  registered_position: number;
  /** Orders placed, cancelled ones left out. */
  order_count: number;
  /**
   * What the customer paid and kept, in minor units: the totals of her paid orders (a COD parcel is
   * paid when delivered), cancelled and refused ones left out, refunds taken off (migration 044).
   */
  total_spent: number;
  /** UserSessionsEnded so far: a token issued at a lower version is refused (migration 016). */
  session_version: number;
  /** The session the last UserSessionsEnded kept, which stays valid below the version. */
  kept_session_id: string | null;
}

/** Each order counted in a customer's totals, so a cancellation takes back what it added. */
export interface CustomerOrdersTable {
  order_id: string;
  user_id: string;
  total_price: number;
  /** 1 while the order's total counts in `total_spent` (migration 044). */
  paid: number;
}

/**
 * What a search can match a customer by, one row per term: each word of the name and the e-mail
 * lower-cased, and the contact's phone key (contracts' `phoneKey`). A search term matches by prefix.
 */
export interface CustomerSearchTermsTable {
  term: string;
  user_id: string;
}

/** Sessions ended by signing out, until their tokens would have expired anyway. */
export interface EndedSessionsTable {
  session_id: string;
  user_id: string;
  expires_at: string;
}

/** Password resets asked for, by request id, until a day past their expiry: a reset link names only its request. */
export interface PasswordResetRequestsTable {
  request_id: string;
  user_id: string;
  expires_at: string;
}

/** The password hash per user, keyed for sign-in by e-mail. Read by nothing but sign-in. */
export interface CustomerCredentialsTable {
  user_id: string;
  email: string;
  password_hash: string;
}

export type CustomerRow = Selectable<CustomersTable>;
