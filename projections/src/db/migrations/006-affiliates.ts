import type { Migration } from '../database';

/** The affiliates read model: requests, approved affiliates by code, and referred orders' commission. */
export const affiliates: Migration = {
  name: '006-affiliates',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema
        .createTable('affiliate_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('decided_by', 'text'),
    );
    db.run(
      schema
        .createIndex('affiliate_requests_by_user')
        .on('affiliate_requests')
        .columns(['user_id', 'created_at']),
    );
    db.run(
      schema
        .createIndex('affiliate_requests_by_created')
        .on('affiliate_requests')
        .columns(['created_at', 'id']),
    );
    db.run(
      schema
        .createTable('affiliates')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('approved_at', 'text', (c) => c.notNull())
        .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    db.run(
      schema
        .createTable('affiliate_referrals')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('affiliate_user_id', 'text', (c) => c.notNull())
        .addColumn('commission', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('placed_at', 'text', (c) => c.notNull())
        .addColumn('settled_at', 'text'),
    );
    db.run(
      schema
        .createIndex('affiliate_referrals_by_affiliate')
        .on('affiliate_referrals')
        .columns(['affiliate_user_id', 'state']),
    );
  },
};
