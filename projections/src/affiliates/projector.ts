import { type EventType, shopConfig } from '@shop/contracts';
import type { ReadModelsDb } from '../db';
import { dataOf } from '../event-data';
import type { Projector } from '../projector';

const handles = [
  'AffiliateRequested',
  'AffiliateApproved',
  'AffiliateRejected',
  'OrderPlaced',
  'StatusChanged',
] as const satisfies readonly EventType[];

/** Commission on a referred order: 5% of the subtotal after the affiliate discount, minor units. */
export function commissionFor(
  order: { itemsPrice: number; discount: number },
  rate = shopConfig.affiliateCommissionRate,
): number {
  return Math.round((order.itemsPrice - order.discount) * rate);
}

/**
 * The affiliates read model: requests and their decisions, approved affiliates by code with their
 * use count, and the commission each referred order carries until it is delivered or cancelled.
 */
export const affiliatesProjector: Projector = {
  name: 'affiliates',
  tables: ['affiliate_requests', 'affiliates', 'affiliate_referrals'],
  handles,
  apply(event, db) {
    switch (event.type as (typeof handles)[number]) {
      case 'AffiliateRequested': {
        const e = dataOf(event, 'AffiliateRequested');
        db.run(
          db.qb.insertInto('affiliate_requests').values({
            id: e.requestId,
            user_id: e.userId,
            status: 'Pending',
            code: null,
            created_at: e.at,
            decided_at: null,
            decided_by: null,
          }),
        );
        return;
      }
      case 'AffiliateApproved': {
        const e = dataOf(event, 'AffiliateApproved');
        decide(db, e.requestId, { status: 'Approved', code: e.code, decided_at: e.at, decided_by: e.by });
        db.run(
          db.qb
            .insertInto('affiliates')
            .values({ user_id: e.userId, code: e.code, approved_at: e.at, use_count: 0 }),
        );
        return;
      }
      case 'AffiliateRejected': {
        const e = dataOf(event, 'AffiliateRejected');
        decide(db, e.requestId, { status: 'Rejected', code: null, decided_at: e.at, decided_by: e.by });
        return;
      }
      case 'OrderPlaced': {
        const e = dataOf(event, 'OrderPlaced');
        if (!e.affiliateUserId) return;
        db.run(
          db.qb
            .updateTable('affiliates')
            .set((eb) => ({ use_count: eb('use_count', '+', 1) }))
            .where('user_id', '=', e.affiliateUserId),
        );
        db.run(
          db.qb.insertInto('affiliate_referrals').values({
            order_id: e.orderId,
            affiliate_user_id: e.affiliateUserId,
            commission: commissionFor(e),
            state: 'pending',
            placed_at: e.at,
            settled_at: null,
          }),
        );
        return;
      }
      case 'StatusChanged': {
        const e = dataOf(event, 'StatusChanged');
        const state = e.to === 'Delivered' ? 'earned' : e.to === 'Cancelled' ? 'void' : undefined;
        if (!state) return;
        db.run(
          db.qb
            .updateTable('affiliate_referrals')
            .set({ state, settled_at: e.at })
            .where('order_id', '=', e.orderId)
            .where('state', '=', 'pending'),
        );
        return;
      }
      default:
        throw new Error(`The affiliates projector does not handle ${event.type}`);
    }
  },
};

function decide(
  db: ReadModelsDb,
  requestId: string,
  decision: { status: 'Approved' | 'Rejected'; code: string | null; decided_at: string; decided_by: string },
): void {
  const { changes } = db.run(
    db.qb.updateTable('affiliate_requests').set(decision).where('id', '=', requestId),
  );
  if (changes !== 1) throw new Error(`Decision on an unknown affiliate request ${requestId}`);
}
