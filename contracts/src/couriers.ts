import { z } from 'zod';

/** The couriers the shop has an adapter for. Adding one is an adapter and a name here. */
export const COURIER_IDS = ['postex', 'trax'] as const;
export const CourierId = z.enum(COURIER_IDS, { error: `must be one of ${COURIER_IDS.join(', ')}` });
export type CourierId = z.infer<typeof CourierId>;

/** How the shop shows each courier. */
export const COURIER_NAMES: Readonly<Record<CourierId, string>> = { postex: 'PostEx', trax: 'Trax' };

/**
 * The shop's own word for where a parcel is, whatever the courier calls it. Every courier status is
 * kept with its own code beside this one; a code the shop does not know is `unknown`, never an error.
 */
export const SHIPMENT_STATUSES = [
  'booked',
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'attempted',
  'delivered',
  'returning',
  'returned',
  'cancelled',
  'unknown',
] as const;
export const ShipmentStatus = z.enum(SHIPMENT_STATUSES);
export type ShipmentStatus = z.infer<typeof ShipmentStatus>;

/** A configured courier, as `GET /api/admin/couriers` lists it. */
export const CourierSummary = z.object({
  id: CourierId,
  name: z.string(),
  /** Where the shop calls it (the production address unless configured otherwise). */
  apiUrl: z.string(),
  /** Trax tells the shop of new statuses at its webhook; PostEx is only polled. */
  webhook: z.boolean(),
});
export type CourierSummary = z.infer<typeof CourierSummary>;

export const CouriersAnswer = z.object({ couriers: z.array(CourierSummary) });
export type CouriersAnswer = z.infer<typeof CouriersAnswer>;

/** A city as the courier lists it, and whether it is the one the shop's city name matched. */
export const CourierCity = z.object({ id: z.string(), name: z.string() });
export type CourierCity = z.infer<typeof CourierCity>;

/** `GET /api/admin/couriers/{courier}/cities?city=`: the courier's cities, and the match for `city`. */
export const CourierCitiesAnswer = z.object({
  courier: CourierId,
  cities: z.array(CourierCity),
  /** The courier's city for the asked name; null when the courier does not list it. */
  match: CourierCity.nullable(),
});
export type CourierCitiesAnswer = z.infer<typeof CourierCitiesAnswer>;

export const CourierCitiesQuery = z.object({ city: z.string().trim().min(1).max(100).optional() });

/** A status the courier reported for the parcel, with its own code and the shop's word. */
export interface ShipmentEventView {
  code: string;
  text: string;
  reason?: string;
  status: ShipmentStatus;
  at: string;
}

/**
 * An order's parcel as the admin sees it. `state`: `booking` while the courier is being asked,
 * `unknown` when its answer was lost (check with the courier before asking again), `booked`,
 * `failed` (the courier refused; nothing was booked) or `cancelled`.
 */
export interface ShipmentView {
  courier: CourierId;
  state: 'booking' | 'unknown' | 'booked' | 'failed' | 'cancelled';
  trackingNumber: string | null;
  /** The shop's word for where the parcel is; `booked` until the courier reports more. */
  status: ShipmentStatus | null;
  bookedAt: string | null;
  /** Cash the rider collects, rupees. */
  codAmount: number;
  /** Why the booking failed or its outcome is unknown. */
  problem: string | null;
  events: ShipmentEventView[];
}

/** `POST /api/admin/orders/{id}/shipment`. */
export const BookShipmentInput = z.object({
  courier: CourierId,
  weightGrams: z.number().int().min(1).max(100_000).optional(),
  pieces: z.number().int().min(1).max(10).default(1),
  /** The courier's city, when the admin picked it because the order's city did not match. */
  cityId: z.string().trim().min(1).max(100).optional(),
  /** Ask the courier again after a booking whose outcome is unknown (check with the courier first). */
  again: z.boolean().default(false),
});
export type BookShipmentInput = z.infer<typeof BookShipmentInput>;
