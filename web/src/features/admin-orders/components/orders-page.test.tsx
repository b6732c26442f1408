import type { Order } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anOrder, aPage, errorResponse, signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const pending = anOrder({ id: 'o1', status: 'Pending' });
const delivered = anOrder({
  id: 'o2',
  status: 'Delivered',
  isPaid: true,
  paidAt: '2025-03-06T12:00:00.000Z',
  User: { name: 'Bilal Ahmed', email: 'bilal@example.pk', contact: '' },
});

const withHistory = (order: Order): Order => ({
  ...order,
  statusHistory: [
    { from: null, to: 'Pending', at: '2025-03-04T10:05:00.000Z', by: { id: 'u1', name: 'Ayesha Khan' } },
    {
      from: 'Pending',
      to: 'Dispatched',
      at: '2025-03-05T09:00:00.000Z',
      by: { id: 'a1', name: 'Admin Aziz' },
    },
  ],
});

/** The table row of an order, found by its open button. */
function rowOf(id: string): HTMLElement {
  const row = screen.getByRole('button', { name: `Open order R-${id}` }).closest('tr');
  if (!row) throw new Error(`No row for order ${id}`);
  return row;
}

/** happy-dom's viewport; matchMedia answers from it. */
function setWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }
  ).happyDOM.setViewport({
    width,
  });
}

describe('admin orders page', () => {
  beforeEach(() => {
    signInAsAdmin();
    server.use(http.get('/api/admin/lists/orders', () => HttpResponse.json(aPage([pending, delivered]))));
  });

  afterEach(() => setWidth(1024));

  it('lists the orders in a table on wide screens with the columns of the spec', async () => {
    renderApp('/admin/orders');

    expect(await screen.findByRole('heading', { name: 'Order Management' })).toBeTruthy();
    expect(screen.getByText('Manage customer orders and fulfillment')).toBeTruthy();
    const headers = (await screen.findAllByRole('columnheader')).map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Order ID',
      'Customer',
      'Contact',
      'Shipping Address',
      'Amount (PKR)',
      'Status',
      'Actions',
    ]);
    const row = within(rowOf('o1'));
    // The row names the order by its reference, as the shopper reads it.
    expect(row.getByRole('button', { name: 'Open order R-o1' }).textContent).toBe('R-o1');
    expect(row.getByText('12 Canal Road, Lahore 54000, Pakistan')).toBeTruthy();
    expect(row.getByText('PKR 9,000.00')).toBeTruthy();
    // The phone is tap-to-call, and a mobile opens a WhatsApp chat.
    expect(row.getByRole('link', { name: 'Call 0300-1234567' }).getAttribute('href')).toBe(
      'tel:+923001234567',
    );
    const whatsapp = row.getByRole('link', { name: 'WhatsApp 0300-1234567' });
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/923001234567');
    expect(whatsapp.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows cards instead of a table below 1024 px', async () => {
    setWidth(390);
    renderApp('/admin/orders');

    expect(await screen.findByRole('article', { name: 'Order o1' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers only the moves the state machine allows from the current status', async () => {
    server.use(
      http.get('/api/admin/lists/orders', () =>
        HttpResponse.json(
          aPage([
            anOrder({ id: 'o3', status: 'Processing' }),
            anOrder({ id: 'o4', status: 'Pending' }),
            anOrder({ id: 'o5', status: 'Cancelled' }),
          ]),
        ),
      ),
    );
    renderApp('/admin/orders');

    const options = async (id: string) =>
      within(await screen.findByRole('combobox', { name: `Status of order ${id}` }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(await options('o3')).toEqual(['Processing', 'Dispatched', 'Cancelled']);
    // No Delivered for a Pending order: the server would refuse it.
    expect(await options('o4')).toEqual(['Pending', 'Paid', 'Dispatched', 'Cancelled']);
    expect(await options('o5')).toEqual(['Cancelled']);
    expect(
      (screen.getByRole('button', { name: 'Update status of order o5' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("shows 'Status update failed: {message}' when the server refuses a change", async () => {
    server.use(
      http.put('/api/admin/orders/o1/status', () =>
        errorResponse(409, 'Someone else changed this order meanwhile. Please try again.'),
      ),
    );
    renderApp('/admin/orders');

    const select = await screen.findByRole('combobox', { name: 'Status of order o1' });
    fireEvent.change(select, { target: { value: 'Cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status of order o1' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Status update failed: Someone else changed this order meanwhile. Please try again.',
    );
    const row = within(rowOf('o1'));
    expect(row.getByText('Pending', { selector: '.admin-status' })).toBeTruthy();
    // The refused choice stays selected so the admin can see what was refused and pick again.
    expect((row.getByRole('combobox') as HTMLSelectElement).value).toBe('Cancelled');
  });

  it('replaces the row with the updated order', async () => {
    let sent: unknown;
    server.use(
      http.put('/api/admin/orders/o1/status', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...pending, status: 'Dispatched' });
      }),
    );
    renderApp('/admin/orders');

    fireEvent.change(await screen.findByRole('combobox', { name: 'Status of order o1' }), {
      target: { value: 'Dispatched' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update status of order o1' }));
    // A cash-on-delivery order not confirmed yet: the admin is asked first.
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Dispatch anyway' }),
    );

    await waitFor(() =>
      expect(
        within(rowOf('o1')).getByText('Dispatched', {
          selector: '.admin-status',
        }),
      ).toBeTruthy(),
    );
    expect(sent).toEqual({ status: 'Dispatched' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the detail overlay with every field, the items and the status history', async () => {
    server.use(http.get('/api/orders/o2', () => HttpResponse.json(withHistory(delivered))));
    renderApp('/admin/orders');

    fireEvent.click(await screen.findByRole('button', { name: 'Open order R-o2' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Order R-o2' }));
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
    const fact = (label: string) => dialog.getByText(label).nextElementSibling?.textContent;
    expect(fact('Customer')).toBe('Bilal Ahmed');
    expect(fact('Email')).toBe('bilal@example.pk');
    expect(fact('Shipping Address')).toBe('12 Canal Road, Lahore 54000, Pakistan');
    expect(fact('Payment Method')).toBe('Cash on Delivery');
    expect(fact('Order Total')).toBe('PKR 9,000.00');
    expect(fact('Is Paid')).toBe('Yes');
    expect(fact('Paid At')).toBe('06-Mar-2025, 5:00 pm');
    expect(fact('Created At')).toBe('04-Mar-2025, 3:05 pm');
    const item = within(dialog.getByRole('row', { name: /Core Hoodie/ }));
    expect(item.getByText('PKR 4,500.00')).toBeTruthy();
    expect(item.getByText('Tops')).toBeTruthy();
    expect(item.getByText('MD')).toBeTruthy();

    const history = within(await dialog.findByRole('list'));
    const steps = history.getAllByRole('listitem').map((step) => step.textContent);
    expect(steps[1]).toContain('by Admin Aziz on 05-Mar-2025, 2:00 pm');
    expect(steps[1]).toMatch(/Pending.*Dispatched/);
  });

  it('leaves out Paid At for an unpaid order and closes on Escape and on Close', async () => {
    server.use(http.get('/api/orders/o1', () => HttpResponse.json(withHistory(pending))));
    renderApp('/admin/orders');

    await screen.findByRole('button', { name: 'Open order R-o1' });
    // A click anywhere on the row opens it, not only on the order number.
    fireEvent.click(within(rowOf('o1')).getByText('Ayesha Khan'));
    const dialog = await screen.findByRole('dialog', { name: 'Order R-o1' });
    expect(within(dialog).getByText('Is Paid').nextElementSibling?.textContent).toBe('No');
    expect(within(dialog).queryByText('Paid At')).toBeNull();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Open order R-o1' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes the status from the overlay; the overlay, its history and the row follow', async () => {
    let current: Order = withHistory(pending);
    server.use(
      http.get('/api/orders/o1', () => HttpResponse.json(current)),
      http.put('/api/admin/orders/o1/status', () => {
        current = {
          ...current,
          status: 'Paid',
          isPaid: true,
          paidAt: '2025-03-07T05:00:00.000Z',
          statusHistory: [
            ...(current.statusHistory ?? []),
            {
              from: 'Pending',
              to: 'Paid',
              at: '2025-03-07T05:00:00.000Z',
              by: { id: 'a1', name: 'Admin Aziz' },
            },
          ],
        };
        return HttpResponse.json(current);
      }),
    );
    renderApp('/admin/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Open order R-o1' }));
    const dialog = within(await screen.findByRole('dialog'));

    fireEvent.change(dialog.getByRole('combobox', { name: 'Status of order o1' }), {
      target: { value: 'Paid' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Update status of order o1' }));

    await waitFor(() => expect(dialog.getByText('Is Paid').nextElementSibling?.textContent).toBe('Yes'));
    expect(dialog.getByText('Paid At').nextElementSibling?.textContent).toBe('07-Mar-2025, 10:00 am');
    await waitFor(() => expect(dialog.getAllByRole('listitem')).toHaveLength(3));
    expect(within(rowOf('o1')).getByText('Paid', { selector: '.admin-status' })).toBeTruthy();
  });

  it('does not open the overlay when the row’s own controls are used', async () => {
    renderApp('/admin/orders');

    fireEvent.click(await screen.findByRole('combobox', { name: 'Status of order o1' }));

    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Order not found' when the order is gone", async () => {
    server.use(http.get('/api/orders/o1', () => errorResponse(404, 'Order not found', 'NOT_FOUND')));
    renderApp('/admin/orders');

    fireEvent.click(await screen.findByRole('button', { name: 'Open order R-o1' }));

    expect(await within(await screen.findByRole('dialog')).findByText('Order not found')).toBeTruthy();
  });

  it('fills the page with the message when the list fails', async () => {
    server.use(
      http.get('/api/admin/lists/orders', () => errorResponse(500, 'Orders are unavailable', 'INTERNAL')),
    );
    renderApp('/admin/orders');

    expect((await screen.findByRole('alert')).textContent).toContain('Orders are unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps filters, sort, search and page in the URL and asks the server for exactly those', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/lists/orders', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('cursor') === 'c2')
          return HttpResponse.json(aPage([delivered], { total: 41, previousCursor: 'c1' }));
        return HttpResponse.json(aPage([pending], { total: 41, nextCursor: 'c2' }));
      }),
    );
    const { router } = renderApp('/admin/orders?status=Pending&paid=false&sort=total');

    expect(await screen.findByText('41 orders')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Pending');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('total');
    expect(asked[0]).toBe('?paid=false&sort=total&status=Pending');

    fireEvent.click(screen.getByRole('button', { name: 'Next →' }));
    await screen.findByRole('button', { name: 'Open order R-o2' });
    expect(router.state.location.search).toEqual({
      status: 'Pending',
      paid: false,
      sort: 'total',
      cursor: 'c2',
    });
    expect(asked.at(-1)).toBe('?cursor=c2&paid=false&sort=total&status=Pending');

    // A new filter starts again from the first page.
    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: 'Card' } });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        status: 'Pending',
        paid: false,
        sort: 'total',
        paymentMethod: 'Card',
      }),
    );
    await waitFor(() =>
      expect(asked.at(-1)).toBe('?paid=false&paymentMethod=Card&sort=total&status=Pending'),
    );
  });

  it('searches when the admin stops typing, once, and keeps the rows on screen meanwhile', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/lists/orders', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        asked.push(search ?? '');
        return HttpResponse.json(aPage(search ? [delivered] : [pending, delivered]));
      }),
    );
    const { router } = renderApp('/admin/orders');
    const box = await screen.findByLabelText('Search orders');
    await screen.findByRole('button', { name: 'Open order R-o1' });

    for (const typed of ['0', '03', '0300', '0300-12']) fireEvent.change(box, { target: { value: typed } });
    // Nothing asked while typing; the rows stay.
    expect(asked).toEqual(['']);
    expect(screen.getByRole('button', { name: 'Open order R-o1' })).toBeTruthy();

    await waitFor(() => expect(router.state.location.search).toEqual({ search: '0300-12' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open order R-o1' })).toBeNull());
    expect(asked).toEqual(['', '0300-12']);
  });

  it('says no orders match when filters leave none', async () => {
    server.use(http.get('/api/admin/lists/orders', () => HttpResponse.json(aPage([]))));
    renderApp('/admin/orders?status=Cancelled');

    expect(await screen.findByText('No orders match')).toBeTruthy();
  });
});
