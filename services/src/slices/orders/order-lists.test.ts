import {
  type AdminCustomer,
  type AdminReview,
  type AffiliateRequest,
  DEFAULT_SHIPPING,
  type ErrorBody,
  fromMinor,
  type Order,
  type Page,
  type Product,
  priceOrder,
  toMinor,
} from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
} from '../../test-support/test-shop';
import { createProduct, placeOrderOk, postReview, setStatus } from './order-test-kit';

let t: TestShop;
let admin: SignedInUser;
let ayesha: SignedInUser;
let bilal: SignedInUser;
let tee: Product;

beforeEach(async () => {
  t = await openTestShop();
  admin = await signInAdmin(t, { name: 'Shop Admin' });
  ayesha = await registerUser(t, { name: 'Ayesha Khan', contact: '0300-1234567' });
  bilal = await registerUser(t, { name: 'Bilal Ahmed', contact: '0321-7654321' });
  tee = await createProduct(t, admin, { name: 'Running Tee', price: TEE_PRICE, countInStock: 1_000 });
});
afterEach(() => t.close());

type Answer<Body> = Body & ErrorBody;
const get = <Body>(path: string, user: SignedInUser = admin) =>
  t.request<Answer<Body>>('GET', path, { token: user.token });

/** Every page of a list from the first on, following `nextCursor`; each page's rows and total. */
async function pageThrough<T>(path: string, between: () => Promise<void> = async () => {}) {
  const pages: { items: T[]; total: number }[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path;
    const page = await get<Page<T>>(url);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    pages.push({ items: page.body.items, total: page.body.total });
    cursor = page.body.nextCursor;
    if (cursor) await between();
  } while (cursor);
  return pages;
}

/** The tee's price in PKR; every order below is of tees only. */
const TEE_PRICE = 40;
/** What an order of `qty` tees costs, in PKR, by the shop's pricing rule (the test shop's default shipping). */
function priceOfTees(qty: number) {
  const priced = priceOrder([{ unitPrice: toMinor(TEE_PRICE), qty }], false, DEFAULT_SHIPPING);
  return {
    itemsPrice: fromMinor(priced.itemsPrice),
    discount: fromMinor(priced.discount),
    shippingPrice: fromMinor(priced.shippingPrice),
    totalPrice: fromMinor(priced.totalPrice),
  };
}
const totalOfTees = (qty: number) => priceOfTees(qty).totalPrice;

const idsOf = (pages: { items: { id: string }[] }[]) => pages.flatMap((page) => page.items.map((o) => o.id));

/** Places an order at a given moment, shipped to `phone`, for `qty` tees, paid by `paymentMethod`. */
async function orderAt(
  at: string,
  buyer: SignedInUser,
  options: { qty?: number; phone?: string; paymentMethod?: 'COD' | 'Card' } = {},
): Promise<Order> {
  t.clock.set(at);
  return placeOrderOk(t, buyer, [{ product: tee, qty: options.qty ?? 1 }], {
    paymentMethod: options.paymentMethod ?? 'COD',
    shippingAddress: {
      fullName: buyer.name,
      address: '1 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: options.phone ?? buyer.contact ?? '0300-1234567',
    },
  });
}

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

describe('filters and search: GET /api/admin/lists/orders', () => {
  /** Karachi is UTC+5 all year: an order's shop day. */
  const karachiDay = (order: Order) =>
    new Date(new Date(order.createdAt).getTime() + 5 * 3_600_000).toISOString().slice(0, 10);

  let orders: Order[];
  beforeEach(async () => {
    // 01:00 in Karachi on 2 May is still 1 May in UTC: days are the shop's.
    const a1 = await orderAt('2024-04-30T20:00:00.000Z', ayesha, { paymentMethod: 'Card' });
    const a2 = await orderAt('2024-05-01T20:00:00.000Z', ayesha, { qty: 3 });
    const a3 = await orderAt('2024-05-02T10:00:00.000Z', ayesha, { phone: '+92 300 1234567' });
    const b1 = await orderAt('2024-05-01T06:00:00.000Z', bilal, { paymentMethod: 'Card' });
    const b2 = await orderAt('2024-05-02T06:00:00.000Z', bilal, { qty: 2 });
    const b3 = await orderAt('2024-05-03T06:00:00.000Z', bilal, { paymentMethod: 'Card', qty: 2 });
    await setStatus(t, admin, a1.id, 'Paid');
    await setStatus(t, admin, b1.id, 'Paid');
    await setStatus(t, admin, b1.id, 'Dispatched');
    await setStatus(t, admin, b1.id, 'Delivered');
    await setStatus(t, admin, a2.id, 'Dispatched');
    await setStatus(t, admin, b3.id, 'Cancelled');
    await setStatus(t, admin, b2.id, 'Paid');
    orders = (await get<Order[]>('/api/orders')).body;
    expect(orders.map((o) => o.id).sort()).toEqual([a1, a2, a3, b1, b2, b3].map((o) => o.id).sort());
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

  it('the CSV export has a header, the filtered orders in PKR and Karachi times, and no cell a spreadsheet runs', async () => {
    const mallory = await registerUser(t, { name: '=HYPERLINK("http://evil.example","Click")' });
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

describe('the other admin lists', () => {
  it('customers carry their order count, amount spent and affiliate standing, searched and sorted', async () => {
    await orderAt('2024-05-01T06:00:00.000Z', ayesha, { qty: 3 });
    await orderAt('2024-05-01T07:00:00.000Z', bilal, { qty: 1 });
    const cancelled = await orderAt('2024-05-01T08:00:00.000Z', bilal, { qty: 5 });
    await orderAt('2024-05-01T09:00:00.000Z', bilal, { qty: 1 });
    await setStatus(t, admin, cancelled.id, 'Cancelled');
    await postReview(t, bilal, tee);
    const request = await t.request<AffiliateRequest>('POST', '/api/affiliate', { token: bilal.token });
    expect(request.status).toBe(201);
    const approval = `/api/affiliate/${request.body.id}/approve`;
    expect((await t.request('PUT', approval, { token: admin.token })).status).toBe(200);

    const bySpent = await get<Page<AdminCustomer>>('/api/admin/lists/customers?sort=spent&direction=desc');
    // Cancelled orders left out; the most spent first, whatever the pricing rule makes of the orders.
    // Bilal's third order is the delivered one he reviewed: an affiliate needs one.
    const expected: [string, number, number, string | null][] = [
      ['Ayesha Khan', 1, totalOfTees(3), null],
      ['Bilal Ahmed', 3, 3 * totalOfTees(1), 'Approved'],
      ['Shop Admin', 0, 0, null],
    ];
    expected.sort((a, b) => b[2] - a[2]);
    expect(
      bySpent.body.items.map((c) => [c.name, c.orderCount, c.totalSpent, c.affiliate?.status ?? null]),
    ).toEqual(expected);
    expect(bySpent.body.items.find((c) => c.id === bilal.id)?.affiliate?.code).toMatch(/^[A-Z0-9]+$/);
    expect(bySpent.body.total).toBe(3);

    const byOrders = await pageThrough<AdminCustomer>(
      '/api/admin/lists/customers?sort=orders&direction=desc&limit=1',
    );
    expect(byOrders.flatMap((p) => p.items.map((c) => c.name))).toEqual([
      'Bilal Ahmed',
      'Ayesha Khan',
      'Shop Admin',
    ]);
    for (const search of ['+92 321 7654321', '03217654321', 'bilal', bilal.email]) {
      const found = await get<Page<AdminCustomer>>(
        `/api/admin/lists/customers?search=${encodeURIComponent(search)}`,
      );
      expect([found.body.total, found.body.items.map((c) => c.id)], search).toEqual([1, [bilal.id]]);
    }
  });

  it('reviews and affiliate requests filter by product or status, newest first', async () => {
    const shorts = await createProduct(t, admin, { name: 'Trail Shorts' });
    await postReview(t, ayesha, tee);
    t.clock.advance(1_000);
    await postReview(t, bilal, tee);
    t.clock.advance(1_000);
    await postReview(t, ayesha, shorts);
    const ofTee = await pageThrough<AdminReview>(`/api/admin/lists/reviews?productId=${tee.id}&limit=1`);
    expect(ofTee.flatMap((p) => p.items.map((r) => [r.productId, r.User?.name]))).toEqual([
      [tee.id, 'Bilal Ahmed'],
      [tee.id, 'Ayesha Khan'],
    ]);
    expect(ofTee.map((p) => p.total)).toEqual([2, 2]);
    expect((await get<Page<unknown>>('/api/admin/lists/reviews')).body.total).toBe(3);

    const first = (await t.request<AffiliateRequest>('POST', '/api/affiliate', { token: ayesha.token })).body;
    t.clock.advance(1_000);
    const second = (await t.request<AffiliateRequest>('POST', '/api/affiliate', { token: bilal.token })).body;
    await t.request('PUT', `/api/affiliate/${first.id}/reject`, { token: admin.token });
    const all = await pageThrough<AffiliateRequest>('/api/admin/lists/affiliate-requests?limit=1');
    expect(idsOf(all)).toEqual([second.id, first.id]);
    const rejected = await get<Page<AffiliateRequest>>('/api/admin/lists/affiliate-requests?status=Rejected');
    expect([rejected.body.total, rejected.body.items.map((r) => [r.id, r.User?.name])]).toEqual([
      1,
      [[first.id, 'Ayesha Khan']],
    ]);
  });
});

describe('refusals', () => {
  const LISTS = [
    '/api/admin/lists/orders',
    '/api/admin/lists/orders.csv',
    '/api/admin/lists/customers',
    '/api/admin/lists/reviews',
    '/api/admin/lists/affiliate-requests',
    '/api/admin/lists/products',
  ];

  it('a customer gets 403 on every list and the export, and a visitor 401', async () => {
    for (const path of LISTS) {
      const answer = await get(path, ayesha);
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'FORBIDDEN']);
      expect((await t.request('GET', path)).status, path).toBe(401);
    }
  });

  it('a tampered, made-up or foreign cursor answers 400 with a message', async () => {
    for (let i = 0; i < 3; i++) await orderAt(`2024-05-02T08:0${i}:00.000Z`, ayesha);
    const page = await get<Page<Order>>('/api/admin/lists/orders?limit=1');
    const cursor = page.body.nextCursor ?? '';
    const [payload = '', signature = ''] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...decoded, t: 'z' })).toString('base64url');
    const bad = [
      `${forged}.${signature}`,
      `${payload}.${signature.slice(1)}`,
      'not-a-cursor',
      Buffer.from(JSON.stringify(decoded)).toString('base64url'),
    ];
    for (const cursor of bad) {
      const answer = await get(`/api/admin/lists/orders?limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect([answer.status, answer.body.code], cursor).toEqual([400, 'VALIDATION_FAILED']);
      expect(answer.body.message).toMatch(/not valid/);
    }
    // The same cursor under another sort, or on another list, is foreign.
    for (const path of [
      '/api/admin/lists/orders?sort=oldest',
      '/api/admin/lists/customers',
      '/api/admin/lists/reviews',
    ]) {
      const answer = await get(`${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`);
      expect(answer.status, path).toBe(400);
    }
    const good = await get<Page<Order>>(`/api/admin/lists/orders?limit=1&cursor=${cursor}`);
    expect(good.status).toBe(200);
  });

  it('bad parameters answer 400 naming what is wrong', async () => {
    for (const query of [
      'status=Lost',
      'paid=yes',
      'from=2024-13-01',
      'from=2024-05-03&to=2024-05-02',
      'limit=0',
      'limit=101',
      'sort=cheapest',
    ]) {
      const answer = await get(`/api/admin/lists/orders?${query}`);
      expect([answer.status, answer.body.code], query).toEqual([400, 'VALIDATION_FAILED']);
      expect(answer.body.message, query).toBeTruthy();
    }
  });
});
