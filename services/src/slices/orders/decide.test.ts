import { ALLOWED_TRANSITIONS, ORDER_STATUSES, type OrderStatus } from '@shop/contracts';
import { anOrderPlaced } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { type OrderCommand, orderDecider } from './decide';
import type { OrderEvent } from './order';

const at = '2024-05-02T08:00:00.000Z';

/** Given these events, when this command: the events it causes (or the error it throws). */
function given(...history: OrderEvent[]) {
  const state = history.reduce(orderDecider.evolve, orderDecider.initialState());
  return { when: (command: OrderCommand) => () => orderDecider.decide(command, state) };
}

const placed = (overrides = {}): OrderEvent => ({ type: 'OrderPlaced', data: anOrderPlaced(overrides) });
const changed = (from: OrderStatus, to: OrderStatus, extra = {}): OrderEvent => ({
  type: 'StatusChanged',
  data: { orderId: 'o1', from, to, by: 'admin', paid: false, delivered: false, at, ...extra },
});
const change = (to: OrderStatus): OrderCommand => ({
  type: 'ChangeOrderStatus',
  data: { orderId: 'o1', to, by: 'admin', at },
});

/** The status changes that bring a placed order to each status. */
const pathTo: Record<OrderStatus, OrderEvent[]> = {
  Pending: [],
  Paid: [changed('Pending', 'Paid', { paid: true })],
  Processing: [changed('Pending', 'Processing')],
  Shipped: [changed('Pending', 'Processing'), changed('Processing', 'Shipped')],
  Dispatched: [changed('Pending', 'Dispatched')],
  Delivered: [changed('Pending', 'Dispatched'), changed('Dispatched', 'Delivered', { delivered: true })],
  Cancelled: [changed('Pending', 'Cancelled')],
  Refused: [changed('Pending', 'Dispatched'), changed('Dispatched', 'Refused')],
};

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

describe('placing an order', () => {
  it('given no order, when placed, then OrderPlaced', () => {
    const data = anOrderPlaced();
    expect(given().when({ type: 'PlaceOrder', data })()).toEqual([{ type: 'OrderPlaced', data }]);
  });

  it('given a placed order, when placed again, then 409', () => {
    const error = errorOf(given(placed()).when({ type: 'PlaceOrder', data: anOrderPlaced() }));
    expect([error.status, error.message]).toEqual([409, 'This order has already been placed.']);
  });
});

describe('changing the status', () => {
  it('given no order, when changed, then 404 Order not found', () => {
    const error = errorOf(given().when(change('Paid')));
    expect([error.status, error.message]).toEqual([404, 'Order not found']);
  });

  it('given a pending order, when Paid, then it records who and sets the paid flag', () => {
    expect(given(placed()).when(change('Paid'))()).toEqual([
      {
        type: 'StatusChanged',
        data: { orderId: 'o1', from: 'Pending', to: 'Paid', by: 'admin', paid: true, delivered: false, at },
      },
    ]);
  });

  it('given a dispatched COD order, when Delivered, then delivered and paid at that moment', () => {
    const [event] = given(placed(), changed('Pending', 'Dispatched')).when(change('Delivered'))();
    expect(event?.data).toMatchObject({ from: 'Dispatched', to: 'Delivered', paid: true, delivered: true });
  });

  it('given a dispatched Card order never marked paid, when Delivered, then delivered but not paid', () => {
    const [event] = given(placed({ paymentMethod: 'Card' }), changed('Pending', 'Dispatched')).when(
      change('Delivered'),
    )();
    expect(event?.data).toMatchObject({ paid: false, delivered: true });
  });

  it('given a paid COD order, when Delivered, then it is not paid a second time', () => {
    const history = [placed(), changed('Pending', 'Paid', { paid: true }), changed('Paid', 'Dispatched')];
    const [event] = given(...history).when(change('Delivered'))();
    expect(event?.data).toMatchObject({ paid: false, delivered: true });
  });

  it('follows the state machine exactly: every allowed change passes, every other one is 409', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const run = given(placed(), ...pathTo[from]).when(change(to));
        if (ALLOWED_TRANSITIONS[from].includes(to)) {
          expect(run()[0]?.data).toMatchObject({ from, to });
        } else {
          const error = errorOf(run);
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
      expect(given(placed(), ...pathTo[from]).when(cancel())()).toEqual([
        {
          type: 'StatusChanged',
          data: { orderId: 'o1', from, to: 'Cancelled', by: 'u1', paid: false, delivered: false, at },
        },
      ]);
    }
  });

  it('given an order already cancelled, then 409 saying so', () => {
    const error = errorOf(given(placed(), ...pathTo.Cancelled).when(cancel()));
    expect([error.status, error.message]).toEqual([409, 'This order has already been cancelled.']);
  });

  it('given an order the shop has started on, then 409 naming its status', () => {
    for (const from of ['Processing', 'Shipped', 'Dispatched', 'Delivered'] as const) {
      const error = errorOf(given(placed(), ...pathTo[from]).when(cancel()));
      expect([error.status, error.message]).toEqual([
        409,
        `This order is already ${from} and can no longer be cancelled. Please contact us if you need help with it.`,
      ]);
    }
  });

  it("given no order, or someone else's, then 404 Order not found", () => {
    for (const run of [given().when(cancel()), given(placed()).when(cancel('u2'))]) {
      const error = errorOf(run);
      expect([error.status, error.message]).toEqual([404, 'Order not found']);
    }
  });
});

describe('an admin note', () => {
  const data = { orderId: 'o1', noteId: 'n1', text: 'Call first', by: 'admin', at };

  it('given an order, then OrderNoteAdded as given, leaving the order as it was', () => {
    const state = given(placed()).when({ type: 'AddOrderNote', data })();
    expect(state).toEqual([{ type: 'OrderNoteAdded', data }]);
    const before = [placed()].reduce(orderDecider.evolve, orderDecider.initialState());
    expect(orderDecider.evolve(before, { type: 'OrderNoteAdded', data })).toEqual(before);
  });

  it('given no order, then 404', () => {
    expect(errorOf(given().when({ type: 'AddOrderNote', data })).status).toBe(404);
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
    expect(given().when(abandon)()).toEqual([abandoned]);
    expect(given(abandoned).when(abandon)()).toEqual([]);
  });

  it('given the order placed after all, when abandoned, then 409: its stock stays reserved', () => {
    expect(errorOf(given(placed()).when(abandon)).status).toBe(409);
  });

  it('given it abandoned, when the slow request places it, then 503 and nothing is placed', () => {
    const error = errorOf(given(abandoned).when({ type: 'PlaceOrder', data: anOrderPlaced() }));
    expect([error.status, error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });

  it('given it abandoned, a status change finds no order (404)', () => {
    expect(errorOf(given(abandoned).when(change('Paid'))).status).toBe(404);
  });
});

describe('cash on delivery: confirmation, reminder, expiry', () => {
  const WINDOW = 90_000;
  const placedAt = anOrderPlaced().at;
  const after = (ms: number) => new Date(Date.parse(placedAt) + ms).toISOString();
  const cod = () => placed({ paymentMethod: 'COD' });
  const confirm = (channel: 'link' | 'order-page' | 'phone', by = 'u1', note?: string): OrderCommand => ({
    type: 'ConfirmOrder',
    data: { orderId: 'o1', by, channel, windowMs: null, at, ...(note === undefined ? {} : { note }) },
  });
  const remind = (ms: number): OrderCommand => ({
    type: 'RemindConfirmation',
    data: { orderId: 'o1', windowMs: WINDOW, at: after(ms) },
  });
  const expire = (ms: number): OrderCommand => ({
    type: 'ExpireConfirmation',
    data: { orderId: 'o1', windowMs: WINDOW, at: after(ms) },
  });
  const confirmed: OrderEvent = {
    type: 'OrderConfirmed',
    data: { orderId: 'o1', userId: 'u1', by: 'u1', channel: 'link', at },
  };
  const reminded: OrderEvent = {
    type: 'OrderConfirmationReminded',
    data: { orderId: 'o1', userId: 'u1', expiresAt: after(WINDOW), at: after(WINDOW / 2) },
  };

  it('a COD order awaits confirmation from its placing; another method needs none', () => {
    expect(orderDecider.evolve(orderDecider.initialState(), cod())).toMatchObject({
      confirmation: 'awaiting',
      reminded: false,
    });
    expect(errorOf(given(placed({ paymentMethod: 'Card' })).when(confirm('link')))).toMatchObject({
      status: 409,
      message: 'This order is not paid cash on delivery: it needs no confirmation.',
    });
  });

  it('a COD order placed before the shop asked for confirmations needs none: never reminded, never expired', () => {
    const before = placed({ paymentMethod: 'COD', confirmationRequired: false });
    expect(orderDecider.evolve(orderDecider.initialState(), before)).toMatchObject({
      confirmation: 'not-needed',
    });
    expect(given(before).when(remind(WINDOW / 2))()).toEqual([]);
    expect(given(before).when(expire(WINDOW))()).toEqual([]);
  });

  it("records who confirmed, how and when, with an admin's note; confirming again changes nothing", () => {
    expect(given(cod()).when(confirm('phone', 'admin', 'Called her'))()).toEqual([
      {
        type: 'OrderConfirmed',
        data: { orderId: 'o1', userId: 'u1', by: 'admin', channel: 'phone', note: 'Called her', at },
      },
    ]);
    expect(given(cod()).when(confirm('link'))()).toEqual([
      { type: 'OrderConfirmed', data: { orderId: 'o1', userId: 'u1', by: 'u1', channel: 'link', at } },
    ]);
    expect(given(cod(), confirmed).when(confirm('order-page'))()).toEqual([]);
  });

  it("the order page is the owner's: anyone else, or an order never placed, is 404", () => {
    expect(errorOf(given(cod()).when(confirm('order-page', 'someone-else'))).status).toBe(404);
    expect(errorOf(given().when(confirm('link'))).status).toBe(404);
    expect(given(cod()).when(confirm('order-page', 'u1'))()).toHaveLength(1);
    // Anyone holding the link's token confirms for the owner; the phone is the admin's.
    expect(given(cod()).when(confirm('link', 'someone-else'))()).toHaveLength(1);
  });

  it('refuses an expired order and one cancelled, refused or delivered', () => {
    const expired: OrderEvent = {
      type: 'OrderConfirmationExpired',
      data: { orderId: 'o1', userId: 'u1', at },
    };
    expect(errorOf(given(cod(), expired).when(confirm('link'))).message).toBe(
      'This order was not confirmed in time and was cancelled. Please place it again.',
    );
    for (const status of ['Cancelled', 'Refused', 'Delivered'] as const) {
      expect(errorOf(given(cod(), ...pathTo[status]).when(confirm('link')))).toMatchObject({
        status: 409,
        message: `This order is already ${status} and can no longer be confirmed.`,
      });
    }
    for (const status of ['Paid', 'Processing', 'Dispatched', 'Shipped'] as const) {
      expect(given(cod(), ...pathTo[status]).when(confirm('link'))()).toHaveLength(1);
    }
  });

  it('the window binds every channel: the owner and an admin are refused from its end, before the sweep runs', () => {
    const confirmAt = (
      channel: 'link' | 'order-page' | 'phone',
      ms: number,
      windowMs: number | null = WINDOW,
    ) =>
      given(cod()).when({
        type: 'ConfirmOrder',
        data: { orderId: 'o1', by: channel === 'phone' ? 'admin' : 'u1', channel, windowMs, at: after(ms) },
      });
    for (const channel of ['link', 'order-page', 'phone'] as const) {
      expect(confirmAt(channel, WINDOW - 1)()).toHaveLength(1);
      expect(errorOf(confirmAt(channel, WINDOW))).toMatchObject({
        status: 409,
        message: 'This order was not confirmed in time and was cancelled. Please place it again.',
      });
      expect(errorOf(confirmAt(channel, WINDOW + 300)).status).toBe(409);
    }
    // With the window off nothing expires; an order confirmed in time stays confirmed.
    expect(confirmAt('phone', WINDOW * 1000, null)()).toHaveLength(1);
    expect(
      given(cod(), confirmed).when({
        type: 'ConfirmOrder',
        data: { orderId: 'o1', by: 'u1', channel: 'order-page', windowMs: WINDOW, at: after(WINDOW + 1) },
      })(),
    ).toEqual([]);
  });

  it('reminds once, from halfway through the window, saying when it expires', () => {
    expect(given(cod()).when(remind(WINDOW / 2 - 1))()).toEqual([]);
    expect(given(cod()).when(remind(WINDOW / 2))()).toEqual([
      {
        type: 'OrderConfirmationReminded',
        data: { orderId: 'o1', userId: 'u1', expiresAt: after(WINDOW), at: after(WINDOW / 2) },
      },
    ]);
    expect(given(cod(), reminded).when(remind(WINDOW / 2 + 1))()).toEqual([]);
    expect(given(cod(), confirmed).when(remind(WINDOW / 2))()).toEqual([]);
    expect(given(placed({ paymentMethod: 'Card' })).when(remind(WINDOW / 2))()).toEqual([]);
    expect(given(cod(), ...pathTo.Dispatched).when(remind(WINDOW / 2))()).toEqual([]);
    expect(errorOf(given().when(remind(WINDOW))).status).toBe(404);
  });

  it('at the end of the window cancels the order by the shop in the same append, from any status before shipping', () => {
    expect(given(cod()).when(expire(WINDOW - 1))()).toEqual([]);
    for (const status of ['Pending', 'Paid', 'Processing'] as const) {
      expect(given(cod(), ...pathTo[status], reminded).when(expire(WINDOW))()).toEqual([
        { type: 'OrderConfirmationExpired', data: { orderId: 'o1', userId: 'u1', at: after(WINDOW) } },
        {
          type: 'StatusChanged',
          data: {
            orderId: 'o1',
            from: status,
            to: 'Cancelled',
            by: 'system',
            paid: false,
            delivered: false,
            at: after(WINDOW),
          },
        },
      ]);
    }
    const expiredOnce = given(cod()).when(expire(WINDOW))();
    expect(given(cod(), ...expiredOnce).when(expire(WINDOW + 1))()).toEqual([]);
    expect(
      orderDecider.evolve(orderDecider.evolve(orderDecider.initialState(), cod()), expiredOnce[0]!),
    ).toMatchObject({
      confirmation: 'expired',
    });
    expect(given(cod(), confirmed).when(expire(WINDOW))()).toEqual([]);
    expect(given(cod(), ...pathTo.Dispatched).when(expire(WINDOW))()).toEqual([]);
    expect(given(cod(), ...pathTo.Cancelled).when(expire(WINDOW))()).toEqual([]);
    expect(given(placed({ paymentMethod: 'Card' })).when(expire(WINDOW))()).toEqual([]);
    expect(errorOf(given().when(expire(WINDOW))).status).toBe(404);
  });

  it('a dispatched parcel may come back Refused, from Dispatched or Shipped only', () => {
    expect(given(cod(), ...pathTo.Shipped).when(change('Refused'))()).toEqual([
      {
        type: 'StatusChanged',
        data: {
          orderId: 'o1',
          from: 'Shipped',
          to: 'Refused',
          by: 'admin',
          paid: false,
          delivered: false,
          at,
        },
      },
    ]);
    expect(errorOf(given(cod(), ...pathTo.Processing).when(change('Refused'))).status).toBe(409);
  });
});
