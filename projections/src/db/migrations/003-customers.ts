import type { Migration } from '../database';

/** The customers read model and the private credentials table sign-in reads. */
export const customers: Migration = {
  name: '003-customers',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema
        .createTable('customers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull())
        .addColumn('is_admin', 'integer', (c) => c.notNull())
        .addColumn('affiliate_use_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('registered_position', 'integer', (c) => c.notNull()),
    );
    // Not unique: the claim streams keep e-mails unique; a read model must never refuse an event.
    db.run(schema.createIndex('customers_by_email').on('customers').column('email'));
    db.run(schema.createIndex('customers_by_registration').on('customers').column('registered_position'));
    db.run(
      schema
        .createTable('customer_credentials')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull()),
    );
    db.run(schema.createIndex('customer_credentials_by_email').on('customer_credentials').column('email'));
  },
};
