import type { Order, ShipmentView } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCouriers, startFakeCouriers, testCourierSettings } from '../../test-support/courier-shop';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
} from '../../test-support/test-shop';
import { createProduct, placeOrderOk, setStatus } from '../orders/order-test-kit';

let fakes: FakeCouriers;
let t: TestShop;
let admin: SignedInUser;
let shopper: SignedInUser;

type Booked = Order & { shipment: ShipmentView };

beforeEach(async () => {
  fakes = await startFakeCouriers();
  t = await openTestShop({ couriers: testCourierSettings(fakes) });
  admin = await signInAdmin(t);
  shopper = await registerUser(t, { name: 'Sana Malik' });
});

afterEach(async () => {
  await t.close();
  await fakes.close();
});

/** A COD order the admin confirmed by phone: ready to book. */
async function confirmedOrder(city = 'Lahore'): Promise<Order> {
  const tee = await createProduct(t, admin, { name: 'Running Tee', price: 1500 });
  const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 2 }], {
    shippingAddress: {
      fullName: 'Sana Malik',
      address: '12 Main Boulevard',
      city,
      postalCode: '54000',
      country: 'Pakistan',
      phone: '0333-1234567',
    },
  });
  const confirmed = await t.request('POST', `/api/admin/orders/${order.id}/confirm`, {
    token: admin.token,
    body: { note: 'Called, she confirmed' },
  });
  expect(confirmed.status).toBe(200);
  return order;
}

const book = (orderId: string, body: Record<string, unknown>, token = admin.token) =>
  t.request<Booked>('POST', `/api/admin/orders/${orderId}/shipment`, { token, body });

describe('booking a parcel', () => {
  it('books a confirmed COD order with PostEx, collecting what the order owes', async () => {
    const order = await confirmedOrder();

    const answer = await book(order.id, { courier: 'postex' });

    expect(answer.status).toBe(201);
    expect(answer.body.shipment).toEqual({
      courier: 'postex',
      state: 'booked',
      trackingNumber: [...fakes.postex.parcels.keys()][0],
      status: 'booked',
      bookedAt: '2024-05-02T08:00:00.000Z',
      codAmount: order.totalPrice,
      problem: null,
      events: [],
    });
    expect(fakes.postex.bookings[0]).toMatchObject({
      cityName: 'LAHORE',
      customerName: 'Sana Malik',
      customerPhone: '03331234567',
      deliveryAddress: '12 Main Boulevard',
      invoicePayment: order.totalPrice,
      items: 2,
      orderRefNumber: order.reference,
      orderDetail: expect.stringContaining('2 x Running Tee'),
    });
    const again = await t.request('GET', `/api/admin/orders/${order.id}/shipment`, { token: admin.token });
    expect(again.body).toEqual({ shipment: answer.body.shipment });
  });

  it('books a paid order with nothing to collect, with Trax', async () => {
    const tee = await createProduct(t, admin, { price: 2000 });
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });
    await setStatus(t, admin, order.id, 'Paid');

    const answer = await book(order.id, { courier: 'trax', weightGrams: 600 });

    expect(answer.status).toBe(201);
    expect(answer.body.shipment).toMatchObject({ courier: 'trax', state: 'booked', codAmount: 0 });
    expect(fakes.trax.bookings[0]).toMatchObject({
      amount: 0,
      payment_mode_id: 4,
      consignee_city_id: 201,
      estimated_weight: 0.6,
    });
  });

  it('refuses an order still awaiting its COD confirmation, and calls no courier', async () => {
    const tee = await createProduct(t, admin);
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);

    const answer = await book(order.id, { courier: 'postex' });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: expect.stringContaining('not confirmed yet') });
    expect(fakes.postex.server.seen).toEqual([]);
  });

  it('refuses a second booking, and allows one after the first is cancelled before pickup', async () => {
    const order = await confirmedOrder();
    const first = await book(order.id, { courier: 'postex' });

    const second = await book(order.id, { courier: 'trax' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: expect.stringContaining('already booked with postex') });

    const cancelled = await t.request<Booked>('DELETE', `/api/admin/orders/${order.id}/shipment`, {
      token: admin.token,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.shipment).toMatchObject({
      state: 'cancelled',
      trackingNumber: first.body.shipment.trackingNumber,
    });
    expect(fakes.postex.parcels.get(first.body.shipment.trackingNumber!)?.status).toBe('Un-Assigned By Me');

    const third = await book(order.id, { courier: 'trax' });
    expect(third.status).toBe(201);
    expect(fakes.trax.bookings).toHaveLength(1);
  });

  it('refuses a cancel once the courier has picked the parcel up', async () => {
    const order = await confirmedOrder();
    const booked = await book(order.id, { courier: 'postex' });
    fakes.postex.advance(booked.body.shipment.trackingNumber!, '0003');

    const answer = await t.request<Booked>('DELETE', `/api/admin/orders/${order.id}/shipment`, {
      token: admin.token,
    });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: expect.stringContaining('CANNOT BE CANCELLED AFTER PICKUP'),
    });
  });

  it("refuses a city the courier does not list, and books with the courier's city the admin picks", async () => {
    const order = await confirmedOrder('Skardu');

    const refused = await book(order.id, { courier: 'postex' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      fields: [
        { field: 'cityId', message: 'PostEx does not list Skardu; pick one of its cities for this parcel.' },
      ],
    });
    expect(fakes.postex.bookings).toEqual([]);

    const picked = await book(order.id, { courier: 'postex', cityId: 'ISLAMABAD' });
    expect(picked.status).toBe(201);
    expect(fakes.postex.bookings[0]).toMatchObject({ cityName: 'ISLAMABAD' });
  });

  it('records a refusal PostEx hides in a 200 answer as failed, not booked', async () => {
    const order = await confirmedOrder();
    fakes.postex.pickupAddressCodes.length = 0;

    const answer = await book(order.id, { courier: 'postex' });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: 'PostEx refused the booking: 400 INVALID PICKUP ADDRESS CODE',
    });
    const shipment = await t.request<{ shipment: ShipmentView }>(
      'GET',
      `/api/admin/orders/${order.id}/shipment`,
      { token: admin.token },
    );
    expect(shipment.body.shipment).toMatchObject({
      state: 'failed',
      trackingNumber: null,
      problem: expect.stringContaining('INVALID PICKUP ADDRESS CODE'),
    });
  });

  it('shows a booking without an answer as unknown, and books again only when the admin asks again', async () => {
    const order = await confirmedOrder();
    // The city list is fetched (and kept) first, so only the booking itself goes unanswered.
    await t.request('GET', '/api/admin/couriers/postex/cities', { token: admin.token });
    fakes.postex.server.hold();

    const lost = await book(order.id, { courier: 'postex' });
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({ message: expect.stringContaining('may or may not be booked') });
    fakes.postex.server.release();
    const shown = await t.request<{ shipment: ShipmentView }>(
      'GET',
      `/api/admin/orders/${order.id}/shipment`,
      { token: admin.token },
    );
    expect(shown.body.shipment).toMatchObject({
      state: 'unknown',
      problem: expect.stringContaining('no answer within'),
    });

    const refused = await book(order.id, { courier: 'postex' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('"again": true') });

    const again = await book(order.id, { courier: 'postex', again: true });
    expect(again.status).toBe(201);
    expect(again.body.shipment.state).toBe('booked');
  });

  it('leaves a booking the shop stopped during as unknown, never booked twice without the admin asking', async () => {
    const order = await confirmedOrder();
    // The city list is fetched (and kept) first, so only the booking itself goes unanswered.
    await t.request('GET', '/api/admin/couriers/postex/cities', { token: admin.token });
    fakes.postex.server.hold();
    const inFlight = book(order.id, { courier: 'postex' }).catch(() => undefined);
    await waitFor(() => fakes.postex.server.held === 1);

    // The shop stops with the call in flight; the courier then books it, but the shop never records it.
    await t.restart();
    fakes.postex.server.release();
    await inFlight;
    expect(fakes.postex.bookings).toHaveLength(1);

    t.clock.advance(61_000);
    const shown = await t.request<{ shipment: ShipmentView }>(
      'GET',
      `/api/admin/orders/${order.id}/shipment`,
      { token: (await signInAdmin(t)).token },
    );
    expect(shown.body.shipment).toMatchObject({
      state: 'unknown',
      trackingNumber: null,
      problem: expect.stringContaining('stopped while asking'),
    });
    const refused = await book(order.id, { courier: 'postex' }, (await signInAdmin(t)).token);
    expect(refused.status).toBe(409);
    expect(fakes.postex.bookings).toHaveLength(1);
  });

  it('books once when two admins book the same order at the same moment', async () => {
    const order = await confirmedOrder();
    await t.request('GET', '/api/admin/couriers/trax/cities', { token: admin.token });

    const answers = await Promise.all([
      book(order.id, { courier: 'trax' }),
      book(order.id, { courier: 'trax' }),
    ]);

    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(fakes.trax.bookings).toHaveLength(1);
  });

  it('books several orders and answers each one, a refused one beside the booked', async () => {
    const first = await confirmedOrder();
    const second = await confirmedOrder();
    const tee = await createProduct(t, admin);
    const awaiting = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);

    const answer = await t.request<{ results: { orderId: string; ok: boolean; status?: number }[] }>(
      'POST',
      '/api/admin/shipments',
      {
        token: admin.token,
        body: { courier: 'trax', orderIds: [first.id, second.id, awaiting.id] },
      },
    );

    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => [r.orderId, r.ok, r.status])).toEqual([
      [first.id, true, undefined],
      [second.id, true, undefined],
      [awaiting.id, false, 409],
    ]);
    expect(fakes.trax.bookings.map((b) => b.order_id)).toEqual([first.reference, second.reference]);
  });

  it('is for admins only', async () => {
    const order = await confirmedOrder();
    for (const [method, path] of [
      ['POST', `/api/admin/orders/${order.id}/shipment`],
      ['GET', `/api/admin/orders/${order.id}/shipment`],
      ['DELETE', `/api/admin/orders/${order.id}/shipment`],
      ['POST', '/api/admin/shipments'],
    ] as const) {
      const body = { courier: 'postex', orderIds: [order.id] };
      const options = method === 'GET' ? { token: shopper.token } : { token: shopper.token, body };
      expect((await t.request(method, path, options)).status).toBe(403);
    }
    expect(fakes.postex.server.seen).toEqual([]);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
