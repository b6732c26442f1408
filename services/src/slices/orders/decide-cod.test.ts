import { anOrderPlaced } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { type OrderCommand, orderDecider } from './decide';
import { at, change, pathTo, placed, spec } from './decide-test-kit';
import type { OrderEvent } from './order';

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
    expect(
      spec
        .given(placed({ paymentMethod: 'Card' }))
        .when(confirm('link'))
        .thenThrows(),
    ).toMatchObject({
      status: 409,
      message: 'This order is not paid cash on delivery: it needs no confirmation.',
    });
  });

  it('the window binds every channel: the owner and an admin are refused from its end, before the sweep runs', () => {
    const confirmAt = (
      channel: 'link' | 'order-page' | 'phone',
      ms: number,
      windowMs: number | null = WINDOW,
    ) =>
      spec.given(cod()).when({
        type: 'ConfirmOrder',
        data: { orderId: 'o1', by: channel === 'phone' ? 'admin' : 'u1', channel, windowMs, at: after(ms) },
      });
    for (const channel of ['link', 'order-page', 'phone'] as const) {
      expect(
        orderDecider.decide(
          {
            type: 'ConfirmOrder',
            data: {
              orderId: 'o1',
              by: channel === 'phone' ? 'admin' : 'u1',
              channel,
              windowMs: WINDOW,
              at: after(WINDOW - 1),
            },
          },
          orderDecider.evolve(orderDecider.initialState(), cod()),
        ),
      ).toHaveLength(1);
      expect(confirmAt(channel, WINDOW).thenThrows()).toMatchObject({
        status: 409,
        message: 'This order was not confirmed in time and was cancelled. Please place it again.',
      });
      expect(confirmAt(channel, WINDOW + 300).thenThrows().status).toBe(409);
    }
    // With the window off nothing expires; an order confirmed in time stays confirmed.
    expect(
      orderDecider.decide(
        {
          type: 'ConfirmOrder',
          data: { orderId: 'o1', by: 'admin', channel: 'phone', windowMs: null, at: after(WINDOW * 1000) },
        },
        orderDecider.evolve(orderDecider.initialState(), cod()),
      ),
    ).toHaveLength(1);
    spec
      .given(cod(), confirmed)
      .when({
        type: 'ConfirmOrder',
        data: { orderId: 'o1', by: 'u1', channel: 'order-page', windowMs: WINDOW, at: after(WINDOW + 1) },
      })
      .thenEvents([]);
  });

  it('a COD order placed before the shop asked for confirmations needs none: never reminded, never expired', () => {
    const before = placed({ paymentMethod: 'COD', confirmationRequired: false });
    expect(orderDecider.evolve(orderDecider.initialState(), before)).toMatchObject({
      confirmation: 'not-needed',
    });
    spec
      .given(before)
      .when(remind(WINDOW / 2))
      .thenEvents([]);
    spec.given(before).when(expire(WINDOW)).thenEvents([]);
  });

  it("records who confirmed, how and when, with an admin's note; confirming again changes nothing", () => {
    spec
      .given(cod())
      .when(confirm('phone', 'admin', 'Called her'))
      .thenEvents([
        {
          type: 'OrderConfirmed',
          data: { orderId: 'o1', userId: 'u1', by: 'admin', channel: 'phone', note: 'Called her', at },
        },
      ]);
    spec
      .given(cod())
      .when(confirm('link'))
      .thenEvents([
        { type: 'OrderConfirmed', data: { orderId: 'o1', userId: 'u1', by: 'u1', channel: 'link', at } },
      ]);
    spec.given(cod(), confirmed).when(confirm('order-page')).thenEvents([]);
  });

  it("the order page is the owner's: anyone else, or an order never placed, is 404", () => {
    expect(spec.given(cod()).when(confirm('order-page', 'someone-else')).thenThrows().status).toBe(404);
    expect(spec.given().when(confirm('link')).thenThrows().status).toBe(404);
    expect(spec.given(cod()).when(confirm('order-page', 'u1')).events()).toHaveLength(1);
    // Anyone holding the link's token confirms for the owner; the phone is the admin's.
    expect(spec.given(cod()).when(confirm('link', 'someone-else')).events()).toHaveLength(1);
  });

  it('refuses an expired order and one cancelled, refused or delivered', () => {
    const expired: OrderEvent = {
      type: 'OrderConfirmationExpired',
      data: { orderId: 'o1', userId: 'u1', at },
    };
    expect(spec.given(cod(), expired).when(confirm('link')).thenThrows().message).toBe(
      'This order was not confirmed in time and was cancelled. Please place it again.',
    );
    for (const status of ['Cancelled', 'Refused', 'Delivered'] as const) {
      expect(
        spec
          .given(cod(), ...pathTo[status])
          .when(confirm('link'))
          .thenThrows(),
      ).toMatchObject({
        status: 409,
        message: `This order is already ${status} and can no longer be confirmed.`,
      });
    }
    for (const status of ['Paid', 'Processing', 'Dispatched', 'Shipped'] as const) {
      expect(
        spec
          .given(cod(), ...pathTo[status])
          .when(confirm('link'))
          .events(),
      ).toHaveLength(1);
    }
  });

  it('reminds once, from halfway through the window, saying when it expires', () => {
    spec
      .given(cod())
      .when(remind(WINDOW / 2 - 1))
      .thenEvents([]);
    spec
      .given(cod())
      .when(remind(WINDOW / 2))
      .thenEvents([
        {
          type: 'OrderConfirmationReminded',
          data: { orderId: 'o1', userId: 'u1', expiresAt: after(WINDOW), at: after(WINDOW / 2) },
        },
      ]);
    spec
      .given(cod(), reminded)
      .when(remind(WINDOW / 2 + 1))
      .thenEvents([]);
    spec
      .given(cod(), confirmed)
      .when(remind(WINDOW / 2))
      .thenEvents([]);
    spec
      .given(placed({ paymentMethod: 'Card' }))
      .when(remind(WINDOW / 2))
      .thenEvents([]);
    spec
      .given(cod(), ...pathTo.Dispatched)
      .when(remind(WINDOW / 2))
      .thenEvents([]);
    expect(spec.given().when(remind(WINDOW)).thenThrows().status).toBe(404);
  });

  it('at the end of the window cancels the order by the shop in the same append, from any status before shipping', () => {
    spec
      .given(cod())
      .when(expire(WINDOW - 1))
      .thenEvents([]);
    for (const status of ['Pending', 'Paid', 'Processing'] as const) {
      spec
        .given(cod(), ...pathTo[status], reminded)
        .when(expire(WINDOW))
        .thenEvents([
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
    const expiredOnce = spec.given(cod()).when(expire(WINDOW)).events();
    spec
      .given(cod(), ...expiredOnce)
      .when(expire(WINDOW + 1))
      .thenEvents([]);
    expect(
      orderDecider.evolve(orderDecider.evolve(orderDecider.initialState(), cod()), expiredOnce[0]!),
    ).toMatchObject({
      confirmation: 'expired',
    });
    spec.given(cod(), confirmed).when(expire(WINDOW)).thenEvents([]);
    spec
      .given(cod(), ...pathTo.Dispatched)
      .when(expire(WINDOW))
      .thenEvents([]);
    spec
      .given(cod(), ...pathTo.Cancelled)
      .when(expire(WINDOW))
      .thenEvents([]);
    spec
      .given(placed({ paymentMethod: 'Card' }))
      .when(expire(WINDOW))
      .thenEvents([]);
    expect(spec.given().when(expire(WINDOW)).thenThrows().status).toBe(404);
  });

  it('a dispatched parcel may come back Refused, from Dispatched or Shipped only', () => {
    spec
      .given(cod(), ...pathTo.Shipped)
      .when(change('Refused'))
      .thenEvents([
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
    expect(
      spec
        .given(cod(), ...pathTo.Processing)
        .when(change('Refused'))
        .thenThrows().status,
    ).toBe(409);
  });
});
