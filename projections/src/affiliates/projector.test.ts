import { anOrderPlaced, aStatusChanged } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db/open';
import { recorded } from '../test-support/recorded';
import { affiliatesProjector, commissionFor } from './projector';
import { allAffiliateRequestsInChunks } from './queries';
import { commissionOf, findAffiliateByCode, latestAffiliateRequestOf } from './rows';

function project(...events: ReturnType<typeof recorded>[]) {
  const db = openReadModels(':memory:');
  for (const event of events) db.transaction(() => affiliatesProjector.apply(event, db));
  return db;
}

const at = '2024-05-01T10:00:00.000Z';
const referred = (orderId: string, itemsPrice: number) =>
  recorded(
    'OrderPlaced',
    anOrderPlaced({
      orderId,
      itemsPrice,
      discount: itemsPrice * 0.05,
      affiliateCode: 'CODE2345',
      affiliateUserId: 'aff',
    }),
  );

describe('the affiliates read model', () => {
  it('keeps every request with its decision; the latest is the one that counts', () => {
    const db = project(
      recorded('AffiliateRequested', { requestId: 'r1', userId: 'aff', at }),
      recorded('AffiliateRejected', { requestId: 'r1', userId: 'aff', by: 'admin', at }),
      recorded('AffiliateRequested', { requestId: 'r2', userId: 'aff', at }),
      recorded('AffiliateApproved', { requestId: 'r2', userId: 'aff', code: 'CODE2345', by: 'admin', at }),
    );
    expect([...allAffiliateRequestsInChunks(db)].flat().map((r) => [r.id, r.status, r.code])).toEqual(
      expect.arrayContaining([
        ['r1', 'Rejected', null],
        ['r2', 'Approved', 'CODE2345'],
      ]),
    );
    expect(latestAffiliateRequestOf(db, { userId: 'aff' })?.id).toBe('r2');
    expect(findAffiliateByCode(db, { code: 'CODE2345' })).toMatchObject({ user_id: 'aff', use_count: 0 });
  });

  it('counts uses and keeps commission pending, earned at Delivered, void at Cancelled', () => {
    const db = project(
      recorded('AffiliateRequested', { requestId: 'r1', userId: 'aff', at }),
      recorded('AffiliateApproved', { requestId: 'r1', userId: 'aff', code: 'CODE2345', by: 'admin', at }),
      referred('o1', 10_000),
      referred('o2', 20_000),
      referred('o3', 40_000),
      recorded('OrderPlaced', anOrderPlaced({ orderId: 'plain' })),
      recorded('StatusChanged', aStatusChanged('o1', 'Pending', 'Dispatched')),
      recorded('StatusChanged', aStatusChanged('o1', 'Dispatched', 'Delivered')),
      recorded('StatusChanged', aStatusChanged('o2', 'Pending', 'Cancelled')),
      recorded('StatusChanged', aStatusChanged('plain', 'Pending', 'Cancelled')),
    );
    expect(findAffiliateByCode(db, { code: 'CODE2345' })?.use_count).toBe(3);
    expect(commissionOf(db, { userId: 'aff' })).toEqual({ earned: 475, pending: 1_900 });
  });

  it('computes commission as 5% of the subtotal after the discount', () => {
    expect(commissionFor({ itemsPrice: 10_000, discount: 500 })).toBe(475);
  });
});
