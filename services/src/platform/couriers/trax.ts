import type { CourierCity } from '@shop/contracts';
import { z } from 'zod';
import type { TraxSettings } from '../config/courier-settings';
import type { BookedParcel, Courier, CourierStatus, Parcel, ParcelTracking, Payout } from './courier';
import { CourierRefused } from './courier';
import { callCourier, karachiTime, readAnswer, refused } from './courier-http';
import { traxStatus } from './trax-statuses';

/** Trax answers `status: 0` for success, anything else with a `message` for a refusal. */
const Verdict = z.object({
  status: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]),
  message: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
});

const City = z.object({ id: z.number().int(), name: z.string().min(1), delivery: z.unknown().optional() });

/** The document shows `"tracking number"` with a space; clients read `tracking_number`. Both are read. */
const Booked = z
  .object({
    'tracking number': z.union([z.string(), z.number()]).optional(),
    tracking_number: z.union([z.string(), z.number()]).optional(),
  })
  .transform((answer, ctx) => {
    const number = answer['tracking number'] ?? answer.tracking_number;
    if (number === undefined || String(number).trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'no tracking number' });
      return z.NEVER;
    }
    return String(number);
  });

const HistoryEntry = z.object({
  status: z.string().min(1),
  status_reason: z.string().nullish(),
  date_time: z.string().optional(),
  /** Seconds since 1970, when given. */
  timestamp: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
});

const Tracked = z.object({
  details: z.object({
    tracking_number: z.union([z.string(), z.number()]).transform(String),
    order_information: z.object({ amount: z.number().optional() }).partial().optional(),
    tracking_history: z.array(HistoryEntry).default([]),
  }),
});

const Payments = z.object({
  current_payment_status: z.string().nullish(),
  payments: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        datetime: z.string().optional(),
        type: z.string().optional(),
        amount: z.number().optional(),
        charges: z.number().optional(),
        gst: z.number().optional(),
        payable: z.number().optional(),
      }),
    )
    .default([]),
});

/** Trax's `dd/mm/yyyy hh:mm AM` (Karachi time) as ISO; undefined when it is not that. */
function traxDateTime(text: string | undefined): string | undefined {
  const match = text?.match(/^(\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{2}) ?([AP]M)$/i);
  if (!match) return undefined;
  const [, day, month, year, hour, minute, half] = match;
  const hours = (Number(hour) % 12) + (half!.toUpperCase() === 'PM' ? 12 : 0);
  return karachiTime(`${year}-${month}-${day}T${String(hours).padStart(2, '0')}:${minute}:00`, '');
}

/**
 * Trax's (Sonic's) API, version 2 of its document: an `Authorization` header holding the API key,
 * `status: 0` in the body for success. Fees are reimbursed from the COD (charges mode 4), the parcel
 * is apparel (product type 1) sent Rush (shipping mode 1), as a regular (service type 1) parcel.
 */
export function traxCourier(settings: TraxSettings, timeoutMs: number, clock: () => Date): Courier {
  const call = async (method: string, path: string, what: string, body?: unknown) => {
    const answer = await callCourier('trax', `${settings.apiUrl}/api${path}`, {
      method,
      headers: { authorization: settings.apiKey },
      body,
      timeoutMs,
    });
    if (answer.status === 401 || answer.status === 403) {
      throw new CourierRefused(
        'trax',
        `Trax refused the API key (${answer.status}); check TRAX_API_KEY`,
        true,
      );
    }
    const verdict = Verdict.safeParse(answer.json);
    if (verdict.success && verdict.data.status !== 0) {
      const message = verdict.data.message;
      throw refused('trax', what, typeof message === 'string' ? message : JSON.stringify(message ?? {}));
    }
    if (answer.status >= 400) throw refused('trax', what, `HTTP ${answer.status}`);
    readAnswer('trax', Verdict, answer.json, what);
    return answer.json;
  };

  const statusOf = (entry: z.infer<typeof HistoryEntry>): CourierStatus => {
    const at =
      entry.timestamp !== undefined
        ? new Date(entry.timestamp * 1000).toISOString()
        : (traxDateTime(entry.date_time) ?? clock().toISOString());
    return {
      code: entry.status,
      text: entry.status,
      ...(entry.status_reason ? { reason: entry.status_reason } : {}),
      at,
      ours: traxStatus(entry.status),
    };
  };

  return {
    id: 'trax',
    name: 'Trax',
    // Trax tracks one parcel a call.
    trackBatchSize: 1,

    async cities(): Promise<CourierCity[]> {
      const answer = await call('GET', '/cities', 'the city list');
      const { cities } = readAnswer('trax', z.object({ cities: z.array(City) }), answer, 'the city list');
      return cities
        .filter((city) => city.delivery !== false)
        .map((city) => ({ id: String(city.id), name: city.name }));
    },

    async book(parcel: Parcel): Promise<BookedParcel> {
      const cityId = Number(parcel.consignee.city.id);
      if (!Number.isInteger(cityId))
        throw refused('trax', 'the booking', `no such Trax city ${parcel.consignee.city.name}`);
      const answer = await call('POST', '/shipment/book', 'the booking', {
        service_type_id: 1,
        pickup_address_id: settings.pickupAddressId,
        information_display: 1,
        consignee_city_id: cityId,
        consignee_name: parcel.consignee.name.slice(0, 100),
        consignee_address: parcel.consignee.address.slice(0, 190),
        consignee_phone_number_1: parcel.consignee.phone,
        // Mandatory in the document, yet a guest may have given none: the key is sent empty then.
        consignee_email_address: parcel.consignee.email ?? '',
        order_id: parcel.orderReference,
        item_product_type_id: 1,
        item_description: parcel.description.slice(0, 190),
        item_quantity: parcel.items,
        item_insurance: 0,
        pickup_date: clock().toISOString().slice(0, 10),
        ...(parcel.note ? { special_instructions: parcel.note.slice(0, 190) } : {}),
        estimated_weight: (parcel.weightGrams ?? 500) / 1000,
        shipping_mode_id: 1,
        amount: Math.round(parcel.codAmount),
        payment_mode_id: parcel.codAmount > 0 ? 1 : 4,
        charges_mode_id: 4,
        open_shipment: 0,
        pieces_quantity: parcel.pieces,
      });
      const trackingNumber = readAnswer('trax', Booked, answer, 'the booking');
      return { trackingNumber, courierStatus: 'Shipment - Booked' };
    },

    async cancel(trackingNumber: string): Promise<void> {
      await call('POST', '/shipment/cancel', 'the cancellation', { tracking_number: trackingNumber });
    },

    async track(trackingNumbers: readonly string[]): Promise<ParcelTracking[]> {
      const answers: ParcelTracking[] = [];
      for (const trackingNumber of trackingNumbers) {
        const query = `tracking_number=${encodeURIComponent(trackingNumber)}&type=0`;
        try {
          const answer = await call('GET', `/shipment/track?${query}`, 'tracking');
          const { details } = readAnswer('trax', Tracked, answer, 'tracking');
          // Trax lists the newest first; the shop keeps them oldest first.
          answers.push({
            trackingNumber,
            found: true,
            events: details.tracking_history.map(statusOf).reverse(),
          });
        } catch (error) {
          if (!(error instanceof CourierRefused) || error.credentials) throw error;
          answers.push({ trackingNumber, found: false });
        }
      }
      return answers;
    },

    async payout(trackingNumber: string): Promise<Payout> {
      const query = `tracking_number=${encodeURIComponent(trackingNumber)}`;
      const answer = await call('GET', `/shipment/payments?${query}`, 'the payment status');
      const payments = readAnswer('trax', Payments, answer, 'the payment status');
      const paid = payments.payments.filter((p) => p.payable !== undefined || p.amount !== undefined);
      const fees = paid.reduce((sum, p) => sum + (p.charges ?? 0) + (p.gst ?? 0), 0);
      const collected = paid.reduce((sum, p) => sum + (p.amount ?? 0), 0);
      return {
        trackingNumber,
        settled: /processed/i.test(payments.current_payment_status ?? ''),
        payments: paid.map((p) => ({
          reference: p.id,
          at: karachiTime(p.datetime, clock().toISOString()),
          ...(p.payable === undefined ? {} : { amount: p.payable }),
        })),
        ...(paid.length > 0 ? { collected, fees } : {}),
      };
    },
  };
}
