import type { HeldBackKind, HeldBackWrites, ReadModelsDb } from '../db/database';
import { statements } from './statements';
import type { OrderCountsTable } from './tables';

type CountedAs = Omit<OrderCountsTable, 'orders'>;

/**
 * The transaction's changes to `order_counts`, summed per combination and written once at the commit:
 * every order event moves one or two of them. Every combination touched is written, a sum of 0 too, so
 * the rows do not depend on where a transaction ends.
 */
class OrderCountSums implements HeldBackWrites {
  readonly #sums = new Map<string, { as: CountedAs; orders: number }>();

  add(as: CountedAs, orders: number): void {
    const key = `${as.day}|${as.status}|${as.payment_method}|${as.is_paid}|${as.is_delivered}`;
    const sum = this.#sums.get(key);
    if (sum) sum.orders += orders;
    else this.#sums.set(key, { as, orders });
  }

  flush(db: ReadModelsDb): void {
    for (const { as, orders } of this.#sums.values()) db.run(statements.count, { ...as, orders });
  }
}

export const orderCountSums: HeldBackKind<OrderCountSums> = { create: () => new OrderCountSums() };

interface HeldReservation {
  productId: string;
  /** What this transaction added; a release in it takes away (the row may hold more from before). */
  qty: number;
  at: string;
}

/**
 * Reservations made in this transaction whose order has not appeared yet. Placing an order appends
 * its reservations and then `OrderPlaced` within one request, so the two are neighbours in the log
 * and nearly every reservation is gone again (its order placed) before the transaction commits: it
 * never needs a row. What is still held at the commit is written as the row the statements would
 * have left (a reservation added to a row an earlier transaction wrote keeps that row's times).
 */
class UnplacedReservations implements HeldBackWrites {
  readonly #byOrder = new Map<string, Map<string, HeldReservation>>();

  reserve(orderId: string, productId: string, qty: number, at: string): void {
    let held = this.#byOrder.get(orderId);
    if (!held) {
      held = new Map();
      this.#byOrder.set(orderId, held);
    }
    const reservation = held.get(productId);
    if (reservation) reservation.qty += qty;
    else held.set(productId, { productId, qty, at });
  }

  /** Takes a release out of what this transaction reserved; false when it reserved nothing there. */
  release(orderId: string, productId: string, qty: number): boolean {
    const reservation = this.#byOrder.get(orderId)?.get(productId);
    if (!reservation) return false;
    reservation.qty -= qty;
    return true;
  }

  forget(orderId: string): void {
    this.#byOrder.delete(orderId);
  }

  flush(db: ReadModelsDb): void {
    for (const [orderId, held] of this.#byOrder) {
      let released = false;
      for (const { productId, qty, at } of held.values()) {
        db.run(statements.reserve, {
          order_id: orderId,
          product_id: productId,
          qty,
          reserved_at: at,
          state_at: at,
        });
        released ||= qty <= 0;
      }
      // A release that emptied a reservation drops its row, as the statements would have.
      if (released) db.run(statements.dropReleased, { orderId });
    }
  }
}

export const unplacedReservations: HeldBackKind<UnplacedReservations> = {
  create: () => new UnplacedReservations(),
};
