import type { Migration } from '../database';

/**
 * Placing a cash-on-delivery order counts the refusals against the buyer, their phone and every phone
 * they have ordered to; the last was found by reading each of the buyer's order documents. An index
 * of (user, phone key) answers it from the index alone: a loyal customer's hundredth order, or a
 * sale night's crowd, no longer pays for their whole history.
 */
export const phoneKeysByUser: Migration = {
  name: '025-phone-keys-by-user',
  up(db) {
    db.sqlite.exec('CREATE INDEX orders_phone_keys_by_user ON orders (user_id, phone_key)');
  },
};
