import type {
  AdminCustomer,
  AdminMetrics,
  AdminReview,
  AffiliateRequest,
  Order,
  OrderItem,
  Page,
} from '@shop/contracts';
import { HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { signIn } from '../lib/session';
import { aSession, aUser } from './builders';
import { server } from './msw-server';

let sequence = 1000;
const nextId = () => String(++sequence);

/** Signs in a user with the isAdmin flag, as the admin screens need. */
export function signInAsAdmin(): void {
  signIn(aSession({ name: 'Admin Aziz', isAdmin: true }));
}

/** The error body every failed call answers (docs/rules/api.md#error-shape). */
export function errorResponse(status: number, message: string, code = 'CONFLICT') {
  return HttpResponse.json({ message, code }, { status });
}

/** A row of the admin's customers list: a user with no orders, spending or affiliate standing. */
export function aCustomer(overrides: Partial<AdminCustomer>): AdminCustomer {
  return { ...aUser(overrides), orderCount: 0, totalSpent: 0, affiliate: null, ...overrides };
}

export function anOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  const id = overrides.id ?? nextId();
  return {
    id,
    product: 'p1',
    Product: {
      id: 'p1',
      name: 'Core Hoodie',
      image: '/uploads/hoodie.webp',
      thumbnail: '/uploads/hoodie-thumb.webp',
      category: 'Tops',
      countInStock: 8,
    },
    name: 'Core Hoodie',
    image: '/uploads/hoodie.webp',
    category: 'Tops',
    price: 4500,
    qty: 2,
    size: 'MD',
    ...overrides,
  };
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? nextId();
  const items = overrides.OrderItems ?? [anOrderItem()];
  return {
    id,
    reference: `R-${id}`,
    userId: 'u1',
    createdAt: '2025-03-04T10:05:00.000Z',
    updatedAt: '2025-03-04T10:05:00.000Z',
    status: 'Pending',
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    paymentMethod: 'COD',
    confirmation: { state: 'awaiting', at: null, by: null, channel: null, note: null, expiresAt: null },
    shippingAddress: {
      fullName: 'Ayesha Khan',
      address: '12 Canal Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: '0300-1234567',
    },
    itemsPrice: 9000,
    discountPrice: 0,
    shippingPrice: 0,
    totalPrice: 9000,
    affiliateCode: null,
    deliveryNote: null,
    cancelledBy: null,
    refundDue: null,
    returnableUntil: null,
    User: { name: 'Ayesha Khan', email: 'ayesha@example.pk', contact: '0300-1234567' },
    OrderItems: items,
    orderItems: items,
    ...overrides,
  };
}

export function aReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: nextId(),
    productId: 'p1',
    productName: 'Core Hoodie',
    rating: 4,
    comment: 'Fits well',
    createdAt: '2025-03-04T10:05:00.000Z',
    verified: true,
    User: { name: 'Bilal Ahmed', email: 'bilal@example.pk' },
    ...overrides,
  };
}

export function anAffiliateRequest(overrides: Partial<AffiliateRequest> = {}): AffiliateRequest {
  return {
    id: nextId(),
    userId: 'u2',
    status: 'Pending',
    code: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    decidedAt: null,
    User: { name: 'Sana Malik', email: 'sana@example.pk' },
    ...overrides,
  };
}

export function someMetrics(overrides: Partial<AdminMetrics> = {}): AdminMetrics {
  return {
    total: 12,
    pending: 3,
    paid: 4,
    delivered: 4,
    cancelled: 1,
    byStatus: {
      Pending: 3,
      Paid: 2,
      Processing: 1,
      Shipped: 0,
      Dispatched: 1,
      Delivered: 4,
      Cancelled: 1,
      Refused: 0,
    },
    toShip: 3,
    awaitingPayment: 2,
    configWarnings: [],
    sales: [
      { date: '2025-03-03', salesPKR: 4500, salesUSD: 4500, amount: 4500, orders: 1, refunds: 0 },
      { date: '2025-03-04', salesPKR: 9000.5, salesUSD: 9000.5, amount: 9000.5, orders: 2, refunds: 0 },
    ],
    ...overrides,
  };
}

/** Records every API call of the running test (`GET /api/products`), to prove what was not sent. */
export function recordRequests(): string[] {
  const calls: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const call = `${request.method} ${new URL(request.url).pathname}`;
    // The shop's details, which every page's footer reads, are not what these tests count.
    if (call !== 'GET /api/shop') calls.push(call);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return calls;
}

/** A page of an admin list as the server answers it; the total defaults to the rows given. */
export function aPage<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, nextCursor: null, previousCursor: null, ...overrides };
}
