import type { AdminCustomer, Order, Page } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser } from '../../test-support/test-shop';
import {
  admin,
  ayesha,
  bilal,
  get,
  idsOf,
  orderAt,
  pageThrough,
  t,
  totalOfTees,
  useListsShop,
} from './order-lists-test-kit';
import { setStatus } from './order-test-kit';

useListsShop();

describe('paging: GET /api/admin/lists/orders', () => {
  it('orders placed between pages are neither skipped nor repeated, and paging back answers the same rows', async () => {
    const first: Order[] = [];
    for (let i = 0; i < 7; i++) first.push(await orderAt(`2024-05-02T08:0${i}:00.000Z`, ayesha));
    let arrived = 0;
    const placeMore = async () => {
      arrived += 1;
      await orderAt(`2024-05-02T09:0${arrived}:00.000Z`, bilal);
    };

    const newest = await pageThrough<Order>('/api/admin/lists/orders?limit=3', placeMore);
    // Newer orders land above the first page: the pages read on from where they were, in order.
    expect(idsOf(newest)).toEqual(first.map((o) => o.id).reverse());
    expect(newest.map((page) => page.total)).toEqual([7, 8, 9]);

    const oldest = await pageThrough<Order>('/api/admin/lists/orders?sort=oldest&limit=4', placeMore);
    // Orders placed while paging oldest first land after the last page read, so they are met.
    const everything = (await get<Order[]>('/api/orders')).body;
    expect(everything).toHaveLength(11);
    expect(idsOf(oldest)).toEqual(everything.map((o) => o.id).reverse());
    expect(oldest.at(-1)?.total).toBe(11);

    // Forward, then back with previousCursor: the same pages, in the same order.
    const one = await get<Page<Order>>('/api/admin/lists/orders?limit=4');
    const two = await get<Page<Order>>(`/api/admin/lists/orders?limit=4&cursor=${one.body.nextCursor}`);
    const three = await get<Page<Order>>(`/api/admin/lists/orders?limit=4&cursor=${two.body.nextCursor}`);
    expect(three.body.nextCursor).toBeNull();
    expect(three.body.items).toHaveLength(3);
    const backToTwo = await get<Page<Order>>(
      `/api/admin/lists/orders?limit=4&cursor=${three.body.previousCursor}`,
    );
    expect(backToTwo.body.items.map((o) => o.id)).toEqual(two.body.items.map((o) => o.id));
    const backToOne = await get<Page<Order>>(
      `/api/admin/lists/orders?limit=4&cursor=${backToTwo.body.previousCursor}`,
    );
    expect(backToOne.body.items.map((o) => o.id)).toEqual(one.body.items.map((o) => o.id));
    expect([one.body.previousCursor, backToOne.body.previousCursor]).toEqual([null, null]);
  });

  it('the same page asked again answers what changed since: a kept page lasts only until the read models move', async () => {
    const placed = await orderAt('2024-05-02T08:00:00.000Z', ayesha);
    const before = await get<Page<Order>>('/api/admin/lists/orders');
    expect([before.body.total, before.body.items.map((o) => o.status)]).toEqual([1, ['Pending']]);
    expect((await get<Page<Order>>('/api/admin/lists/orders')).body).toEqual(before.body);

    await setStatus(t, admin, placed.id, 'Processing');
    const moved = await get<Page<Order>>('/api/admin/lists/orders');
    expect([moved.body.total, moved.body.items.map((o) => o.status)]).toEqual([1, ['Processing']]);
    const another = await orderAt('2024-05-02T09:00:00.000Z', bilal);
    const grown = await get<Page<Order>>('/api/admin/lists/orders');
    expect([grown.body.total, grown.body.items.map((o) => o.id)]).toEqual([2, [another.id, placed.id]]);

    const customers = await get<Page<AdminCustomer>>('/api/admin/lists/customers?sort=orders');
    const carim = await registerUser(t, { name: 'Carim Shah' });
    const joined = await get<Page<AdminCustomer>>('/api/admin/lists/customers?sort=orders');
    expect(joined.body.total).toBe(customers.body.total + 1);
    expect(joined.body.items.map((c) => c.id)).toContain(carim.id);
  });

  it('highest total first pages through equal totals without skipping or repeating one', async () => {
    const quantities = [2, 1, 2, 3, 1, 2, 1];
    for (const [i, qty] of quantities.entries())
      await orderAt(`2024-05-02T08:0${i}:00.000Z`, ayesha, { qty });
    const pages = await pageThrough<Order>('/api/admin/lists/orders?sort=total&limit=2');
    const totals = pages.flatMap((page) => page.items.map((o) => o.totalPrice));
    expect(totals).toEqual([3, 2, 2, 2, 1, 1, 1].map(totalOfTees));
    expect(new Set(idsOf(pages)).size).toBe(7);
  });
});
