import type { CodMetrics, CodStanding } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { prepareQuery } from '../db/prepared-query';
import type { OrderRow } from './tables';

/**
 * Cash on delivery on the orders read model (decision 023): a customer's refused parcels and standing,
 * the orders awaiting confirmation that the expiry process watches, and the dashboard's figures.
 */

const refusalsOf = prepareQuery<{ userId: string; phoneKey: string }, { refusals: number }>((qb, arg) =>
  qb
    .selectFrom('cod_refusals')
    .select((eb) => eb.fn.countAll<number>().as('refusals'))
    .where((eb) =>
      eb.or([
        eb('user_id', '=', arg('userId')),
        eb('phone_key', '=', arg('phoneKey')),
        eb(
          'phone_key',
          'in',
          eb.selectFrom('orders').select('phone_key').where('user_id', '=', arg('userId')),
        ),
      ]),
    ),
);

const liftOf = prepareQuery<{ userId: string }, { refusals: number }>((qb, arg) =>
  qb.selectFrom('cod_limit_lifts').select('refusals').where('user_id', '=', arg('userId')),
);

/**
 * Refused parcels that count against a customer, each once: on their account, on a phone number any
 * of their orders shipped to, and on `phoneKey` (the phone of the order being placed), if given.
 */
function codRefusals(db: ReadModelsDb, args: { userId: string; phoneKey?: string }): number {
  // An empty key matches no order: every stored phone key has digits.
  return db.first(refusalsOf, { userId: args.userId, phoneKey: args.phoneKey ?? '' })?.refusals ?? 0;
}

/** Whether a phone number (its key) is one a customer's orders went to: one of her own numbers. */
export function isPhoneOfOrders(db: ReadModelsDb, args: { userId: string; phoneKey: string }): boolean {
  const found = db.first(
    db.qb
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', args.userId)
      .where('phone_key', '=', args.phoneKey)
      .limit(1),
  );
  return args.phoneKey !== '' && found !== undefined;
}

/**
 * Whether a customer may pay cash on delivery: refused once their refusals reach `limit`, unless an
 * admin lifted the limit since and no refusal came after the count the lift recorded.
 */
export function codStanding(
  db: ReadModelsDb,
  args: { userId: string; phoneKey?: string; limit: number },
): CodStanding {
  const refusals = codRefusals(db, args);
  const lifted = db.first(liftOf, { userId: args.userId })?.refusals ?? null;
  return { refusals, blocked: refusals >= args.limit && (lifted === null || refusals > lifted) };
}

/** COD orders still awaiting confirmation and not shipped, placed at or before `placedBefore`, oldest first. */
export function listAwaitingConfirmations(
  db: ReadModelsDb,
  args: { placedBefore: string },
): Pick<OrderRow, 'id' | 'created_at' | 'confirmation_reminded'>[] {
  return db.all(
    db.qb
      .selectFrom('orders')
      .select(['id', 'created_at', 'confirmation_reminded'])
      .where('confirmation_state', '=', 'awaiting')
      .where('created_at', '<=', args.placedBefore)
      .where('status', 'in', ['Pending', 'Paid', 'Processing'])
      .orderBy('created_at')
      .orderBy('id'),
  );
}

/**
 * The dashboard's COD figures: parcels refused in all, and over `[since, until]` the share of COD
 * orders placed then whose confirmation is settled that were confirmed (not expired), and the share
 * of COD parcels dispatched or shipped then that came back refused.
 */
export function codMetrics(db: ReadModelsDb, args: { since: string; until: string }): CodMetrics {
  const refused = db.first(
    db.qb
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'Refused'),
  );
  const settled = db.first(
    db.qb
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('settled'),
        eb.fn
          .sum<number>(eb.case().when('confirmation_state', '=', 'confirmed').then(1).else(0).end())
          .as('confirmed'),
      ])
      .where('confirmation_state', 'in', ['confirmed', 'expired'])
      .where('created_at', '>=', args.since)
      .where('created_at', '<=', args.until),
  );
  const sent = db.first(
    db.qb
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('sent'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'Refused').then(1).else(0).end()).as('refused'),
      ])
      .where('payment_method', '=', 'COD')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_status_changes')
            .select('order_status_changes.seq')
            .whereRef('order_status_changes.order_id', '=', 'orders.id')
            .where('order_status_changes.to_status', 'in', ['Dispatched', 'Shipped'])
            .where('order_status_changes.at', '>=', args.since)
            .where('order_status_changes.at', '<=', args.until),
        ),
      ),
  );
  const rate = (part: number | null | undefined, whole: number | undefined) =>
    whole ? Number(part ?? 0) / whole : null;
  return {
    refused: Number(refused?.n ?? 0),
    confirmationRate: rate(settled?.confirmed, Number(settled?.settled ?? 0)),
    refusalRate: rate(sent?.refused, Number(sent?.sent ?? 0)),
  };
}
