import type { Order, Page } from '@shop/contracts';
import { beforeEach, describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import {
  ayesha,
  bilal,
  get,
  idsOf,
  orderAt,
  pageThrough,
  placeSixOrders,
  useListsShop,
} from './order-lists-test-kit';

useListsShop();

describe('filters and search: GET /api/admin/lists/orders', () => {
  /** Karachi is UTC+5 all year: an order's shop day. */
  const karachiDay = (order: Order) =>
    new Date(new Date(order.createdAt).getTime() + 5 * 3_600_000).toISOString().slice(0, 10);

  let orders: Order[];
  beforeEach(async () => {
    orders = await placeSixOrders();
  });

  type Filters = {
    status?: string;
    paymentMethod?: string;
    paid?: string;
    delivered?: string;
    from?: string;
    to?: string;
  };
  const passes = (order: Order, f: Filters) =>
    (!f.status || order.status === f.status) &&
    (!f.paymentMethod || order.paymentMethod === f.paymentMethod) &&
    (!f.paid || order.isPaid === (f.paid === 'true')) &&
    (!f.delivered || order.isDelivered === (f.delivered === 'true')) &&
    (!f.from || karachiDay(order) >= f.from) &&
    (!f.to || karachiDay(order) <= f.to);

  it('every filter combines with every other, and the total is the number of rows paged through', async () => {
    const choices: Filters[] = [
      {},
      { status: 'Paid' },
      { status: 'Delivered' },
      { status: 'Cancelled' },
      { paymentMethod: 'Card' },
      { paymentMethod: 'COD' },
      { paid: 'true' },
      { paid: 'false' },
      { delivered: 'true' },
      { delivered: 'false' },
      { from: '2024-05-02' },
      { to: '2024-05-01' },
      { from: '2024-05-02', to: '2024-05-02' },
    ];
    let checked = 0;
    for (const a of choices) {
      for (const b of choices) {
        const filters: Filters = { ...a, ...b };
        if (filters.from && filters.to && filters.from > filters.to) continue;
        const query = new URLSearchParams({ ...filters, limit: '2' }).toString();
        const expected = orders.filter((o) => passes(o, filters)).map((o) => o.id);
        const pages = await pageThrough<Order>(`/api/admin/lists/orders?${query}`);
        expect(idsOf(pages), query).toEqual(expected);
        for (const page of pages) expect(page.total, query).toBe(expected.length);
        checked += expected.length > 0 ? 1 : 0;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('a search by name, e-mail, phone or id combines with the filters', async () => {
    const ofAyesha = orders.filter((o) => o.userId === ayesha.id);
    const ofBilal = orders.filter((o) => o.userId === bilal.id);
    const cases: [search: string, filters: Filters, expected: Order[]][] = [
      ['Ayesha', {}, ofAyesha],
      ['ayesha kh', {}, ofAyesha],
      ['ahmed', {}, ofBilal],
      [bilal.email.toUpperCase(), {}, ofBilal],
      ['Ayesha', { status: 'Paid' }, ofAyesha.filter((o) => o.status === 'Paid')],
      ['Bilal', { paymentMethod: 'Card', paid: 'false' }, ofBilal.filter((o) => o.status === 'Cancelled')],
      ['0321-7654321', { from: '2024-05-02' }, ofBilal.filter((o) => karachiDay(o) >= '2024-05-02')],
      ['Ayesha', { to: '2024-05-01' }, ofAyesha.filter((o) => karachiDay(o) <= '2024-05-01')],
      ['Nobody', {}, []],
    ];
    const [someOrder] = ofBilal;
    if (!someOrder) throw new Error('no order');
    cases.push([someOrder.id, {}, [someOrder]]);
    cases.push([
      someOrder.id.slice(0, 8),
      {},
      orders.filter((o) => o.id.startsWith(someOrder.id.slice(0, 8))),
    ]);
    // The 8 characters the list shows after an ellipsis.
    cases.push([
      `…${someOrder.id.slice(-8)}`,
      {},
      orders.filter((o) => o.id.endsWith(someOrder.id.slice(-8))),
    ]);
    cases.push([someOrder.id, { status: someOrder.status === 'Paid' ? 'Pending' : 'Paid' }, []]);

    for (const [search, filters, expected] of cases) {
      const query = new URLSearchParams({ ...filters, search, limit: '2' }).toString();
      const pages = await pageThrough<Order>(`/api/admin/lists/orders?${query}`);
      expect(idsOf(pages), query).toEqual(expected.map((o) => o.id));
      expect(pages[0]?.total, query).toBe(expected.length);
    }
  });

  it('a reference finds its order, typed in any case, with or without the dash, and combines with the filters', async () => {
    const someOrder = orders.find((o) => o.userId === bilal.id);
    if (!someOrder) throw new Error('no order');
    const { reference } = someOrder;
    expect(reference).toMatch(/^[A-Z]{2}-[A-Z0-9]{6}$/);
    const other = someOrder.status === 'Paid' ? 'Pending' : 'Paid';
    const cases: [search: string, filters: Filters, expected: Order[]][] = [
      [reference, {}, [someOrder]],
      [reference.toLowerCase(), {}, [someOrder]],
      [reference.replace('-', ''), {}, [someOrder]],
      [`#${reference}`, {}, [someOrder]],
      [reference, { status: someOrder.status }, [someOrder]],
      [reference, { status: other }, []],
      ['ZZ-ZZZZZZ', {}, []],
    ];
    for (const [search, filters, expected] of cases) {
      const query = new URLSearchParams({ ...filters, search }).toString();
      const page = await get<Page<Order>>(`/api/admin/lists/orders?${query}`);
      expect(page.status, query).toBe(200);
      expect([page.body.total, page.body.items.map((o) => o.id)], query).toEqual([
        expected.length,
        expected.map((o) => o.id),
      ]);
      // The rows carry the reference the search found them by.
      expect(
        page.body.items.map((o) => o.reference),
        query,
      ).toEqual(expected.map((o) => o.reference));
    }
  });

  it('a phone matches in any Pakistani format, whichever way the order and the search wrote it', async () => {
    // a1 and a2 were shipped to 0300-1234567, a3 to +92 300 1234567; Ayesha's contact is 0300-1234567.
    const ofAyesha = orders.filter((o) => o.userId === ayesha.id).map((o) => o.id);
    for (const phone of ['0300-1234567', '03001234567', '+92 300 1234567', '923001234567', '+923001234567']) {
      const page = await get<Page<Order>>(`/api/admin/lists/orders?search=${encodeURIComponent(phone)}`);
      expect(
        page.body.items.map((o) => o.id),
        phone,
      ).toEqual(ofAyesha);
      expect(page.body.total).toBe(3);
    }
    // Someone else's order shipped to Ayesha's number is found by it too.
    const gift = await orderAt('2024-05-04T06:00:00.000Z', bilal, { phone: '03001234567' });
    const page = await get<Page<Order>>('/api/admin/lists/orders?search=%2B92%20300%201234567');
    expect(page.body.items.map((o) => o.id)).toEqual([gift.id, ...ofAyesha]);
  });
});
