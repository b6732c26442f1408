import type { MyAffiliate, Order, OrderConfirmation, OrderItem, OrderTracking } from '@shop/contracts';

/** A cash-on-delivery order's confirmation; awaiting until 6 Mar 2025 15:00 Pakistan time by default. */
export function aConfirmation(overrides: Partial<OrderConfirmation> = {}): OrderConfirmation {
  return {
    state: 'awaiting',
    at: null,
    by: null,
    channel: null,
    note: null,
    expiresAt: '2025-03-06T10:00:00.000Z',
    ...overrides,
  };
}

export function anOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 'i1',
    product: 'p1',
    Product: {
      id: 'p1',
      name: 'Training Tee',
      image: '/uploads/tee.webp',
      thumbnail: '/uploads/tee-thumb.webp',
      category: 'Tops',
      countInStock: 5,
    },
    name: 'Training Tee',
    image: '/uploads/tee.webp',
    category: 'Tops',
    price: 60,
    qty: 2,
    size: 'MD',
    ...overrides,
  };
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  const items = overrides.OrderItems ?? [anOrderItem()];
  return {
    id: '1001',
    reference: 'AX-7K3M9Q',
    userId: 'u1',
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    status: 'Pending',
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    paymentMethod: 'COD',
    confirmation: { state: 'awaiting', at: null, by: null, channel: null, note: null, expiresAt: null },
    shippingAddress: {
      fullName: 'Ayesha Khan',
      address: '12 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: '',
    },
    itemsPrice: 120,
    discountPrice: 0,
    shippingPrice: 0,
    totalPrice: 120,
    affiliateCode: null,
    deliveryNote: null,
    cancelledBy: null,
    refundDue: null,
    returnableUntil: null,
    User: { name: 'Ayesha Khan', email: 'ayesha@example.pk', contact: '' },
    ...overrides,
    OrderItems: items,
    orderItems: items,
  };
}

export function aTracking(overrides: Partial<Order> = {}, progress = 10): OrderTracking {
  const order = anOrder(overrides);
  return {
    order,
    progress,
    timeline: [
      {
        key: 'placed',
        label: 'Order Placed',
        description: 'Your order has been received',
        at: order.createdAt,
        state: 'done',
      },
      {
        key: 'processing',
        label: 'Processing Order',
        description: 'We are preparing it',
        at: null,
        state: 'upcoming',
      },
    ],
  };
}

export function myAffiliate(overrides: Partial<MyAffiliate> = {}): MyAffiliate {
  return {
    status: 'None',
    requestId: null,
    code: null,
    link: null,
    useCount: 0,
    commission: { earned: 0, pending: 0 },
    ...overrides,
  };
}
