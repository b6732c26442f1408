import { ADMIN_STATUS_CHOICES, ALLOWED_TRANSITIONS, type Order, type OrderStatus } from '@shop/contracts';

/** Who placed the order: the account's name, else the name on the shipping address. */
export function customerName(order: Order): string {
  return order.User?.name || order.shippingAddress.fullName || 'Unknown customer';
}

/** How to reach the customer: the account's contact, else the shipping phone. */
export function customerContact(order: Order): string {
  return order.User?.contact || order.shippingAddress.phone || 'Not provided';
}

/** `House 1, Street 2, Lahore 54000, Pakistan` */
export function shippingLine(order: Order): string {
  const { address, city, postalCode, country } = order.shippingAddress;
  const place = [city, postalCode].filter(Boolean).join(' ');
  return [address, place, country].filter(Boolean).join(', ') || 'No shipping address';
}

/**
 * What the admin dropdown offers: the current status, then only the spec's choices the state machine
 * allows from it (no Delivered for a Pending order; nothing more once Delivered or Cancelled).
 */
export function statusChoices(current: OrderStatus): readonly OrderStatus[] {
  return [current, ...ADMIN_STATUS_CHOICES.filter((status) => ALLOWED_TRANSITIONS[current].includes(status))];
}
