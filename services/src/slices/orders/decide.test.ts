import { ALLOWED_TRANSITIONS, ORDER_STATUSES } from '@shop/contracts';
import { anOrderPlaced } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { type OrderCommand, orderDecider } from './decide';
import { at, change, changed, pathTo, placed, spec } from './decide-test-kit';
import type { OrderEvent } from './order';

describe('placing an order', () => {
  it('given no order, when placed, then OrderPlaced', () => {
    const data = anOrderPlaced();
    spec
      .given()
      .when({ type: 'PlaceOrder', data })
      .thenEvents([{ type: 'OrderPlaced', data }]);
  });

  it('given a placed order, when placed again, then 409', () => {
    const error = spec.given(placed()).when({ type: 'PlaceOrder', data: anOrderPlaced() }).thenThrows();
    expect([error.status, error.message]).toEqual([409, 'This order has already been placed.']);
  });
});

describe('changing the status', () => {
  it('given no order, when changed, then 404 Order not found', () => {
    const error = spec.given().when(change('Paid')).thenThrows();
    expect([error.status, error.message]).toEqual([404, 'Order not found']);
  });

  it('given a pending order, when Paid, then it records who and sets the paid flag', () => {
    spec
      .given(placed())
      .when(change('Paid'))
      .thenEvents([
        {
          type: 'StatusChanged',
          data: { orderId: 'o1', from: 'Pending', to: 'Paid', by: 'admin', paid: true, delivered: false, at },
        },
      ]);
  });

  it('given a dispatched COD order, when Delivered, then delivered and paid at that moment', () => {
    const [event] = spec.given(placed(), changed('Pending', 'Dispatched')).when(change('Delivered')).events();
    expect(event?.data).toMatchObject({ from: 'Dispatched', to: 'Delivered', paid: true, delivered: true });
  });

  it('given a dispatched Card order never marked paid, when Delivered, then delivered but not paid', () => {
    const [event] = spec
      .given(placed({ paymentMethod: 'Card' }), changed('Pending', 'Dispatched'))
      .when(change('Delivered'))
      .events();
    expect(event?.data).toMatchObject({ paid: false, delivered: true });
  });

  it('given a paid COD order, when Delivered, then it is not paid a second time', () => {
    const history = [placed(), changed('Pending', 'Paid', { paid: true }), changed('Paid', 'Dispatched')];
    const [event] = spec
      .given(...history)
      .when(change('Delivered'))
      .events();
    expect(event?.data).toMatchObject({ paid: false, delivered: true });
  });

  it('follows the state machine exactly: every allowed change passes, every other one is 409', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const run = spec.given(placed(), ...pathTo[from]).when(change(to));
        if (ALLOWED_TRANSITIONS[from].includes(to)) {
          expect(run.events()[0]?.data).toMatchObject({ from, to });
        } else {
          const error = run.thenThrows();
          expect([error.status, error.message]).toEqual([
            409,
            `Cannot change an order from ${from} to ${to}.`,
          ]);
        }
      }
    }
  });
});

const cancel = (by = 'u1'): OrderCommand => ({ type: 'CancelOrder', data: { orderId: 'o1', by, at } });

describe('the shopper cancelling', () => {
  it('given a Pending or Paid order of hers, then a StatusChanged to Cancelled by her, nothing paid or delivered', () => {
    for (const from of ['Pending', 'Paid'] as const) {
      spec
        .given(placed(), ...pathTo[from])
        .when(cancel())
        .thenEvents([
          {
            type: 'StatusChanged',
            data: { orderId: 'o1', from, to: 'Cancelled', by: 'u1', paid: false, delivered: false, at },
          },
        ]);
    }
  });

  it('given an order already cancelled, then 409 saying so', () => {
    const error = spec
      .given(placed(), ...pathTo.Cancelled)
      .when(cancel())
      .thenThrows();
    expect([error.status, error.message]).toEqual([409, 'This order has already been cancelled.']);
  });

  it('given an order the shop has started on, then 409 naming its status', () => {
    for (const from of ['Processing', 'Shipped', 'Dispatched', 'Delivered'] as const) {
      const error = spec
        .given(placed(), ...pathTo[from])
        .when(cancel())
        .thenThrows();
      expect([error.status, error.message]).toEqual([
        409,
        `This order is already ${from} and can no longer be cancelled. Please contact us if you need help with it.`,
      ]);
    }
  });

  it("given no order, or someone else's, then 404 Order not found", () => {
    for (const run of [spec.given().when(cancel()), spec.given(placed()).when(cancel('u2'))]) {
      const error = run.thenThrows();
      expect([error.status, error.message]).toEqual([404, 'Order not found']);
    }
  });
});

describe('an admin note', () => {
  const data = { orderId: 'o1', noteId: 'n1', text: 'Call first', by: 'admin', at };

  it('given an order, then OrderNoteAdded as given, leaving the order as it was', () => {
    const state = spec.given(placed()).when({ type: 'AddOrderNote', data }).events();
    expect(state).toEqual([{ type: 'OrderNoteAdded', data }]);
    const before = [placed()].reduce(orderDecider.evolve, orderDecider.initialState());
    expect(orderDecider.evolve(before, { type: 'OrderNoteAdded', data })).toEqual(before);
  });

  it('given no order, then 404', () => {
    expect(spec.given().when({ type: 'AddOrderNote', data }).thenThrows().status).toBe(404);
  });
});

describe('folding the order', () => {
  it('keeps who placed it, its lines, subtotal and discount for the decisions after the sale', () => {
    const data = anOrderPlaced({ itemsPrice: 8_000, discount: 400, paymentMethod: 'Card' });
    const state = orderDecider.evolve(orderDecider.initialState(), { type: 'OrderPlaced', data });
    expect(state).toEqual({
      status: 'Pending',
      orderId: 'o1',
      userId: 'u1',
      paymentMethod: 'Card',
      lines: data.lines,
      itemsPrice: 8_000,
      discount: 400,
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      placedAt: data.at,
      confirmation: 'not-needed',
      reminded: false,
    });
  });

  it('keeps the first paid and delivered times', () => {
    const state = [
      placed(),
      changed('Pending', 'Dispatched'),
      changed('Dispatched', 'Delivered', { paid: true, delivered: true, at: '2024-05-03T00:00:00.000Z' }),
    ].reduce(orderDecider.evolve, orderDecider.initialState());
    expect(state).toMatchObject({
      status: 'Delivered',
      isPaid: true,
      paidAt: '2024-05-03T00:00:00.000Z',
      isDelivered: true,
      deliveredAt: '2024-05-03T00:00:00.000Z',
    });
  });
});

describe('abandoning an order that was never placed (the reservation sweep)', () => {
  const abandon: OrderCommand = { type: 'AbandonOrder', data: { orderId: 'o1', at } };
  const abandoned: OrderEvent = { type: 'OrderAbandoned', data: { orderId: 'o1', at } };

  it('given no order, when abandoned, then OrderAbandoned; given it abandoned, nothing more', () => {
    spec.given().when(abandon).thenEvents([abandoned]);
    spec.given(abandoned).when(abandon).thenEvents([]);
  });

  it('given the order placed after all, when abandoned, then 409: its stock stays reserved', () => {
    expect(spec.given(placed()).when(abandon).thenThrows().status).toBe(409);
  });

  it('given it abandoned, when the slow request places it, then 503 and nothing is placed', () => {
    const error = spec.given(abandoned).when({ type: 'PlaceOrder', data: anOrderPlaced() }).thenThrows();
    expect([error.status, error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });

  it('given it abandoned, a status change finds no order (404)', () => {
    expect(spec.given(abandoned).when(change('Paid')).thenThrows().status).toBe(404);
  });
});
