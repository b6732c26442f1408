import { z } from 'zod';
import { CourierCity, CourierId } from '../couriers';
import { at, id, minor } from './fields';

/**
 * The shop is about to ask a courier to book the order's parcel: recorded before the call, so a crash
 * during it leaves a booking whose outcome is unknown, never a silent second one.
 */
export const ShipmentBookingStarted = z.object({
  orderId: id,
  attemptId: id,
  courier: CourierId,
  /** Cash the rider is to collect (what the order still owes), paisa. */
  codAmount: minor,
  city: CourierCity,
  pieces: z.number().int().min(1),
  weightGrams: z.number().int().positive().optional(),
  /** The admin asked again after an outcome that was not known. */
  again: z.boolean(),
  by: id,
  at,
});
/** The courier booked it. */
export const ShipmentBooked = z.object({
  orderId: id,
  attemptId: id,
  courier: CourierId,
  trackingNumber: z.string().min(1),
  /** The courier's own status of the new booking (PostEx: `UnBooked`). */
  courierStatus: z.string(),
  at,
});
/** The courier refused the booking; nothing was booked. */
export const ShipmentBookingFailed = z.object({
  orderId: id,
  attemptId: id,
  courier: CourierId,
  reason: z.string(),
  at,
});
/** No answer came (a timeout, the network): the courier may or may not have booked it. */
export const ShipmentBookingOutcomeUnknown = z.object({
  orderId: id,
  attemptId: id,
  courier: CourierId,
  reason: z.string(),
  at,
});
/** The courier cancelled the booking before pickup, at the admin's request. */
export const ShipmentCancelled = z.object({
  orderId: id,
  courier: CourierId,
  trackingNumber: z.string().min(1),
  by: id,
  at,
});
