import { z } from 'zod';

/**
 * Cash on delivery (docs/rules/cash-on-delivery.md): a COD order is confirmed by the shopper or by
 * the shop before it ships, expires unconfirmed at the end of `COD_CONFIRMATION_WINDOW`, and a parcel
 * refused at the door counts against the customer's account and phone; past `COD_REFUSAL_LIMIT` they
 * are offered the other methods only.
 */
export const CONFIRMATION_STATES = ['not-needed', 'awaiting', 'confirmed', 'expired'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** How an order was confirmed: the message's link, the order page, or the shop on the phone. */
export const CONFIRMATION_CHANNELS = ['link', 'order-page', 'phone'] as const;
export const ConfirmationChannel = z.enum(CONFIRMATION_CHANNELS);
export type ConfirmationChannel = z.infer<typeof ConfirmationChannel>;

/** An order's confirmation as every order answer carries it. */
export interface OrderConfirmation {
  state: ConfirmationState;
  /** When it was confirmed or expired; null while awaiting or not needed. */
  at: string | null;
  /** Who confirmed it (the shopper, or the admin who phoned); null otherwise. */
  by: { id: string; name: string } | null;
  channel: ConfirmationChannel | null;
  /** The admin's note on a phone confirmation; null otherwise. */
  note: string | null;
  /** When an awaiting order expires; null when the window is off or nothing awaits. */
  expiresAt: string | null;
}

/** The filter of the admin's orders list over confirmations (`?confirmation=`). */
export const CONFIRMATION_FILTERS = ['awaiting', 'confirmed', 'expired'] as const;
export const ConfirmationFilter = z.enum(CONFIRMATION_FILTERS, {
  error: `confirmation must be one of ${CONFIRMATION_FILTERS.join(', ')}`,
});

/** `POST /api/orders/confirm`: the token from the confirmation message's link. */
export const ConfirmByLinkRequest = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(2_000),
});

export const CONFIRMATION_NOTE_MAX = 500;
/** `POST /api/admin/orders/{id}/confirm`: a confirmation the shop got by phone. */
export const PhoneConfirmationRequest = z.object({
  note: z
    .string()
    .trim()
    .max(CONFIRMATION_NOTE_MAX, `note must be at most ${CONFIRMATION_NOTE_MAX} characters`)
    .default(''),
});

export const LIFT_REASON_MAX = 500;
/** `POST /api/admin/customers/{id}/cod-limit/lift`: cash on delivery offered again, with the reason. */
export const LiftRefusalLimitRequest = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(LIFT_REASON_MAX, `reason must be at most ${LIFT_REASON_MAX} characters`),
});

/** A customer's standing for cash on delivery, as the admin's customer answers carry it. */
export interface CodStanding {
  /** Parcels refused at the door on their account or phone (each counted once). */
  refusals: number;
  /** Whether checkout refuses them cash on delivery now (past the limit, not lifted). */
  blocked: boolean;
}

/** The dashboard's cash-on-delivery figures (`AdminMetrics.cod`); rates over the last 30 days, 0..1. */
export interface CodMetrics {
  refused: number;
  /** Confirmed of the COD orders placed in the last 30 days whose confirmation is settled; null if none. */
  confirmationRate: number | null;
  /** Refused of the COD parcels dispatched in the last 30 days; null if none. */
  refusalRate: number | null;
}

/** `GET /api/orders/cod-standing?phone=`: whether checkout may offer cash on delivery, and why not. */
export interface CodAvailability {
  available: boolean;
  /** Why not, in words for the shopper (naming the other methods); absent when available. */
  reason?: string;
}

/** The query of `GET /api/orders/cod-standing`: the phone of the shipping address being filled in. */
export const CodStandingQuery = z.object({
  phone: z.string().trim().max(40, 'phone must be at most 40 characters').optional(),
});

/** The error code of a COD order refused to a serial refuser (409). */
export const COD_NOT_AVAILABLE = 'COD_NOT_AVAILABLE';
