import { sql } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import type { AffiliateRequestRow, AffiliateRow } from './tables';

export function findAffiliateRequest(
  db: ReadModelsDb,
  args: { id: string },
): AffiliateRequestRow | undefined {
  return db.first(db.qb.selectFrom('affiliate_requests').selectAll().where('id', '=', args.id));
}

/** A user's most recent request, if they ever applied. */
export function latestAffiliateRequestOf(
  db: ReadModelsDb,
  args: { userId: string },
): AffiliateRequestRow | undefined {
  return db.first(
    db.qb
      .selectFrom('affiliate_requests')
      .selectAll()
      .where('user_id', '=', args.userId)
      .orderBy('created_at', 'desc')
      .orderBy(sql`rowid`, 'desc')
      .limit(1),
  );
}

/** The approved affiliate owning a code (upper-case). */
export function findAffiliateByCode(db: ReadModelsDb, args: { code: string }): AffiliateRow | undefined {
  return db.first(db.qb.selectFrom('affiliates').selectAll().where('code', '=', args.code));
}

export function findAffiliate(db: ReadModelsDb, args: { userId: string }): AffiliateRow | undefined {
  return db.first(db.qb.selectFrom('affiliates').selectAll().where('user_id', '=', args.userId));
}

/**
 * Commission of an affiliate's referred orders, minor units: earned (delivered) and pending (open),
 * each less the commission on refunded units.
 */
export function commissionOf(
  db: ReadModelsDb,
  args: { userId: string },
): { earned: number; pending: number } {
  const rows = db.all(
    db.qb
      .selectFrom('affiliate_referrals')
      .select((eb) => [
        'state',
        eb.fn.sum<number>(eb('commission', '-', eb.ref('reversed_commission'))).as('total'),
      ])
      .where('affiliate_user_id', '=', args.userId)
      .groupBy('state'),
  );
  const total = (state: string) => Number(rows.find((row) => row.state === state)?.total ?? 0);
  return { earned: total('earned'), pending: total('pending') };
}
