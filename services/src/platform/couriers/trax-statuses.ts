import type { ShipmentStatus } from '@shop/contracts';

/**
 * Trax's status names (its API document's 48, shipment and return ones) and what they mean to the
 * shop. Trax writes them `Shipment - Delivered` in tracking and `Shipment-Delivered` in webhooks, so
 * they are compared without case and without spaces around the dash; one not listed is `unknown`.
 */
const TRAX_STATUSES: Readonly<Record<string, ShipmentStatus>> = {
  'shipment-booked': 'booked',
  'shipment-rider picked': 'picked-up',
  'shipment-arrival service center': 'picked-up',
  'shipment-arrived at origin': 'picked-up',
  'shipment-in transit': 'in-transit',
  'shipment-arrived at destination': 'in-transit',
  'shipment-rider exchange': 'in-transit',
  'shipment-on hold': 'in-transit',
  'shipment-misrouted': 'in-transit',
  'shipment-misroute forwarded': 'in-transit',
  'shipment-re-booked': 'in-transit',
  'shipment-re-attempt': 'in-transit',
  'shipment-re-attempt requested': 'in-transit',
  'shipment-waiting for consolidation': 'in-transit',
  'shipment-consolidated': 'in-transit',
  'shipment-on hold for self collection': 'out-for-delivery',
  'shipment-out for delivery': 'out-for-delivery',
  'shipment-not attempted': 'attempted',
  'shipment-delivery unsuccessful': 'attempted',
  'return-confirmation pending': 'attempted',
  'shipment-delivered': 'delivered',
  delivered: 'delivered',
  'shipment-cancelled': 'cancelled',
  cancelled: 'cancelled',
  'return-confirm': 'returning',
  'return-in transit': 'returning',
  'return-arrived at origin': 'returning',
  'return-dispatched': 'returning',
  'return-delivery unsuccessful': 'returning',
  'return-rider exchange': 'returning',
  'return-not attempted': 'returning',
  'return-on hold': 'returning',
  'return-delivered to shipper': 'returned',
};

/** `Shipment - Arrived at Origin` and `Shipment-Arrived at origin` alike: `shipment-arrived at origin`. */
export function traxStatusKey(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, ' ');
}

export function traxStatus(status: string): ShipmentStatus {
  return TRAX_STATUSES[traxStatusKey(status)] ?? 'unknown';
}
