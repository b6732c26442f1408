import {
  type AdminCustomer,
  type EventData,
  type Page,
  type Product,
  type SalesReport,
  toMinor,
} from '@shop/contracts';
import { expect } from 'vitest';
import { createProduct, deliver, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import { askToReturn, returnUntil } from '../../slices/returns/returns-test-kit';
import { it } from '../../test-support/shop-test';
import {
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
  testClock,
} from '../../test-support/test-shop';

it.override('shopOptions', () => ({ clock: testClock('2024-03-10T03:00:00.000Z') }));

/** Sums over the log itself: what the figures must equal, whatever the read models make of it. */
async function sumsFromTheLog(t: TestShop) {
  const placed = new Map<string, EventData<'OrderPlaced'>>();
  const paid = new Set<string>();
  const gone = new Set<string>();
  const refunds: EventData<'ReturnRefunded'>[] = [];
  for (const event of await t.deps.store.readAll({ fromPosition: 0, maxCount: 10_000 })) {
    if (event.type === 'OrderPlaced') {
      const data = event.data as EventData<'OrderPlaced'>;
      placed.set(data.orderId, data);
    } else if (event.type === 'StatusChanged') {
      const data = event.data as EventData<'StatusChanged'>;
      if (data.paid) paid.add(data.orderId);
      if (data.to === 'Cancelled' || data.to === 'Refused') gone.add(data.orderId);
    } else if (event.type === 'ReturnRefunded') refunds.push(event.data as EventData<'ReturnRefunded'>);
  }
  const kept = [...placed.values()].filter((order) => !gone.has(order.orderId));
  const refunded = (userId?: string) =>
    refunds
      .filter((r) => !gone.has(r.orderId) && (!userId || placed.get(r.orderId)?.userId === userId))
      .reduce((sum, r) => sum + r.amount, 0);
  return {
    /** The report's net: lines less discounts of orders neither cancelled nor refused, less refunds. */
    net: kept.reduce((sum, o) => sum + o.itemsPrice - o.discount, 0) - refunded(),
    orders: kept.length,
    /** A customer's spent: totals of her paid orders neither cancelled nor refused, less refunds. */
    spent: (userId: string) =>
      kept
        .filter((o) => o.userId === userId && paid.has(o.orderId))
        .reduce((sum, o) => sum + o.totalPrice, 0) - refunded(userId),
  };
}

it('the sales report and each customer\'s "Spent" equal sums from the events: refused, cancelled, unpaid and refunded orders in the log', async ({
  shop: t,
}) => {
  const admin = await signInAdmin(t);
  const bilal = await registerUser(t, { name: 'Bilal' });
  const ayesha = await registerUser(t, { name: 'Ayesha' });
  const tee: Product = await createProduct(t, admin, { name: 'Tee', price: 2_499, countInStock: 100 });
  const order = (who: SignedInUser, qty: number, paymentMethod: 'COD' | 'Card' = 'COD') =>
    placeOrderOk(t, who, [{ product: tee, qty }], { paymentMethod });

  // Bilal: two COD parcels refused at the door, then by transfer one kept, one never paid, one paid
  // and cancelled.
  const refused = [await order(bilal, 1), await order(bilal, 2)];
  for (const parcel of refused) {
    await setStatus(t, admin, parcel.id, 'Dispatched');
    await setStatus(t, admin, parcel.id, 'Refused');
  }
  const keptByBilal = await order(bilal, 1, 'Card');
  await setStatus(t, admin, keptByBilal.id, 'Paid');
  await deliver(t, admin, keptByBilal.id);
  await order(bilal, 3, 'Card'); // unpaid transfer
  const cancelled = await order(bilal, 4, 'Card');
  await setStatus(t, admin, cancelled.id, 'Paid');
  await setStatus(t, admin, cancelled.id, 'Cancelled');
  // Ayesha: a paid transfer delivered, one unit of two returned and refunded.
  const hers = await order(ayesha, 2, 'Card');
  await setStatus(t, admin, hers.id, 'Paid');
  await deliver(t, admin, hers.id);
  const asked = await askToReturn(t, ayesha, hers, [{ line: 0, qty: 1 }]);
  expect(asked.status).toBe(201);
  await returnUntil(t, admin, asked.body.id, 'Refunded');

  const sums = await sumsFromTheLog(t);
  const report = await t.request<SalesReport>(
    'GET',
    '/api/admin/reports/sales?from=2024-03-01&to=2024-03-31&by=day',
    { token: admin.token },
  );
  expect(report.status).toBe(200);
  expect(toMinor(report.body.total.net)).toBe(sums.net);
  expect(report.body.total.orders).toBe(sums.orders);
  // What the walk found: Bilal's refused tee (PKR 2,499) is not in the net sales.
  expect(report.body.total.refunds).toBe(2_499);
  expect(report.body.total.net).toBe(2_499 + 3 * 2_499 + 2 * 2_499 - 2_499);

  const customers = await t.request<Page<AdminCustomer>>('GET', '/api/admin/lists/customers', {
    token: admin.token,
  });
  const spentBy = (user: SignedInUser) => customers.body.items.find((c) => c.id === user.id)!.totalSpent;
  expect(toMinor(spentBy(bilal))).toBe(sums.spent(bilal.id));
  expect(toMinor(spentBy(ayesha))).toBe(sums.spent(ayesha.id));
  // Only the parcel Bilal kept counts, not the refused ones or the transfer he never paid.
  expect(spentBy(bilal)).toBe(keptByBilal.totalPrice);
  // Ayesha's refund is taken off.
  expect(spentBy(ayesha)).toBe(hers.totalPrice - 2_499);
});
