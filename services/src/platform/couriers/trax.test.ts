import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeTrax } from '../../test-support/fake-trax';
import { type Courier, CourierRefused, type Parcel } from './courier';
import { traxCourier } from './trax';
import { traxStatus as traxStatusOf } from './trax-statuses';

const KEY = 'trax-test-api-key-0123456789';
const clock = () => new Date('2024-05-02T08:00:00.000Z');
let fake: FakeTrax;
let trax: Courier;

const aParcel = (overrides: Partial<Parcel> = {}): Parcel => ({
  orderReference: 'APX-24-00017',
  consignee: {
    name: 'Sana Malik',
    phone: '03331234567',
    email: 'sana@example.pk',
    address: '12 Main Boulevard, Gulberg',
    city: { id: '201', name: 'Lahore' },
  },
  codAmount: 3250,
  pieces: 1,
  items: 3,
  weightGrams: 750,
  description: '2 x Running Tee, 1 x Training Shorts',
  ...overrides,
});

beforeEach(async () => {
  fake = await FakeTrax.start({ apiKey: KEY, pickupAddressIds: [3015], clock });
  trax = traxCourier(
    { apiUrl: fake.url, apiKey: KEY, pickupAddressId: 3015, webhookSecret: 'x'.repeat(24) },
    1_000,
    clock,
  );
});

afterEach(() => fake.close());

describe('the Trax adapter', () => {
  it('books a COD parcel with the fields Trax documents and reads "tracking number" with its space', async () => {
    const booked = await trax.book(aParcel());

    expect(booked).toEqual({ trackingNumber: '101234000001', courierStatus: 'Shipment - Booked' });
    expect(fake.bookings).toEqual([
      {
        service_type_id: 1,
        pickup_address_id: 3015,
        information_display: 1,
        consignee_city_id: 201,
        consignee_name: 'Sana Malik',
        consignee_address: '12 Main Boulevard, Gulberg',
        consignee_phone_number_1: '03331234567',
        consignee_email_address: 'sana@example.pk',
        order_id: 'APX-24-00017',
        item_product_type_id: 1,
        item_description: '2 x Running Tee, 1 x Training Shorts',
        item_quantity: 3,
        item_insurance: 0,
        pickup_date: '2024-05-02',
        estimated_weight: 0.75,
        shipping_mode_id: 1,
        amount: 3250,
        payment_mode_id: 1,
        charges_mode_id: 4,
        open_shipment: 0,
        pieces_quantity: 1,
      },
    ]);
  });

  it('books a paid order as prepaid with nothing to collect', async () => {
    await trax.book(aParcel({ codAmount: 0 }));
    expect(fake.bookings[0]).toMatchObject({ amount: 0, payment_mode_id: 4 });
  });

  it("refuses in Trax's words what Trax refuses, and books nothing", async () => {
    const refusal = trax.book(aParcel({ consignee: { ...aParcel().consignee, phone: '+92 333 1234567' } }));
    await expect(refusal).rejects.toThrow(CourierRefused);
    await expect(refusal).rejects.toThrow('The consignee phone number 1 format is invalid.');
    await trax.book(aParcel());
    await expect(trax.book(aParcel())).rejects.toThrow('The order id has already been taken.');
    expect(fake.parcels.size).toBe(1);
  });

  it('blames the key when Trax does not know it', async () => {
    const wrong = traxCourier(
      { apiUrl: fake.url, apiKey: 'wrong-key-0000', pickupAddressId: 3015, webhookSecret: 'x'.repeat(24) },
      1_000,
      clock,
    );
    await expect(wrong.track(['101234000001'])).rejects.toMatchObject({ credentials: true });
  });

  it('lists its cities by id', async () => {
    expect(await trax.cities()).toContainEqual({ id: '201', name: 'Lahore' });
  });

  it("tracks a parcel oldest first, with Trax's status, its reason and the shop's word", async () => {
    const tn = (await trax.book(aParcel())).trackingNumber;
    await fake.move(tn, 'Shipment - Rider Picked');
    await fake.move(tn, 'Shipment - Delivery Unsuccessful', 'Address Incomplete');
    await fake.move(tn, 'Return - Delivered to Shipper');

    const [tracking, unknown] = await trax.track([tn, '999']);

    expect(tracking).toEqual({
      trackingNumber: tn,
      found: true,
      events: [
        {
          code: 'Shipment - Booked',
          text: 'Shipment - Booked',
          at: '2024-05-02T08:00:00.000Z',
          ours: 'booked',
        },
        {
          code: 'Shipment - Rider Picked',
          text: 'Shipment - Rider Picked',
          at: '2024-05-02T08:00:00.000Z',
          ours: 'picked-up',
        },
        {
          code: 'Shipment - Delivery Unsuccessful',
          text: 'Shipment - Delivery Unsuccessful',
          reason: 'Address Incomplete',
          at: '2024-05-02T08:00:00.000Z',
          ours: 'attempted',
        },
        {
          code: 'Return - Delivered to Shipper',
          text: 'Return - Delivered to Shipper',
          at: '2024-05-02T08:00:00.000Z',
          ours: 'returned',
        },
      ],
    });
    expect(unknown).toEqual({ trackingNumber: '999', found: false });
  });

  it('reads the statuses as webhooks write them too', () => {
    expect(traxStatusOf('Shipment-Arrived at origin')).toBe('picked-up');
    expect(traxStatusOf('Shipment - Arrived at Origin')).toBe('picked-up');
    expect(traxStatusOf('Shipment-Delivered')).toBe('delivered');
    expect(traxStatusOf('Return-Confirm')).toBe('returning');
    expect(traxStatusOf('Shipment - Lost')).toBe('unknown');
  });

  it('cancels while merely booked and is refused once picked up', async () => {
    const early = (await trax.book(aParcel())).trackingNumber;
    const late = (await trax.book(aParcel({ orderReference: 'APX-24-00018' }))).trackingNumber;
    await fake.move(late, 'Shipment - Rider Picked');

    await trax.cancel(early);
    await expect(trax.cancel(late)).rejects.toThrow('Shipment cannot be cancelled after pickup');
    expect(fake.parcels.get(early)?.history[0]?.status).toBe('Shipment - Cancelled');
  });

  it('reads a payout with its charges, and a parcel not yet paid as unsettled', async () => {
    const tn = (await trax.book(aParcel())).trackingNumber;
    expect(await trax.payout(tn)).toEqual({ trackingNumber: tn, settled: false, payments: [] });

    const id = await fake.pay(tn, { charges: 200 });

    expect(await trax.payout(tn)).toEqual({
      trackingNumber: tn,
      settled: true,
      payments: [{ reference: String(id), at: '2024-05-02T08:00:00.000Z', amount: 3018 }],
      collected: 3250,
      fees: 232,
    });
  });
});

describe("the fake Trax's webhooks", () => {
  let receiver: Server;
  let answers: number[];
  let received: unknown[];

  beforeEach(async () => {
    answers = [];
    received = [];
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    fake.webhookRetryDelayMs = 5;
  });

  afterEach(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('sends a status until it is taken, up to 5 attempts', async () => {
    const tn = (await trax.book(aParcel())).trackingNumber;
    answers.push(500, 503);
    await fake.move(tn, 'Shipment - Delivered');

    expect(received).toHaveLength(3);
    expect(received[2]).toEqual({
      tracking_number: tn,
      status: 'Shipment-Delivered',
      date_time: '02/05/2024 01:00 PM',
    });
    expect(fake.webhookAttempts.map((a) => a.outcome)).toEqual([500, 503, 200]);
  });

  it('blocks the subscription after 5 failures until the merchant turns it on again', async () => {
    const tn = (await trax.book(aParcel())).trackingNumber;
    answers.push(500, 500, 500, 500, 500);
    await fake.move(tn, 'Shipment - Rider Picked');
    await fake.move(tn, 'Shipment - Delivered');

    expect(received).toHaveLength(5);
    expect(fake.webhookBlocked).toBe(true);
    fake.enableWebhook();
    await fake.pay(tn);
    expect(received).toHaveLength(6);
    expect(received[5]).toMatchObject({ tracking_number: tn, status: 'Payment-Processed' });
  });
});
