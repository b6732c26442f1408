import type { CourierCity } from '@shop/contracts';
import { z } from 'zod';
import type { PostExSettings } from '../config/courier-settings';
import {
  type BookedParcel,
  type Courier,
  CourierRefused,
  type CourierStatus,
  type Parcel,
  type ParcelTracking,
  type Payout,
  type PayoutPayment,
} from './courier';
import { callCourier, karachiTime, readAnswer, refused } from './courier-http';
import { postExAttemptReason, postExStatus } from './postex-statuses';

/** PostEx wraps every answer: `statusCode` is a string, and a failure can come inside an HTTP 200. */
const Envelope = z.object({
  statusCode: z.union([z.string(), z.number()]).transform(String),
  statusMessage: z.string().optional().default(''),
  dist: z.unknown().optional(),
});

const money = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const CreatedOrder = z.object({
  trackingNumber: z.union([z.string(), z.number()]).transform(String),
  orderStatus: z.string(),
});

const City = z.object({
  operationalCityName: z.string().min(1),
  isDeliveryCity: z.boolean().optional(),
});

const HistoryEntry = z.object({
  transactionStatusMessage: z.string().default(''),
  transactionStatusMessageCode: z.string(),
  updatedAt: z.string().optional(),
  modifiedDatetime: z.string().optional(),
});

const ParcelRecord = z.object({
  trackingNumber: z.union([z.string(), z.number()]).transform(String),
  invoicePayment: money.optional(),
  transactionFee: money.optional(),
  transactionTax: money.optional(),
  reversalFee: money.optional(),
  reversalTax: money.optional(),
  upfrontPayment: money.optional(),
  reservePayment: money.optional(),
  transactionDate: z.string().optional(),
  transactionStatusHistory: z.array(HistoryEntry).default([]),
});
type ParcelRecord = z.infer<typeof ParcelRecord>;

const BulkEntry = z.object({
  trackingNumber: z.union([z.string(), z.number()]).transform(String),
  message: z.string().optional(),
  trackingResponse: ParcelRecord.optional(),
});

/** Live answers use `cpr1`, the guide `cprNumber_1`: both are read. Keys without a value are absent. */
const PaymentStatus = z.object({
  trackingNumber: z.union([z.string(), z.number()]).transform(String),
  settle: z.boolean(),
  settlementDate: z.string().optional(),
  cpr1: z.string().optional(),
  cprNumber_1: z.string().optional(),
  cpr1Date: z.string().optional(),
  upfrontPaymentDate: z.string().optional(),
  cpr2: z.string().optional(),
  cprNumber_2: z.string().optional(),
  cpr2Date: z.string().optional(),
  reservePaymentDate: z.string().optional(),
});

/** PostEx allows no bulk booking; its bulk tracking has been used with 26 numbers, so 25 a call. */
const TRACK_BATCH = 25;

/**
 * PostEx's merchant API (guide V4.1.9, as the live clients found it): a `token` header, JSON in an
 * envelope whose `statusCode` (a string) says whether it worked, whatever the HTTP status.
 */
export function postExCourier(settings: PostExSettings, timeoutMs: number, clock: () => Date): Courier {
  const call = async (method: string, path: string, what: string, body?: unknown) => {
    const answer = await callCourier('postex', `${settings.apiUrl}${path}`, {
      method,
      headers: { token: settings.token },
      body,
      timeoutMs,
    });
    if (answer.status === 401 || answer.status === 403) {
      throw new CourierRefused(
        'postex',
        `PostEx refused the token (${answer.status}); check POSTEX_TOKEN`,
        true,
      );
    }
    const envelope = Envelope.safeParse(answer.json);
    if (!envelope.success) {
      // A Spring error (a misnamed parameter) has no envelope: it is a mistake of ours, not a refusal to retry.
      const spring = answer.json as { error?: string; message?: string } | undefined;
      if (answer.status >= 400) {
        throw refused(
          'postex',
          what,
          `${answer.status} ${spring?.error ?? ''} ${spring?.message ?? ''}`.trim(),
        );
      }
      return readAnswer('postex', Envelope, answer.json, what);
    }
    if (envelope.data.statusCode !== '200') {
      throw refused('postex', what, `${envelope.data.statusCode} ${envelope.data.statusMessage}`.trim());
    }
    return envelope.data;
  };
  const now = () => clock().toISOString();

  const eventsOf = (record: ParcelRecord): CourierStatus[] =>
    record.transactionStatusHistory.map((entry) => {
      const ours = postExStatus(entry.transactionStatusMessageCode);
      const reason = ours === 'attempted' ? postExAttemptReason(entry.transactionStatusMessage) : undefined;
      return {
        code: entry.transactionStatusMessageCode,
        text: entry.transactionStatusMessage,
        ...(reason ? { reason } : {}),
        at: karachiTime(entry.updatedAt ?? entry.modifiedDatetime, now()),
        ours,
      };
    });

  return {
    id: 'postex',
    name: 'PostEx',
    trackBatchSize: TRACK_BATCH,

    async cities(): Promise<CourierCity[]> {
      const envelope = await call(
        'GET',
        '/v2/get-operational-city?operationalCityType=delivery',
        'the city list',
      );
      const cities = readAnswer('postex', z.array(City), envelope.dist, 'the city list');
      return cities
        .filter((city) => city.isDeliveryCity !== false)
        .map((city) => ({ id: city.operationalCityName, name: city.operationalCityName }));
    },

    async book(parcel: Parcel): Promise<BookedParcel> {
      const envelope = await call('POST', '/v3/create-order', 'the booking', {
        cityName: parcel.consignee.city.name,
        customerName: parcel.consignee.name,
        customerPhone: parcel.consignee.phone,
        deliveryAddress: parcel.consignee.address,
        invoicePayment: parcel.codAmount,
        invoiceDivision: 1,
        items: parcel.items,
        orderRefNumber: parcel.orderReference,
        orderType: 'Normal',
        pickupAddressCode: settings.pickupAddressCode,
        orderDetail: parcel.description,
        ...(parcel.note ? { transactionNotes: parcel.note } : {}),
      });
      const created = readAnswer('postex', CreatedOrder, envelope.dist, 'the booking');
      return { trackingNumber: created.trackingNumber, courierStatus: created.orderStatus };
    },

    async cancel(trackingNumber: string): Promise<void> {
      await call('PUT', '/v1/cancel-order', 'the cancellation', { trackingNumber });
    },

    async track(trackingNumbers: readonly string[]): Promise<ParcelTracking[]> {
      if (trackingNumbers.length > TRACK_BATCH) {
        throw new RangeError(`PostEx tracks at most ${TRACK_BATCH} parcels a call`);
      }
      if (trackingNumbers.length === 0) return [];
      // Capital T: the guide's `trackingNumber` is refused by the live API.
      const query = `TrackingNumbers=${trackingNumbers.map(encodeURIComponent).join(',')}`;
      const envelope = await call('GET', `/v1/track-bulk-order?${query}`, 'tracking');
      const entries = readAnswer('postex', z.array(BulkEntry), envelope.dist, 'tracking');
      const byNumber = new Map(entries.map((entry) => [entry.trackingNumber, entry]));
      return trackingNumbers.map((trackingNumber) => {
        const record = byNumber.get(trackingNumber)?.trackingResponse;
        return record
          ? { trackingNumber, found: true as const, events: eventsOf(record) }
          : { trackingNumber, found: false as const };
      });
    },

    async payout(trackingNumber: string): Promise<Payout> {
      const tn = encodeURIComponent(trackingNumber);
      const status = readAnswer(
        'postex',
        PaymentStatus,
        (await call('GET', `/v1/payment-status/${tn}`, 'the payment status')).dist,
        'the payment status',
      );
      const record = readAnswer(
        'postex',
        ParcelRecord,
        (await call('GET', `/v1/track-order/${tn}`, 'tracking')).dist,
        'tracking',
      );
      const payments: PayoutPayment[] = [];
      const upfront = status.cpr1 ?? status.cprNumber_1;
      if (upfront) {
        payments.push({
          reference: upfront,
          at: karachiTime(status.cpr1Date ?? status.upfrontPaymentDate, now()),
          ...(record.upfrontPayment === undefined ? {} : { amount: record.upfrontPayment }),
        });
      }
      const reserve = status.cpr2 ?? status.cprNumber_2;
      if (reserve) {
        payments.push({
          reference: reserve,
          at: karachiTime(status.cpr2Date ?? status.reservePaymentDate, now()),
          ...(record.reservePayment === undefined ? {} : { amount: record.reservePayment }),
        });
      }
      const feeParts = [record.transactionFee, record.transactionTax, record.reversalFee, record.reversalTax];
      const fees = feeParts.every((part) => part === undefined)
        ? undefined
        : feeParts.reduce<number>((sum, part) => sum + (part ?? 0), 0);
      return {
        trackingNumber,
        settled: status.settle,
        payments,
        ...(record.invoicePayment === undefined ? {} : { collected: record.invoicePayment }),
        ...(fees === undefined ? {} : { fees }),
      };
    },
  };
}
