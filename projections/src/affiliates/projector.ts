import { shopConfig } from '@shop/contracts';
import { sql as expr } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import { argumentsFor, prepareQuery } from '../db/prepared-query';
import { type EventHandlers, projectorOf } from '../runner/projector';
import type { AffiliateReferralsTable, AffiliateRequestsTable, AffiliatesTable } from './tables';

/** Commission on a referred order: 5% of the subtotal after the affiliate discount, minor units. */
export function commissionFor(
  order: { itemsPrice: number; discount: number },
  rate = shopConfig.affiliateCommissionRate,
): number {
  return Math.round((order.itemsPrice - order.discount) * rate);
}

type Decision = Pick<AffiliateRequestsTable, 'id' | 'status' | 'code' | 'decided_at' | 'decided_by'>;

const sql = {
  insertRequest: prepareQuery<AffiliateRequestsTable>((qb, arg) =>
    qb
      .insertInto('affiliate_requests')
      .values(
        argumentsFor(arg, ['id', 'user_id', 'status', 'code', 'created_at', 'decided_at', 'decided_by']),
      ),
  ),
  decide: prepareQuery<Decision>((qb, arg) =>
    qb
      .updateTable('affiliate_requests')
      .set(argumentsFor(arg, ['status', 'code', 'decided_at', 'decided_by']))
      .where('id', '=', arg('id')),
  ),
  insertAffiliate: prepareQuery<AffiliatesTable>((qb, arg) =>
    qb.insertInto('affiliates').values(argumentsFor(arg, ['user_id', 'code', 'approved_at', 'use_count'])),
  ),
  countUse: prepareQuery<{ userId: string }>((qb, arg) =>
    qb
      .updateTable('affiliates')
      .set((eb) => ({ use_count: eb('use_count', '+', 1) }))
      .where('user_id', '=', arg('userId')),
  ),
  insertReferral: prepareQuery<AffiliateReferralsTable>((qb, arg) =>
    qb
      .insertInto('affiliate_referrals')
      .values(
        argumentsFor(arg, [
          'order_id',
          'affiliate_user_id',
          'commission',
          'state',
          'placed_at',
          'settled_at',
          'refunded',
          'reversed_commission',
        ]),
      ),
  ),
  /** What a refund takes off: the refunded amount adds up, and the commission on it is worked out anew. */
  refundReferral: prepareQuery<{ orderId: string; amount: number; rate: number }>((qb, arg) =>
    qb
      .updateTable('affiliate_referrals')
      .set((eb) => ({
        refunded: eb('refunded', '+', arg('amount')),
        reversed_commission: expr<number>`cast(round((${expr.ref('refunded')} + ${arg('amount')}) * ${arg('rate')}) as integer)`,
      }))
      .where('order_id', '=', arg('orderId')),
  ),
  settleReferral: prepareQuery<Pick<AffiliateReferralsTable, 'order_id' | 'state' | 'settled_at'>>(
    (qb, arg) =>
      qb
        .updateTable('affiliate_referrals')
        .set({ state: arg('state'), settled_at: arg('settled_at') })
        .where('order_id', '=', arg('order_id'))
        .where('state', '=', 'pending'),
  ),
};

const on = {
  AffiliateRequested(e, db) {
    db.run(sql.insertRequest, {
      id: e.requestId,
      user_id: e.userId,
      status: 'Pending',
      code: null,
      created_at: e.at,
      decided_at: null,
      decided_by: null,
    });
  },
  AffiliateApproved(e, db) {
    decide(db, { id: e.requestId, status: 'Approved', code: e.code, decided_at: e.at, decided_by: e.by });
    db.run(sql.insertAffiliate, { user_id: e.userId, code: e.code, approved_at: e.at, use_count: 0 });
  },
  AffiliateRejected(e, db) {
    decide(db, { id: e.requestId, status: 'Rejected', code: null, decided_at: e.at, decided_by: e.by });
  },
  OrderPlaced(e, db) {
    if (!e.affiliateUserId) return;
    db.run(sql.countUse, { userId: e.affiliateUserId });
    db.run(sql.insertReferral, {
      order_id: e.orderId,
      affiliate_user_id: e.affiliateUserId,
      commission: commissionFor(e),
      state: 'pending',
      placed_at: e.at,
      settled_at: null,
      refunded: 0,
      reversed_commission: 0,
    });
  },
  StatusChanged(e, db) {
    const state = e.to === 'Delivered' ? 'earned' : e.to === 'Cancelled' ? 'void' : undefined;
    if (state) db.run(sql.settleReferral, { order_id: e.orderId, state, settled_at: e.at });
  },
  /**
   * The commission on refunded units is void: it is the refunded total at the commission rate, worked
   * out on the running total so that refunding every unit takes back the whole commission exactly.
   */
  ReturnRefunded(e, db) {
    db.run(sql.refundReferral, {
      orderId: e.orderId,
      amount: e.amount,
      rate: shopConfig.affiliateCommissionRate,
    });
  },
} satisfies EventHandlers;

/**
 * The affiliates read model: requests and their decisions, approved affiliates by code with their
 * use count, and the commission each referred order carries until it is delivered or cancelled, less
 * the commission on what was refunded.
 */
export const affiliatesProjector = projectorOf({
  name: 'affiliates',
  tables: ['affiliate_requests', 'affiliates', 'affiliate_referrals'],
  statements: sql,
  on,
});

function decide(db: ReadModelsDb, decision: Decision): void {
  const { changes } = db.run(sql.decide, decision);
  if (changes !== 1) throw new Error(`Decision on an unknown affiliate request ${decision.id}`);
}
