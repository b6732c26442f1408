import type { EventData, ReturnStatus } from '@shop/contracts';
import { sql as expr } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import { argumentsFor, prepareQuery } from '../db/prepared-query';
import { type EventHandlers, projectorOf } from '../runner/projector';
import type { OrderReturnsTable, StoredReturnStep } from './tables';

type ReturnMove = { id: string; status: ReturnStatus; at: string; step: string; refunded_at: string | null };

const sql = {
  insertReturn: prepareQuery<OrderReturnsTable>((qb, arg) =>
    qb
      .insertInto('order_returns')
      .values(
        argumentsFor(arg, [
          'id',
          'order_id',
          'user_id',
          'status',
          'reason',
          'items',
          'amount',
          'requested_at',
          'updated_at',
          'refunded_at',
          'history',
        ]),
      ),
  ),
  /** The new status, and the step at the end of its history; `refunded_at` is kept once set. */
  moveReturn: prepareQuery<ReturnMove>((qb, arg) =>
    qb
      .updateTable('order_returns')
      .set({
        status: arg('status'),
        updated_at: arg('at'),
        refunded_at: expr<string | null>`coalesce(${arg('refunded_at')}, ${expr.ref('refunded_at')})`,
        history: expr<string>`json_insert(${expr.ref('history')}, '$[#]', json(${arg('step')}))`,
      })
      .where('id', '=', arg('id')),
  ),
};

type Decision = EventData<'ReturnApproved'>;

const on = {
  ReturnRequested(e, db) {
    const step: StoredReturnStep = ['Requested', e.at, e.userId];
    db.run(sql.insertReturn, {
      id: e.returnId,
      order_id: e.orderId,
      user_id: e.userId,
      status: 'Requested',
      reason: e.reason,
      items: JSON.stringify(e.items),
      amount: e.amount,
      requested_at: e.at,
      updated_at: e.at,
      refunded_at: null,
      history: JSON.stringify([step]),
    });
  },
  ReturnApproved(e, db) {
    moved(db, e, 'Approved');
  },
  ReturnRejected(e, db) {
    moved(db, e, 'Rejected');
  },
  ReturnReceived(e, db) {
    moved(db, e, 'Received');
  },
  ReturnRefunded(e, db) {
    moved(db, e, 'Refunded');
  },
} satisfies EventHandlers;

/** The returns read model: every return with its lines, refund and the statuses it reached, with who and when. */
export const returnsProjector = projectorOf({
  name: 'returns',
  tables: ['order_returns'],
  statements: sql,
  on,
});

function moved(db: ReadModelsDb, e: Decision, status: ReturnStatus): void {
  const step: StoredReturnStep = [status, e.at, e.by];
  const { changes } = db.run(sql.moveReturn, {
    id: e.returnId,
    status,
    at: e.at,
    step: JSON.stringify(step),
    refunded_at: status === 'Refunded' ? e.at : null,
  });
  if (changes !== 1) throw new Error(`${status} for an unknown return ${e.returnId}`);
}
