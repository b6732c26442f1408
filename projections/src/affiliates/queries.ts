import type { AffiliateRequest, AffiliateStatus, User } from '@shop/contracts';
import { findCustomer, findCustomers } from '../customers/queries';
import type { ReadModelsDb } from '../db/database';
import {
  countRows,
  type KeysetOrder,
  type KeysetPage,
  type PageStart,
  type Position,
  readInChunks,
  readPage,
} from '../db/paging';
import type { AffiliateRequestRow } from './tables';

/** Newest first, as the seed's list answered them. */
const NEWEST_FIRST: KeysetOrder = {
  key: 'affiliate_requests.created_at',
  keyDirection: 'desc',
  tie: 'affiliate_requests.id',
  tieDirection: 'asc',
};

const positionOf = (row: AffiliateRequestRow): Position => ({ key: row.created_at, tie: row.id });

function requests(db: ReadModelsDb, status: AffiliateStatus | undefined) {
  const query = db.qb.selectFrom('affiliate_requests').selectAll('affiliate_requests');
  return status === undefined ? query : query.where('affiliate_requests.status', '=', status);
}

/** A request as the API answers it, with the applicant as they are now. */
export function affiliateRequestOf(db: ReadModelsDb, row: AffiliateRequestRow): AffiliateRequest {
  return toRequest(row, findCustomer(db, { id: row.user_id }));
}

/** Requests as the API answers them, their applicants read in one statement for all. */
function toRequests(db: ReadModelsDb, rows: AffiliateRequestRow[]): AffiliateRequest[] {
  const applicants = findCustomers(
    db,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => toRequest(row, applicants.get(row.user_id)));
}

function toRequest(row: AffiliateRequestRow, user: User | undefined): AffiliateRequest {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    code: row.code,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    User: user ? { name: user.name, email: user.email } : null,
  };
}

/** One page of the affiliate requests, newest first, optionally of one status, and how many in all. */
export function affiliateRequestPage(
  db: ReadModelsDb,
  args: { status?: AffiliateStatus | undefined; start: PageStart; limit: number },
): KeysetPage<AffiliateRequest> & { total: number } {
  const matching = requests(db, args.status);
  const page = readPage(db, matching, {
    order: NEWEST_FIRST,
    positionOf,
    start: args.start,
    limit: args.limit,
  });
  return {
    ...page,
    rows: toRequests(db, page.rows),
    total: countRows(db, matching),
  };
}

/** Every request, newest first, a chunk at a time: `GET /api/affiliate`, streamed. */
export function* allAffiliateRequestsInChunks(db: ReadModelsDb, size = 500): Generator<AffiliateRequest[]> {
  for (const rows of readInChunks(db, requests(db, undefined), { order: NEWEST_FIRST, positionOf, size })) {
    yield toRequests(db, rows);
  }
}
