import type { ShipmentStatus } from '@shop/contracts';

/**
 * PostEx's status history codes and what they mean to the shop. The live clients and PostEx's guest
 * endpoint disagree on some codes, so both sets are here; a code not listed is kept as `unknown`.
 */
export const POSTEX_CODES: Readonly<Record<string, ShipmentStatus>> = {
  '0001': 'picked-up', // At PostEx warehouse
  '0002': 'cancelled', // Cancelled by the merchant
  '0003': 'picked-up', // Received at warehouse
  '0004': 'out-for-delivery', // En route for delivery
  '0005': 'delivered',
  '0006': 'returned', // Returned to the merchant's warehouse
  '0008': 'in-transit', // Delivery under review
  '0013': 'attempted', // Attempt made; the message carries RFD, CNA, ICA or OPN
  '0031': 'in-transit', // Departed to warehouse
  '0033': 'in-transit', // Departed to destination
  '0035': 'in-transit', // Arrived at transit hub
  '0038': 'out-for-delivery', // Waiting for delivery
  '0040': 'returning', // Return initiated
  '0041': 'returned', // Returned to sender
  '0042': 'attempted', // Delivery failed
};

/** PostEx's attempt reasons, as they appear in a 0013 message. */
const ATTEMPT_REASONS: Readonly<Record<string, string>> = {
  RFD: 'refused by the customer',
  CNA: 'customer not available',
  ICA: 'incomplete address',
  OPN: 'customer wanted to open the parcel',
};

export function postExStatus(code: string): ShipmentStatus {
  return POSTEX_CODES[code] ?? 'unknown';
}

/** The reason of an attempt, from its message (`Attempt Made: RFD`); undefined when it names none. */
export function postExAttemptReason(message: string): string | undefined {
  const code = Object.keys(ATTEMPT_REASONS).find((reason) => new RegExp(`\\b${reason}\\b`).test(message));
  return code ? `${code}: ${ATTEMPT_REASONS[code]}` : undefined;
}
