import { type Order, streams } from '@shop/contracts';
import { beforeEach, describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser } from '../../test-support/test-shop';
import { admin, orderAt, placeSixOrders, priceOfTees, t, useListsShop } from './order-lists-test-kit';

useListsShop();

describe('the CSV export: GET /api/admin/lists/orders.csv', () => {
  let orders: Order[];
  beforeEach(async () => {
    orders = await placeSixOrders();
  });

  it('the CSV export has a header, the filtered orders in PKR and Karachi times, and no cell a spreadsheet runs', async () => {
    // Names are letters now; one kept from before the rule may still be a formula.
    const mallory = await registerUser(t, { name: 'Mallory' });
    await t.deps.store.append(streams.user(mallory.id), [
      {
        type: 'UserProfileChanged',
        data: {
          userId: mallory.id,
          name: '=HYPERLINK("http://evil.example","Click")',
          email: mallory.email,
          contact: mallory.contact,
          at: t.clock.now().toISOString(),
        },
      },
    ]);
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 5_000);
    const bad = await orderAt('2024-05-05T19:30:00.000Z', mallory, { qty: 2 });
    const phoned = orders.find((o) => o.paymentMethod === 'COD' && o.status === 'Pending')!;
    // Within its confirmation window (48 hours from its placing): later, every channel is refused.
    t.clock.set('2024-05-03T05:15:00.000Z');
    const confirm = await t.request('POST', `/api/admin/orders/${phoned.id}/confirm`, {
      token: admin.token,
      body: { note: 'Called, will be home' },
    });
    expect(confirm.status).toBe(200);
    const csv = await t.request<string>('GET', '/api/admin/lists/orders.csv?paymentMethod=COD', {
      token: admin.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Order ID,Reference,Placed \(Asia\/Karachi\),Customer,E-mail,Phone,/);
    expect(lines[0]).toContain(
      ',Status,Confirmation,Confirmed or expired at (Asia/Karachi),Confirmed by,Confirmed via,Paid,',
    );
    expect(lines[0]).toContain('Total (PKR)');
    const cod = [bad, ...orders.filter((o) => o.paymentMethod === 'COD')];
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(cod.map((o) => o.id));
    const badLine = lines[1] ?? '';
    // 00:30 on 6 May in Karachi; the name quoted and prefixed so it is text, never a formula.
    expect(badLine.startsWith(`${bad.id},${bad.reference},2024-05-06 00:30`)).toBe(true);
    expect(badLine).toContain(',Pending,awaiting,,,,No,');
    // Confirmed by phone at 10:15 in Karachi, by the admin who called.
    const phonedLine = lines.find((line) => line.startsWith(`${phoned.id},`)) ?? '';
    expect(phonedLine).toMatch(
      new RegExp(`,${phoned.status},confirmed,2024-05-03 10:15[:0-9]*,Shop Admin,phone,`),
    );
    expect(badLine).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
    const priced = priceOfTees(2);
    const amounts = [priced.itemsPrice, priced.discount, priced.shippingPrice, priced.totalPrice];
    expect(badLine.endsWith(`,${amounts.map((amount) => amount.toFixed(2)).join(',')},`)).toBe(true);
    expect(lines.slice(1).some((line) => /,=/.test(line.replaceAll(/"[^"]*"/g, '')))).toBe(false);
  });
});
