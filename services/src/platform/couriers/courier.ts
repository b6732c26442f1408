import type { CourierCity, CourierId, ShipmentStatus } from '@shop/contracts';

/** One parcel to book: who gets it, where, and what the rider collects. */
export interface Parcel {
  /** The order's reference, printed on the airway bill; unique per shop, so the courier can find it. */
  orderReference: string;
  consignee: {
    name: string;
    /** A Pakistani mobile, `03001234567`. */
    phone: string;
    email?: string;
    address: string;
    /** The courier's own city (see CityDirectory). */
    city: CourierCity;
  };
  /** Cash the rider collects, whole rupees; 0 for a paid order. */
  codAmount: number;
  pieces: number;
  /** Units in the parcel (lines' quantities summed). */
  items: number;
  weightGrams?: number;
  /** `2 x Running Tee, 1 x Shorts`: what the parcel holds. */
  description: string;
  note?: string;
}

/** One status the courier reported: its own code and words, and the shop's word for it. */
export interface CourierStatus {
  code: string;
  text: string;
  /** Why, for an attempt that failed (`RFD` refused, `Address Incomplete`, …). */
  reason?: string;
  /** When the courier says it happened (ISO time). */
  at: string;
  ours: ShipmentStatus;
}

export interface BookedParcel {
  trackingNumber: string;
  /** The courier's own status of the new booking (PostEx: UnBooked until the load sheet). */
  courierStatus: string;
}

/** What the courier says of one parcel: every status it reports, oldest first. */
export type ParcelTracking =
  | { trackingNumber: string; found: true; events: CourierStatus[] }
  | { trackingNumber: string; found: false };

/** One payout the courier made that covers a parcel. */
export interface PayoutPayment {
  /** The courier's reference of the payment (PostEx's CPR, Trax's payment id). */
  reference: string;
  at: string;
  /** What the courier says it paid for this parcel, when it says (PostEx's CPR covers many). */
  amount?: number;
}

/** Where the cash a parcel collected stands with the courier. */
export interface Payout {
  trackingNumber: string;
  /** The courier says the parcel's cash is paid out in full. */
  settled: boolean;
  payments: PayoutPayment[];
  /** Cash the courier says it collected, when it says. */
  collected?: number;
  /** The courier's fees and their tax for this parcel, when it says. */
  fees?: number;
}

/**
 * The port every courier sits behind: one adapter per courier, each calling the courier with fetch
 * and a timeout and believing only answers its zod schemas accept. Every method throws
 * CourierRefused when the courier said no (trying again cannot help) and CourierUnavailable when
 * there is no usable answer (it may be tried again; for a booking, the outcome is unknown).
 */
export interface Courier {
  readonly id: CourierId;
  readonly name: string;
  /** How many parcels one tracking call may ask about. */
  readonly trackBatchSize: number;
  cities(): Promise<CourierCity[]>;
  book(parcel: Parcel): Promise<BookedParcel>;
  /** Cancels a booking the courier has not picked up yet. */
  cancel(trackingNumber: string): Promise<void>;
  /** At most `trackBatchSize` numbers; answers one entry per number, in the same order. */
  track(trackingNumbers: readonly string[]): Promise<ParcelTracking[]>;
  payout(trackingNumber: string): Promise<Payout>;
}

/** The courier said no: a validation error, an unknown parcel, a bad token. Retrying cannot help. */
export class CourierRefused extends Error {
  override readonly name = 'CourierRefused';
  constructor(
    readonly courier: CourierId,
    message: string,
    /** The courier refused the shop's token or key, not the request: nothing works until it is fixed. */
    readonly credentials = false,
  ) {
    super(message);
  }
}

/**
 * No usable answer: the network, a timeout, a server error, a rate limit or an answer the shop cannot
 * read. A read may be tried again later; a booking's outcome is unknown (it may have been made).
 */
export class CourierUnavailable extends Error {
  override readonly name = 'CourierUnavailable';
  constructor(
    readonly courier: CourierId,
    message: string,
  ) {
    super(message);
  }
}
