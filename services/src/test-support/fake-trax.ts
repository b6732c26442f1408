import { type FakeAnswer, FakeHttpServer, type FakeRequest, tinyPdf } from './fake-http';

/** Trax's cities as its `/api/cities` lists them, with integer ids. */
export const TRAX_CITIES = [
  { id: 202, name: 'Karachi' },
  { id: 201, name: 'Lahore' },
  { id: 203, name: 'Islamabad' },
  { id: 204, name: 'Rawalpindi' },
  { id: 205, name: 'Faisalabad' },
  { id: 206, name: 'Peshawar' },
];

/** A parcel as the fake holds it: the booking as sent, its history (newest first) and its payments. */
export interface FakeTraxParcel {
  trackingNumber: string;
  booking: Record<string, unknown>;
  history: { date_time: string; timestamp: number; status: string; status_reason: string | null }[];
  payments: {
    id: number;
    datetime: string;
    type: string;
    amount: number;
    charges: number;
    gst: number;
    payable: number;
  }[];
}

/** One webhook delivery as the fake tried it. */
export interface WebhookAttempt {
  body: Record<string, unknown>;
  attempt: number;
  outcome: number | 'timeout' | 'error';
}

const ok = (json: Record<string, unknown>): FakeAnswer => ({ status: 200, json: { status: 0, ...json } });
const no = (message: unknown, status = 200): FakeAnswer => ({ status, json: { status: 1, message } });

/** `05/04/2022 12:44 PM` in Karachi time, as Trax writes it. */
function traxDateTime(at: Date): string {
  const k = new Date(at.getTime() + 5 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = k.getUTCHours() % 12 || 12;
  const half = k.getUTCHours() < 12 ? 'AM' : 'PM';
  return `${pad(k.getUTCDate())}/${pad(k.getUTCMonth() + 1)}/${k.getUTCFullYear()} ${pad(hours)}:${pad(k.getUTCMinutes())} ${half}`;
}

/**
 * A local Trax (Sonic) API as its document (version 2) describes it: the `Authorization` header
 * holding the API key, `status: 0` for success, the booking's tracking number under the key
 * `"tracking number"` (with a space), booking fields checked as documented, tracking newest first,
 * cancels only while merely booked, payments per parcel. Its webhook sender behaves as Trax's: up to
 * 5 attempts, each given 3 seconds, and the subscription blocked after 5 failures until turned on again.
 */
export class FakeTrax {
  readonly parcels = new Map<string, FakeTraxParcel>();
  readonly webhookAttempts: WebhookAttempt[] = [];
  /** The URL Trax's portal is told to call; undefined: webhooks off. */
  webhookUrl: string | undefined;
  webhookBlocked = false;
  /** Seconds each webhook attempt may take, and the pause between attempts (shortened by tests). */
  webhookTimeoutMs = 3_000;
  webhookRetryDelayMs = 1_000;
  #failures = 0;
  #next = 101_234_000_001;
  #payment = 9001;

  private constructor(
    readonly server: FakeHttpServer,
    readonly apiKey: string,
    readonly pickupAddressIds: readonly number[],
    private readonly clock: () => Date,
  ) {}

  static async start(options: {
    apiKey: string;
    pickupAddressIds?: readonly number[];
    clock?: () => Date;
    port?: number;
  }): Promise<FakeTrax> {
    let fake: FakeTrax | undefined;
    const server = await FakeHttpServer.start((request) => fake!.handle(request), options.port);
    fake = new FakeTrax(
      server,
      options.apiKey,
      options.pickupAddressIds ?? [3015],
      options.clock ?? (() => new Date()),
    );
    return fake;
  }

  /** What TRAX_API_URL is set to. */
  get url(): string {
    return this.server.origin;
  }

  get bookings(): Record<string, unknown>[] {
    return [...this.parcels.values()].map((parcel) => parcel.booking);
  }

  /**
   * A new status for a parcel (`Shipment - Rider Picked`, `Shipment - Delivered`,
   * `Return - Delivered to Shipper`), then its webhook, when one is set, sent as Trax sends it.
   */
  async move(trackingNumber: string, status: string, reason: string | null = null): Promise<void> {
    const parcel = this.#parcel(trackingNumber);
    const at = this.clock();
    parcel.history.unshift({
      date_time: traxDateTime(at),
      timestamp: Math.floor(at.getTime() / 1000),
      status,
      status_reason: reason,
    });
    await this.sendWebhook({
      tracking_number: trackingNumber,
      status: status.replace(/\s*-\s*/, '-'),
      date_time: traxDateTime(at),
    });
  }

  /** Pays a delivered parcel out (its COD less charges and 16 % GST) and sends the payment webhook. */
  async pay(trackingNumber: string, options: { charges?: number; payable?: number } = {}): Promise<number> {
    const parcel = this.#parcel(trackingNumber);
    const amount = Number(parcel.booking.amount);
    const charges = options.charges ?? 180;
    const gst = Math.round(charges * 0.16);
    const id = this.#payment++;
    const at = traxDateTime(this.clock());
    parcel.payments.push({
      id,
      datetime: at,
      type: 'Delivered',
      amount,
      charges,
      gst,
      payable: options.payable ?? amount - charges - gst,
    });
    await this.sendWebhook({
      tracking_number: trackingNumber,
      status: 'Payment-Processed',
      date_time: at,
      payment_id: id,
    });
    return id;
  }

  /** Turns a blocked subscription on again, as the merchant does in the portal. */
  enableWebhook(): void {
    this.webhookBlocked = false;
    this.#failures = 0;
  }

  /** Sends one webhook: up to 5 attempts; 5 failures in a row block the subscription. */
  async sendWebhook(body: Record<string, unknown>): Promise<boolean> {
    if (!this.webhookUrl || this.webhookBlocked) return false;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      let outcome: WebhookAttempt['outcome'];
      try {
        const response = await fetch(this.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.webhookTimeoutMs),
        });
        await response.body?.cancel();
        outcome = response.status;
      } catch (error) {
        outcome = (error as Error).name === 'TimeoutError' ? 'timeout' : 'error';
      }
      this.webhookAttempts.push({ body, attempt, outcome });
      if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) {
        this.#failures = 0;
        return true;
      }
      this.#failures += 1;
      if (this.#failures >= 5) {
        this.webhookBlocked = true;
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, this.webhookRetryDelayMs));
    }
    return false;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  #parcel(trackingNumber: string): FakeTraxParcel {
    const parcel = this.parcels.get(trackingNumber);
    if (!parcel) throw new Error(`The fake Trax has no parcel ${trackingNumber}`);
    return parcel;
  }

  handle(request: FakeRequest): FakeAnswer {
    if (request.headers.authorization !== this.apiKey) return no('Unauthorized', 401);
    const route = `${request.method} ${request.path}`;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (route === 'GET /api/cities') {
      return ok({
        cities: TRAX_CITIES.map((city) => ({
          ...city,
          hub: { id: city.id, name: city.name },
          zone: { id: 1, name: 'Zone A' },
          pickup: true,
          delivery: { Regular: ['Rush', 'Saver Plus'], Replacement: ['Rush'] },
        })),
      });
    }
    if (route === 'POST /api/shipment/book') return this.#book(body);
    if (route === 'GET /api/shipment/track') {
      const parcel = this.parcels.get(request.query.get('tracking_number') ?? '');
      if (!parcel) return no('Invalid tracking number');
      return ok({
        details: {
          tracking_number: parcel.trackingNumber,
          order_id: parcel.booking.order_id,
          consignee: { name: parcel.booking.consignee_name },
          order_information: {
            items: parcel.booking.item_quantity,
            weight: parcel.booking.estimated_weight,
            amount: parcel.booking.amount,
          },
          tracking_history: parcel.history,
        },
      });
    }
    if (route === 'POST /api/shipment/cancel') {
      const parcel = this.parcels.get(String(body.tracking_number ?? ''));
      if (!parcel) return no('Invalid tracking number');
      if (parcel.history[0]?.status !== 'Shipment - Booked')
        return no('Shipment cannot be cancelled after pickup');
      parcel.history.unshift({
        date_time: traxDateTime(this.clock()),
        timestamp: Math.floor(this.clock().getTime() / 1000),
        status: 'Shipment - Cancelled',
        status_reason: null,
      });
      return ok({ message: `Shipment #${parcel.trackingNumber} is Cancelled` });
    }
    if (route === 'GET /api/shipment/payments') {
      const parcel = this.parcels.get(request.query.get('tracking_number') ?? '');
      if (!parcel) return no('Invalid tracking number');
      return ok({
        current_payment_status: parcel.payments.length > 0 ? 'Payment - Processed' : 'Payment - Pending',
        payments: parcel.payments,
      });
    }
    if (route === 'GET /api/shipment/air_waybill') {
      const tn = request.query.get('tracking_number') ?? '';
      if (!this.parcels.has(tn)) return no('Invalid tracking number');
      return { status: 200, bytes: tinyPdf(`Trax airway bill ${tn}`), contentType: 'application/pdf' };
    }
    return no(`Unsupported ${route}`, 404);
  }

  #book(body: Record<string, unknown>): FakeAnswer {
    const errors: Record<string, string[]> = {};
    const need = (field: string, check: (value: unknown) => boolean, message: string) => {
      if (!check(body[field])) errors[field] = [message];
    };
    const int = (value: unknown) => Number.isInteger(value);
    const text = (max: number) => (value: unknown) =>
      typeof value === 'string' && value.trim() !== '' && value.length <= max;
    need('service_type_id', (v) => [1, 2, 3].includes(v as number), 'The service type id is invalid.');
    need(
      'pickup_address_id',
      (v) => this.pickupAddressIds.includes(v as number),
      'The selected pickup address id is invalid.',
    );
    need('information_display', (v) => v === 0 || v === 1, 'The information display field is required.');
    need(
      'consignee_city_id',
      (v) => TRAX_CITIES.some((city) => city.id === v),
      'The selected consignee city id is invalid.',
    );
    need('consignee_name', text(100), 'The consignee name may not be greater than 100 characters.');
    need('consignee_address', text(190), 'The consignee address may not be greater than 190 characters.');
    need(
      'consignee_phone_number_1',
      (v) => typeof v === 'string' && /^03\d{9}$/.test(v),
      'The consignee phone number 1 format is invalid.',
    );
    need(
      'consignee_email_address',
      (v) => typeof v === 'string',
      'The consignee email address field is required.',
    );
    need(
      'item_product_type_id',
      (v) => int(v) && (v as number) >= 1 && (v as number) <= 24,
      'The item product type id is invalid.',
    );
    need('item_description', text(190), 'The item description field is required.');
    need('item_quantity', (v) => int(v) && (v as number) >= 1, 'The item quantity must be at least 1.');
    need('item_insurance', (v) => v === 0 || v === 1, 'The item insurance field is required.');
    need(
      'pickup_date',
      (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
      'The pickup date does not match the format Y-m-d.',
    );
    need('estimated_weight', (v) => typeof v === 'number' && v > 0, 'The estimated weight must be a number.');
    need('shipping_mode_id', (v) => [1, 2, 3, 4].includes(v as number), 'The shipping mode id is invalid.');
    need('amount', (v) => int(v) && (v as number) >= 0, 'The amount must be an integer.');
    need('payment_mode_id', (v) => [1, 2, 4].includes(v as number), 'The payment mode id is invalid.');
    need('charges_mode_id', (v) => v === 3 || v === 4, 'The charges mode id is invalid.');
    need(
      'pieces_quantity',
      (v) => int(v) && (v as number) >= 1 && (v as number) <= 10,
      'The pieces quantity must be between 1 and 10.',
    );
    if (Object.keys(errors).length > 0) return no(errors, 422);
    if (
      typeof body.order_id === 'string' &&
      [...this.parcels.values()].some((p) => p.booking.order_id === body.order_id)
    ) {
      return no({ order_id: ['The order id has already been taken.'] }, 422);
    }
    const trackingNumber = String(this.#next++);
    const at = this.clock();
    this.parcels.set(trackingNumber, {
      trackingNumber,
      booking: body,
      history: [
        {
          date_time: traxDateTime(at),
          timestamp: Math.floor(at.getTime() / 1000),
          status: 'Shipment - Booked',
          status_reason: null,
        },
      ],
      payments: [],
    });
    return ok({ message: 'Shipment has been Booked!', 'tracking number': trackingNumber });
  }
}
