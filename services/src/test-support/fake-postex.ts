import { type FakeAnswer, FakeHttpServer, type FakeRequest, karachiWallTime, tinyPdf } from './fake-http';

/** Where PostEx's merchant API lives below its host. */
export const POSTEX_BASE_PATH = '/services/integration/api/order';

/** A few of PostEx's ~900 operational cities, named as it names them (upper case). */
export const POSTEX_CITIES = [
  'KARACHI',
  'LAHORE',
  'ISLAMABAD',
  'RAWALPINDI',
  'FAISALABAD',
  'MULTAN',
  'D.I. KHAN',
];

/** PostEx's order statuses that still allow a cancel: the parcel has not been picked up. */
const BEFORE_PICKUP = new Set(['Unbooked', 'Booked']);

/** The statuses (`get-order-status`) the history codes move a parcel to. */
const STATUS_OF_CODE: Readonly<Record<string, string>> = {
  '0002': 'Un-Assigned By Me',
  '0003': 'PostEx WareHouse',
  '0004': 'Out For Delivery',
  '0005': 'Delivered',
  '0006': 'Returned',
  '0013': 'Attempted',
  '0040': 'Out For Return',
};

/** A parcel as the fake holds it: the booking as sent, where it stands, and its payout. */
export interface FakePostExParcel {
  trackingNumber: string;
  booking: Record<string, unknown>;
  status: string;
  history: { transactionStatusMessage: string; transactionStatusMessageCode: string; updatedAt: string }[];
  transactionFee: number;
  transactionTax: number;
  reversalFee?: number;
  reversalTax?: number;
  upfrontPayment?: number;
  reservePayment?: number;
  payment: { settle: boolean; cpr1?: string; cpr1Date?: string; cpr2?: string; cpr2Date?: string };
}

const SPRING_400 = (parameter: string) => ({
  status: 400,
  json: {
    timestamp: new Date().toISOString(),
    status: 400,
    error: 'Bad Request',
    trace: `org.springframework.web.bind.MissingServletRequestParameterException: Required String parameter '${parameter}' is not present`,
    path: '',
  },
});

/** PostEx's envelope: the verdict is the string `statusCode`, the HTTP status is 200 all the same. */
const envelope = (statusCode: string, statusMessage: string, dist?: unknown): FakeAnswer => ({
  status: 200,
  json: { statusCode, statusMessage, ...(dist === undefined ? {} : { dist }) },
});

/**
 * A local PostEx that behaves as its merchant API is documented and found live: the `token` header
 * (401 `TOKEN IS INVALID`), failures inside HTTP 200 answers (an unknown number is statusCode `404`
 * `RECORD NOT FOUND`, a booking PostEx rejects is statusCode `400` with Spring's field message), raw
 * Spring 400s for misnamed query parameters (the guide's `trackingNumber` for `TrackingNumbers`),
 * bookings that start `Unbooked` until the load sheet, cancels only before pickup, at most 10 airway
 * bills a call, and a payment status that leaves out every key without a value. Tests (or a demo)
 * move parcels along with `advance` and pay them out with `settle`.
 */
export class FakePostEx {
  readonly parcels = new Map<string, FakePostExParcel>();
  /** Fee PostEx charges per delivered parcel, and its 16 % tax. */
  fee = 150;
  #next = 26704560000656;

  private constructor(
    readonly server: FakeHttpServer,
    readonly token: string,
    readonly pickupAddressCodes: string[],
    private readonly clock: () => Date,
  ) {}

  static async start(options: {
    token: string;
    pickupAddressCodes?: readonly string[];
    clock?: () => Date;
    port?: number;
  }): Promise<FakePostEx> {
    let fake: FakePostEx | undefined;
    const server = await FakeHttpServer.start((request) => fake!.handle(request), options.port);
    fake = new FakePostEx(
      server,
      options.token,
      [...(options.pickupAddressCodes ?? ['001'])],
      options.clock ?? (() => new Date()),
    );
    return fake;
  }

  /** What POSTEX_API_URL is set to. */
  get url(): string {
    return `${this.server.origin}${POSTEX_BASE_PATH}`;
  }

  /** The bookings PostEx accepted, as sent. */
  get bookings(): Record<string, unknown>[] {
    return [...this.parcels.values()].map((parcel) => parcel.booking);
  }

  /** Moves a parcel on with a history code (`0005`, `0013` with `Attempt Made: RFD`, `0040`, `0006`). */
  advance(trackingNumber: string, code: string, message = STATUS_OF_CODE[code] ?? `Status ${code}`): void {
    const parcel = this.#parcel(trackingNumber);
    parcel.status = STATUS_OF_CODE[code] ?? parcel.status;
    parcel.history.push({
      transactionStatusMessage: message,
      transactionStatusMessageCode: code,
      updatedAt: karachiWallTime(this.clock()),
    });
    if (code === '0006') {
      parcel.reversalFee = this.fee;
      parcel.reversalTax = Math.round(this.fee * 0.16);
    }
  }

  /**
   * Pays a delivered parcel out: by default all of it (COD less fee and tax) in one CPR; with
   * `upfront`, that much in CPR1 and the rest later with `settle(tn, {reserve: true})`.
   */
  settle(
    trackingNumber: string,
    options: { cpr?: string; upfront?: number; reserve?: boolean; amount?: number } = {},
  ): void {
    const parcel = this.#parcel(trackingNumber);
    const payable = Number(parcel.booking.invoicePayment) - parcel.transactionFee - parcel.transactionTax;
    const at = karachiWallTime(this.clock());
    if (options.reserve) {
      parcel.reservePayment = payable - (parcel.upfrontPayment ?? 0);
      parcel.payment = {
        ...parcel.payment,
        settle: true,
        cpr2: options.cpr ?? `CPR-${this.#next++}`,
        cpr2Date: at,
      };
      return;
    }
    const upfront = options.upfront ?? options.amount ?? payable;
    parcel.upfrontPayment = upfront;
    parcel.payment = {
      ...parcel.payment,
      settle: options.upfront === undefined,
      cpr1: options.cpr ?? `CPR-${this.#next++}`,
      cpr1Date: at,
    };
  }

  close(): Promise<void> {
    return this.server.close();
  }

  #parcel(trackingNumber: string): FakePostExParcel {
    const parcel = this.parcels.get(trackingNumber);
    if (!parcel) throw new Error(`The fake PostEx has no parcel ${trackingNumber}`);
    return parcel;
  }

  #record(parcel: FakePostExParcel) {
    return {
      ...parcel.booking,
      trackingNumber: parcel.trackingNumber,
      transactionStatus: parcel.status,
      transactionFee: parcel.transactionFee,
      transactionTax: parcel.transactionTax,
      ...(parcel.reversalFee === undefined
        ? {}
        : { reversalFee: parcel.reversalFee, reversalTax: parcel.reversalTax }),
      ...(parcel.upfrontPayment === undefined ? {} : { upfrontPayment: parcel.upfrontPayment }),
      ...(parcel.reservePayment === undefined ? {} : { reservePayment: parcel.reservePayment }),
      transactionDate: parcel.history[0]?.updatedAt,
      transactionStatusHistory: parcel.history,
    };
  }

  handle(request: FakeRequest): FakeAnswer {
    if (!request.path.startsWith(POSTEX_BASE_PATH)) return { status: 404, json: { error: 'Not Found' } };
    if (request.headers.token !== this.token) {
      return { status: 401, json: { statusCode: '401', statusMessage: 'TOKEN IS INVALID' } };
    }
    const path = request.path.slice(POSTEX_BASE_PATH.length);
    const route = `${request.method} ${path}`;
    if (route === 'GET /v2/get-operational-city') {
      const type = request.query.get('operationalCityType');
      if (type !== null && type !== 'pickup' && type !== 'delivery') {
        return envelope('400', 'INVALID OPERATIONAL CITY TYPE');
      }
      return envelope(
        '200',
        'SUCCESSFULLY OPERATED',
        POSTEX_CITIES.map((name) => ({
          operationalCityName: name,
          countryName: 'Pakistan',
          isPickupCity: true,
          isDeliveryCity: true,
        })),
      );
    }
    if (route === 'POST /v3/create-order') return this.#create(request.body);
    if (route === 'GET /v1/track-bulk-order') {
      const numbers = request.query.get('TrackingNumbers');
      if (numbers === null) return SPRING_400('TrackingNumbers');
      return envelope(
        '200',
        'SUCCESSFULLY OPERATED',
        numbers.split(',').map((trackingNumber) => {
          const parcel = this.parcels.get(trackingNumber);
          return parcel
            ? { trackingNumber, message: 'SUCCESSFULLY OPERATED', trackingResponse: this.#record(parcel) }
            : { trackingNumber, message: 'ORDER NOT FOUND' };
        }),
      );
    }
    const track = path.match(/^\/v1\/track-order\/([^/]+)$/);
    if (request.method === 'GET' && track) {
      const parcel = this.parcels.get(decodeURIComponent(track[1]!));
      return parcel
        ? envelope('200', 'SUCCESSFULLY OPERATED', this.#record(parcel))
        : envelope('404', 'RECORD NOT FOUND');
    }
    const payment = path.match(/^\/v1\/payment-status\/([^/]+)$/);
    if (request.method === 'GET' && payment) {
      const parcel = this.parcels.get(decodeURIComponent(payment[1]!));
      if (!parcel) return envelope('404', 'RECORD NOT FOUND');
      const { settle, ...cprs } = parcel.payment;
      // Only keys with a value are present.
      const present = Object.fromEntries(Object.entries(cprs).filter(([, value]) => value !== undefined));
      return envelope('200', 'SUCCESSFULLY OPERATED', {
        orderRefNumber: parcel.booking.orderRefNumber,
        trackingNumber: parcel.trackingNumber,
        settle,
        ...present,
      });
    }
    if (route === 'PUT /v1/cancel-order') {
      const trackingNumber = String(
        (request.body as { trackingNumber?: unknown } | undefined)?.trackingNumber ?? '',
      );
      const parcel = this.parcels.get(trackingNumber);
      if (!parcel) return envelope('404', 'RECORD NOT FOUND');
      if (!BEFORE_PICKUP.has(parcel.status)) return envelope('400', 'ORDER CANNOT BE CANCELLED AFTER PICKUP');
      this.advance(trackingNumber, '0002', 'Cancelled by merchant');
      return envelope('200', 'ORDER CANCELLED SUCCESSFULLY');
    }
    if (route === 'GET /v1/get-invoice') {
      const numbers = request.query.get('trackingNumbers');
      if (numbers === null) return SPRING_400('trackingNumbers');
      const list = numbers.split(',');
      if (list.length > 10) return envelope('400', 'MAXIMUM 10 TRACKING NUMBERS ALLOWED');
      const unknown = list.find((tn) => !this.parcels.has(tn));
      if (unknown)
        return { status: 404, json: { statusCode: '404', statusMessage: `INVOICE NOT FOUND ${unknown}` } };
      return {
        status: 200,
        bytes: tinyPdf(`PostEx airway bills ${list.join(' ')}`),
        contentType: 'application/pdf',
      };
    }
    if (route === 'POST /v2/generate-load-sheet') {
      const numbers = (request.body as { trackingNumbers?: unknown } | undefined)?.trackingNumbers;
      if (!Array.isArray(numbers) || numbers.length === 0)
        return envelope('400', 'TRACKING NUMBERS REQUIRED');
      for (const tn of numbers) {
        const parcel = this.parcels.get(String(tn));
        if (parcel?.status === 'Unbooked') parcel.status = 'Booked';
      }
      return {
        status: 200,
        bytes: tinyPdf(`PostEx load sheet ${numbers.join(' ')}`),
        contentType: 'application/pdf',
      };
    }
    return SPRING_400('path');
  }

  #create(body: unknown): FakeAnswer {
    const order = (body ?? {}) as Record<string, unknown>;
    const required = [
      'cityName',
      'customerName',
      'customerPhone',
      'deliveryAddress',
      'invoicePayment',
      'items',
      'orderRefNumber',
      'orderType',
      'pickupAddressCode',
    ];
    const missing = required.find(
      (field) => order[field] === undefined || order[field] === null || order[field] === '',
    );
    if (missing) {
      return envelope(
        '400',
        `Validation failed for argument [0]: Field error in object 'orderDTO' on field '${missing}': rejected value [null]; default message [must not be null]`,
      );
    }
    if (!POSTEX_CITIES.includes(String(order.cityName).toUpperCase()))
      return envelope('400', 'INVALID CITY NAME');
    if (!this.pickupAddressCodes.includes(String(order.pickupAddressCode)))
      return envelope('400', 'INVALID PICKUP ADDRESS CODE');
    if (typeof order.invoicePayment !== 'number' || order.invoicePayment < 0)
      return envelope('400', 'INVALID INVOICE PAYMENT');
    const trackingNumber = String(this.#next++);
    this.parcels.set(trackingNumber, {
      trackingNumber,
      booking: order,
      status: 'Unbooked',
      history: [],
      transactionFee: this.fee,
      transactionTax: Math.round(this.fee * 0.16),
      payment: { settle: false },
    });
    return envelope('200', 'ORDER HAS BEEN CREATED', {
      trackingNumber,
      orderStatus: 'UnBooked',
      orderDate: karachiWallTime(this.clock()),
    });
  }
}
