import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakePostEx } from '../../test-support/fake-postex';
import { type Courier, CourierRefused, CourierUnavailable, type Parcel } from './courier';
import { postExCourier } from './postex';

const TOKEN = 'postex-test-token-0123456789';
const clock = () => new Date('2024-05-02T08:00:00.000Z');
let fake: FakePostEx;
let postex: Courier;

const aParcel = (overrides: Partial<Parcel> = {}): Parcel => ({
  orderReference: 'APX-24-00017',
  consignee: {
    name: 'Sana Malik',
    phone: '03331234567',
    address: '12 Main Boulevard, Gulberg',
    city: { id: 'LAHORE', name: 'LAHORE' },
  },
  codAmount: 3250,
  pieces: 1,
  items: 3,
  description: '2 x Running Tee, 1 x Training Shorts',
  ...overrides,
});

beforeEach(async () => {
  fake = await FakePostEx.start({ token: TOKEN, clock });
  postex = postExCourier({ apiUrl: fake.url, token: TOKEN, pickupAddressCode: '001' }, 1_000, clock);
});

afterEach(() => fake.close());

describe('the PostEx adapter', () => {
  it('books a parcel with the fields PostEx needs and answers its tracking number', async () => {
    const booked = await postex.book(aParcel({ note: 'Call before coming' }));

    expect(booked).toEqual({ trackingNumber: expect.stringMatching(/^\d{14}$/), courierStatus: 'UnBooked' });
    expect(fake.bookings).toEqual([
      {
        cityName: 'LAHORE',
        customerName: 'Sana Malik',
        customerPhone: '03331234567',
        deliveryAddress: '12 Main Boulevard, Gulberg',
        invoicePayment: 3250,
        invoiceDivision: 1,
        items: 3,
        orderRefNumber: 'APX-24-00017',
        orderType: 'Normal',
        pickupAddressCode: '001',
        orderDetail: '2 x Running Tee, 1 x Training Shorts',
        transactionNotes: 'Call before coming',
      },
    ]);
  });

  it('asks the rider to collect nothing for a paid order', async () => {
    await postex.book(aParcel({ codAmount: 0 }));
    expect(fake.bookings[0]).toMatchObject({ invoicePayment: 0 });
  });

  it('does not take a failure inside a 200 answer for a booking', async () => {
    const refusal = postex.book(
      aParcel({ consignee: { ...aParcel().consignee, city: { id: 'X', name: 'SKARDU' } } }),
    );
    await expect(refusal).rejects.toThrow(CourierRefused);
    await expect(refusal).rejects.toThrow('PostEx refused the booking: 400 INVALID CITY NAME');
    expect(fake.parcels.size).toBe(0);
  });

  it('refuses with the token to blame when PostEx does not know it', async () => {
    const wrong = postExCourier(
      { apiUrl: fake.url, token: 'not-the-token', pickupAddressCode: '001' },
      1_000,
      clock,
    );
    const refusal = wrong.cities();
    await expect(refusal).rejects.toMatchObject({
      credentials: true,
      message: expect.stringContaining('check POSTEX_TOKEN'),
    });
  });

  it('lists the cities PostEx delivers to', async () => {
    const cities = await postex.cities();
    expect(cities).toContainEqual({ id: 'LAHORE', name: 'LAHORE' });
    expect(cities).toHaveLength(7);
  });

  it("tracks parcels in one call, mapping PostEx's codes to the shop's and keeping its own", async () => {
    const delivered = (await postex.book(aParcel())).trackingNumber;
    const refused = (await postex.book(aParcel({ orderReference: 'APX-24-00018' }))).trackingNumber;
    fake.advance(delivered, '0003');
    fake.advance(delivered, '0005');
    fake.advance(refused, '0013', 'Attempt Made: RFD');
    fake.advance(refused, '0040');
    fake.advance(refused, '0099', 'Something new');

    const [first, second, unknown] = await postex.track([delivered, refused, '99999999999999']);

    expect(first).toEqual({
      trackingNumber: delivered,
      found: true,
      events: [
        { code: '0003', text: 'PostEx WareHouse', at: '2024-05-02T08:00:00.000Z', ours: 'picked-up' },
        { code: '0005', text: 'Delivered', at: '2024-05-02T08:00:00.000Z', ours: 'delivered' },
      ],
    });
    expect(second).toMatchObject({
      found: true,
      events: [
        { code: '0013', ours: 'attempted', reason: 'RFD: refused by the customer' },
        { code: '0040', ours: 'returning' },
        { code: '0099', text: 'Something new', ours: 'unknown' },
      ],
    });
    expect(unknown).toEqual({ trackingNumber: '99999999999999', found: false });
    expect(fake.server.seen.filter((r) => r.path.endsWith('track-bulk-order'))).toHaveLength(1);
  });

  it('cancels a booking before pickup and is refused after it', async () => {
    const early = (await postex.book(aParcel())).trackingNumber;
    const late = (await postex.book(aParcel({ orderReference: 'APX-24-00019' }))).trackingNumber;
    fake.advance(late, '0003');

    await postex.cancel(early);
    await expect(postex.cancel(late)).rejects.toThrow('ORDER CANNOT BE CANCELLED AFTER PICKUP');
    expect(fake.parcels.get(early)?.status).toBe('Un-Assigned By Me');
  });

  it('reads a payout in two parts, with the fees, and an unsettled parcel as unpaid', async () => {
    const tn = (await postex.book(aParcel())).trackingNumber;
    fake.advance(tn, '0005');
    expect(await postex.payout(tn)).toEqual({
      trackingNumber: tn,
      settled: false,
      payments: [],
      collected: 3250,
      fees: 174,
    });

    fake.settle(tn, { cpr: 'CPR-1', upfront: 2000 });
    fake.settle(tn, { cpr: 'CPR-2', reserve: true });

    expect(await postex.payout(tn)).toEqual({
      trackingNumber: tn,
      settled: true,
      payments: [
        { reference: 'CPR-1', at: '2024-05-02T08:00:00.000Z', amount: 2000 },
        { reference: 'CPR-2', at: '2024-05-02T08:00:00.000Z', amount: 1076 },
      ],
      collected: 3250,
      fees: 174,
    });
  });

  it('sees an unknown parcel as refused, though PostEx answered 200', async () => {
    await expect(postex.payout('12345678901234')).rejects.toThrow(
      'PostEx refused the payment status: 404 RECORD NOT FOUND',
    );
  });

  it('gives up on a PostEx that does not answer in time, as unavailable', async () => {
    fake.server.hold();
    await expect(postex.book(aParcel())).rejects.toThrow(CourierUnavailable);
    await expect(postex.book(aParcel())).rejects.toThrow('no answer within 1000 ms');
  });
});
