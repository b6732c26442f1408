import type { OrderReturn, ReturnStatus } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { anOrder, aPage, errorResponse, signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

function aReturn(id: string, status: ReturnStatus, overrides: Partial<OrderReturn> = {}): OrderReturn {
  return {
    id,
    orderId: id.split('-')[0] ?? id,
    orderReference: `AX-${id.split('-')[0]}QQQQ`,
    userId: 'u1',
    status,
    reason: `Reason of ${id}`,
    items: [
      {
        orderItemId: 'l1',
        productId: 'p1',
        name: 'Core Hoodie',
        image: '/uploads/hoodie.webp',
        size: 'MD',
        qty: 1,
        unitPrice: 4500,
        refund: 4275,
      },
    ],
    refundAmount: 4275,
    requestedAt: '2025-03-08T10:00:00.000Z',
    updatedAt: '2025-03-08T10:00:00.000Z',
    refundedAt: null,
    history: [{ status: 'Requested', at: '2025-03-08T10:00:00.000Z' }],
    User: { name: 'Ayesha Khan', email: 'ayesha@example.pk' },
    ...overrides,
  };
}

describe('admin returns page', () => {
  let seen: string[];
  let current: OrderReturn;

  beforeEach(() => {
    signInAsAdmin();
    seen = [];
    current = aReturn('71-1', 'Requested');
    server.use(
      http.get('/api/admin/returns', ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.search);
        if (url.searchParams.get('cursor') === 'page-2') {
          return HttpResponse.json({
            items: [aReturn('70-1', 'Refunded')],
            total: 2,
            previousCursor: 'page-1',
            nextCursor: null,
          });
        }
        return HttpResponse.json({ items: [current], total: 2, previousCursor: null, nextCursor: 'page-2' });
      }),
    );
  });

  it('lists each return with its order, customer, lines, reason, refund and status, and the total', async () => {
    renderApp('/admin/returns');
    expect(await screen.findByRole('heading', { name: 'Returns', level: 1 })).toBeTruthy();
    const row = within(await screen.findByRole('row', { name: 'Return 71-1' }));
    // The order by the reference people quote, opening the orders list found by it.
    expect(row.getByRole('link', { name: 'AX-71QQQQ' }).getAttribute('href')).toBe(
      '/admin/orders?search=AX-71QQQQ',
    );
    for (const text of [
      'Ayesha Khan',
      '1 × Core Hoodie (MD)',
      'Reason of 71-1',
      'PKR 4,275.00',
      'Requested',
    ]) {
      expect(row.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('2 returns')).toBeTruthy();
  });

  it('moves a return on with the allowed steps only, and shows a refusal', async () => {
    const moves: unknown[] = [];
    server.use(
      http.put('/api/admin/returns/71-1/status', async ({ request }) => {
        const body = (await request.json()) as { status: ReturnStatus };
        moves.push(body);
        if (body.status === 'Received')
          return errorResponse(409, 'A return that is Approved cannot be marked X.');
        current = aReturn('71-1', body.status);
        return HttpResponse.json(current);
      }),
    );
    renderApp('/admin/returns');
    const row = within(await screen.findByRole('row', { name: 'Return 71-1' }));
    expect(row.getAllByRole('button').map((button) => button.textContent)).toEqual(['Approve', 'Reject']);

    fireEvent.click(row.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(row.getByText('Approved')).toBeTruthy());
    expect(row.getAllByRole('button').map((button) => button.textContent)).toEqual(['Mark Received']);
    fireEvent.click(row.getByRole('button', { name: 'Mark Received' }));
    expect((await row.findByRole('alert')).textContent).toBe(
      'Return update failed: A return that is Approved cannot be marked X.',
    );
    expect(moves).toEqual([{ status: 'Approved' }, { status: 'Received' }]);
  });

  it('keeps the status filter and the page in the URL', async () => {
    const { router } = renderApp('/admin/returns');
    await screen.findByRole('row', { name: 'Return 71-1' });
    fireEvent.click(screen.getByRole('link', { name: 'Refunded' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'Refunded' }));
    await waitFor(() => expect(seen).toContain('?status=Refunded'));

    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    await waitFor(() => expect(button('Next →').disabled).toBe(false));
    expect(button('← Previous').disabled).toBe(true);
    fireEvent.click(button('Next →'));
    expect(await screen.findByRole('row', { name: 'Return 70-1' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ status: 'Refunded', cursor: 'page-2' });
    expect(seen).toContain('?status=Refunded&cursor=page-2');
    expect(button('Next →').disabled).toBe(true);

    fireEvent.click(button('← Previous'));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: 'Refunded', cursor: 'page-1' }),
    );
    expect(await screen.findByRole('row', { name: 'Return 71-1' })).toBeTruthy();
    await waitFor(() => expect(button('← Previous').disabled).toBe(true));
  });

  it('shows the failure with Retry when the list cannot be loaded', async () => {
    server.use(http.get('/api/admin/returns', () => errorResponse(500, 'Database is down', 'INTERNAL')));
    renderApp('/admin/returns');
    expect(await screen.findByText('Database is down')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the order overlay after the sale', () => {
  it('shows the delivery note, lists the notes, adds one, and shows the returns', async () => {
    signInAsAdmin();
    const order = anOrder({
      id: '71',
      status: 'Delivered',
      isDelivered: true,
      deliveredAt: '2025-03-07T10:00:00.000Z',
      deliveryNote: 'call before coming, gate 2',
    });
    let notes = [
      {
        id: 'n1',
        text: 'VIP customer',
        at: '2025-03-04T10:05:00.000Z',
        by: { id: 'a1', name: 'Admin Aziz' },
      },
    ];
    const added: unknown[] = [];
    server.use(
      http.get('/api/admin/lists/orders', () => HttpResponse.json(aPage([order]))),
      http.get('/api/orders/71', () => HttpResponse.json({ ...order, statusHistory: [], notes })),
      http.get('/api/orders/71/returns', () => HttpResponse.json([aReturn('71-1', 'Received')])),
      http.post('/api/admin/orders/71/notes', async ({ request }) => {
        added.push(await request.json());
        const note = {
          id: 'n2',
          text: 'Called: fine',
          at: '2025-03-08T10:05:00.000Z',
          by: { id: 'a1', name: 'Admin Aziz' },
        };
        notes = [...notes, note];
        return HttpResponse.json(note, { status: 201 });
      }),
    );
    renderApp('/admin/orders');
    fireEvent.click((await screen.findAllByRole('button', { name: `Open order ${order.reference}` }))[0]!);
    const overlay = within(await screen.findByRole('dialog', { name: `Order ${order.reference}` }));

    expect(overlay.getByText('call before coming, gate 2')).toBeTruthy();
    expect(await overlay.findByText('VIP customer')).toBeTruthy();
    fireEvent.change(overlay.getByLabelText('Add a note'), { target: { value: ' Called: fine ' } });
    fireEvent.click(overlay.getByRole('button', { name: 'Add Note' }));
    expect(await overlay.findByText('Called: fine')).toBeTruthy();
    expect(added).toEqual([{ text: 'Called: fine' }]);

    const returned = within(await overlay.findByRole('listitem', { name: 'Return 71-1' }));
    expect(returned.getByText('Received')).toBeTruthy();
    expect(returned.getByRole('button', { name: 'Mark Refunded' })).toBeTruthy();
  });
});
