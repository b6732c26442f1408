import type { EventData, OrderStatus } from '@shop/contracts';

/**
 * Event data for tests, shared by every package's tests; override what a test is about.
 * Money in minor units (paisa), as in the events.
 */

/** An OrderPlaced with one line of two units at 40.00, paid cash on delivery (its confirmation asked for). */
export function anOrderPlaced(overrides: Partial<EventData<'OrderPlaced'>> = {}): EventData<'OrderPlaced'> {
  return {
    orderId: 'o1',
    reference: 'AB-2345CD',
    userId: 'u1',
    lines: [
      {
        lineId: 'l1',
        productId: 'p1',
        name: 'Running Tee',
        image: '/images/tee.webp',
        category: 'Shirts',
        unitPrice: 4_000,
        qty: 2,
        size: 'MD',
      },
    ],
    shippingAddress: {
      fullName: 'Ayesha Khan',
      address: '1 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: '0300-1234567',
    },
    paymentMethod: 'COD',
    itemsPrice: 8_000,
    discount: 0,
    shippingPrice: 1_000,
    totalPrice: 9_000,
    affiliateCode: null,
    affiliateUserId: null,
    confirmationRequired: (overrides.paymentMethod ?? 'COD') === 'COD',
    at: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An admin's status change; Paid and Delivered set their flags as the order decider does. */
export function aStatusChanged(
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  overrides: Partial<EventData<'StatusChanged'>> = {},
): EventData<'StatusChanged'> {
  return {
    orderId,
    from,
    to,
    by: 'admin',
    paid: to === 'Paid',
    delivered: to === 'Delivered',
    at: '2024-05-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A return of one unit of the order's first line (4,000 paisa), asked for by its customer. */
export function aReturnRequested(
  overrides: Partial<EventData<'ReturnRequested'>> = {},
): EventData<'ReturnRequested'> {
  return {
    returnId: 'o1-1',
    orderId: 'o1',
    userId: 'u1',
    items: [
      {
        orderItemId: 'l1',
        productId: 'p1',
        name: 'Running Tee',
        image: '/images/tee.webp',
        category: 'Shirts',
        size: 'MD',
        qty: 1,
        unitPrice: 4_000,
        refund: 4_000,
      },
    ],
    reason: 'Too small',
    amount: 4_000,
    at: '2024-05-03T10:00:00.000Z',
    ...overrides,
  };
}

/** The refund of a return: its amount, and its lines with their categories and refunds. */
export function aReturnRefunded(
  overrides: Partial<EventData<'ReturnRefunded'>> = {},
): EventData<'ReturnRefunded'> {
  return {
    returnId: 'o1-1',
    orderId: 'o1',
    userId: 'u1',
    by: 'admin',
    amount: 4_000,
    items: [{ orderItemId: 'l1', productId: 'p1', category: 'Shirts', qty: 1, refund: 4_000 }],
    at: '2024-05-04T10:00:00.000Z',
    ...overrides,
  };
}
