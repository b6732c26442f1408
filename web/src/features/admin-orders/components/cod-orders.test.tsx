import type { Order, OrderConfirmation } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { anOrder, aPage, errorResponse, signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const confirmation = (overrides: Partial<OrderConfirmation> = {}): OrderConfirmation => ({
  state: 'awaiting',
  at: null,
  by: null,
  channel: null,
  note: null,
  expiresAt: '2025-03-06T10:05:00.000Z',
  ...overrides,
});

const awaiting = anOrder({ id: 'c1', status: 'Processing', confirmation: confirmation() });
const confirmed = anOrder({
  id: 'c2',
  status: 'Dispatched',
  confirmation: confirmation({
    state: 'confirmed',
    at: '2025-03-04T12:00:00.000Z',
    by: { id: 'u1', name: 'Ayesha Khan' },
    channel: 'link',
    expiresAt: null,
  }),
});
const prepaid = anOrder({
  id: 'c3',
  paymentMethod: 'Card',
  confirmation: confirmation({ state: 'not-needed', expiresAt: null }),
});

function rowOf(id: string): HTMLElement {
  const row = screen.getByRole('button', { name: `Open order R-${id}` }).closest('tr');
  if (!row) throw new Error(`No row for order ${id}`);
  return row;
}

function listAnswering(orders: Order[]) {
  const asked: string[] = [];
  server.use(
    http.get('/api/admin/lists/orders', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(aPage(orders));
    }),
  );
  return asked;
}

describe('cash-on-delivery orders in the admin', () => {
  beforeEach(signInAsAdmin);

  it('shows the confirmation on each row and filters by it through the URL', async () => {
    const asked = listAnswering([awaiting, confirmed, prepaid]);
    const { router } = renderApp('/admin/orders');

    expect(await within(await screen.findByRole('table')).findByText('Awaiting confirmation')).toBeTruthy();
    expect(within(rowOf('c1')).getByText('Awaiting confirmation')).toBeTruthy();
    expect(within(rowOf('c2')).getByText('Confirmed')).toBeTruthy();
    expect(within(rowOf('c3')).queryByText(/confirm/i)).toBeNull();

    fireEvent.change(screen.getByLabelText('Confirmation'), { target: { value: 'awaiting' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ confirmation: 'awaiting' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?confirmation=awaiting'));
    expect(
      within(screen.getByLabelText('Confirmation'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any confirmation', 'Awaiting confirmation', 'Confirmed', 'Expired unconfirmed']);
  });

  it('asks before dispatching an unconfirmed order, and sends nothing when the admin cancels', async () => {
    listAnswering([awaiting]);
    const sent: unknown[] = [];
    server.use(
      http.put('/api/admin/orders/c1/status', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...awaiting, status: 'Dispatched' });
      }),
    );
    renderApp('/admin/orders');

    fireEvent.change(await screen.findByRole('combobox', { name: 'Status of order c1' }), {
      target: { value: 'Dispatched' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update status of order c1' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Dispatch an unconfirmed order?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(/has not confirmed order R-c1 yet/)).toBeTruthy();
    // Cancel has the focus: the safe choice is the default.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toEqual([]);
    // The row's own overlay did not open either.
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Update status of order c1' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Dispatch anyway' }),
    );
    await waitFor(() =>
      expect(within(rowOf('c1')).getByText('Dispatched', { selector: '.admin-status' })).toBeTruthy(),
    );
    expect(sent).toEqual([{ status: 'Dispatched' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the question open with the refusal inside it, to try again or cancel', async () => {
    listAnswering([awaiting]);
    let attempts = 0;
    server.use(
      http.put('/api/admin/orders/c1/status', () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(409, 'Someone else changed this order meanwhile. Please try again.')
          : HttpResponse.json({ ...awaiting, status: 'Dispatched' });
      }),
    );
    renderApp('/admin/orders');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Status of order c1' }), {
      target: { value: 'Dispatched' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update status of order c1' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Dispatch anyway' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Status update failed: Someone else changed this order meanwhile. Please try again.',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Dispatch anyway' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(rowOf('c1')).getByText('Dispatched', { selector: '.admin-status' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('dispatches a confirmed or prepaid order without asking', async () => {
    const paid = anOrder({ ...prepaid, status: 'Paid', isPaid: true });
    listAnswering([paid]);
    server.use(
      http.put('/api/admin/orders/c3/status', () => HttpResponse.json({ ...paid, status: 'Dispatched' })),
    );
    renderApp('/admin/orders');

    fireEvent.change(await screen.findByRole('combobox', { name: 'Status of order c3' }), {
      target: { value: 'Dispatched' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update status of order c3' }));
    await waitFor(() =>
      expect(within(rowOf('c3')).getByText('Dispatched', { selector: '.admin-status' })).toBeTruthy(),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offers Refused for a dispatched or shipped parcel, asks first, and marks it so', async () => {
    listAnswering([confirmed, anOrder({ id: 'c4', status: 'Shipped' }), awaiting]);
    let sent: unknown;
    server.use(
      http.put('/api/admin/orders/c2/status', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...confirmed, status: 'Refused' });
      }),
    );
    renderApp('/admin/orders');

    const options = async (id: string) =>
      within(await screen.findByRole('combobox', { name: `Status of order ${id}` }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(await options('c2')).toEqual(['Dispatched', 'Delivered', 'Refused']);
    expect(await options('c4')).toEqual(['Shipped', 'Delivered', 'Refused']);
    expect(await options('c1')).not.toContain('Refused');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status of order c2' }), {
      target: { value: 'Refused' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update status of order c2' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Mark order .+ as refused\?$/ });
    expect(within(dialog).getByText(/counts as a refusal against the customer/)).toBeTruthy();
    expect(sent).toBeUndefined();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark refused' }));
    await waitFor(() =>
      expect(within(rowOf('c2')).getByText('Refused', { selector: '.admin-status' })).toBeTruthy(),
    );
    expect(sent).toEqual({ status: 'Refused' });
    expect(await options('c2')).toEqual(['Refused']);
  });

  it('records a confirmation by phone with its note in the order view', async () => {
    listAnswering([awaiting]);
    let current: Order = awaiting;
    let sent: unknown;
    server.use(
      http.get('/api/orders/c1', () => HttpResponse.json(current)),
      http.post('/api/admin/orders/c1/confirm', async ({ request }) => {
        sent = await request.json();
        current = {
          ...awaiting,
          confirmation: confirmation({
            state: 'confirmed',
            at: '2025-03-05T06:30:00.000Z',
            by: { id: 'a1', name: 'Admin Aziz' },
            channel: 'phone',
            note: 'Called at 11:30, will be home after 5',
            expiresAt: null,
          }),
        };
        return HttpResponse.json(current);
      }),
    );
    renderApp('/admin/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Open order R-c1' }));
    const dialog = within(await screen.findByRole('dialog'));
    const section = within(dialog.getByRole('heading', { name: 'Confirmation' }).closest('section')!);
    expect(section.getByText('Awaiting confirmation')).toBeTruthy();
    expect(section.getByText(/expires on/)).toBeTruthy();

    fireEvent.change(section.getByLabelText('Note on the call (optional)'), {
      target: { value: '  Called at 11:30, will be home after 5 ' },
    });
    fireEvent.click(section.getByRole('button', { name: 'Confirmed by phone' }));

    expect(await section.findByText('Note: Called at 11:30, will be home after 5')).toBeTruthy();
    expect(sent).toEqual({ note: 'Called at 11:30, will be home after 5' });
    expect(section.getByText(/^by phone \(Admin Aziz\) on/).textContent).toBe(
      'by phone (Admin Aziz) on 05-Mar-2025, 11:30 am',
    );
    expect(section.queryByRole('button', { name: 'Confirmed by phone' })).toBeNull();
    await waitFor(() => expect(within(rowOf('c1')).getByText('Confirmed')).toBeTruthy());
  });

  it('shows why a phone confirmation was refused', async () => {
    listAnswering([awaiting]);
    server.use(
      http.get('/api/orders/c1', () => HttpResponse.json(awaiting)),
      http.post('/api/admin/orders/c1/confirm', () =>
        errorResponse(409, 'This order is no longer awaiting confirmation.'),
      ),
    );
    renderApp('/admin/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Open order R-c1' }));
    const dialog = within(await screen.findByRole('dialog'));

    fireEvent.click(dialog.getByRole('button', { name: 'Confirmed by phone' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Could not record the confirmation: This order is no longer awaiting confirmation.',
    );
  });
});
