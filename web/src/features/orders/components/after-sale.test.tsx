import type { Order, OrderReturn } from '@shop/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session';
import { anOrder, anOrderItem } from '../../../test/account-builders';
import { aSession } from '../../../test/builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const answer = (order: Order) => http.get(`/api/orders/${order.id}`, () => HttpResponse.json(order));

const delivered = (overrides: Partial<Order> = {}) =>
  anOrder({
    id: '60',
    status: 'Delivered',
    isDelivered: true,
    deliveredAt: new Date(Date.now() - 86_400_000).toISOString(),
    returnableUntil: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    OrderItems: [
      anOrderItem({ id: 'tee', qty: 2 }),
      anOrderItem({ id: 'cap', name: 'Cap', qty: 1, size: '' }),
    ],
    ...overrides,
  });

function aReturn(overrides: Partial<OrderReturn> = {}): OrderReturn {
  return {
    id: '60-1',
    orderId: '60',
    orderReference: 'AX-60AAAA',
    userId: 'u1',
    status: 'Requested',
    reason: 'Too small',
    items: [
      {
        orderItemId: 'tee',
        productId: 'p1',
        name: 'Training Tee',
        image: '/uploads/tee.webp',
        size: 'MD',
        qty: 1,
        unitPrice: 60,
        refund: 57,
      },
    ],
    refundAmount: 57,
    requestedAt: '2025-03-08T10:00:00.000Z',
    updatedAt: '2025-03-08T10:00:00.000Z',
    refundedAt: null,
    history: [{ status: 'Requested', at: '2025-03-08T10:00:00.000Z' }],
    ...overrides,
  };
}

describe('cancelling from the order page', () => {
  it('asks first; Keep order sends nothing, Yes cancels and shows who cancelled it', async () => {
    signIn(aSession());
    const order = anOrder({ id: '50' });
    const calls: string[] = [];
    server.use(
      answer(order),
      http.post('/api/orders/50/cancel', () => {
        calls.push('cancel');
        return HttpResponse.json({ ...order, status: 'Cancelled', cancelledBy: 'customer' });
      }),
      http.get('/api/orders/50/tracking', () => HttpResponse.json({})),
    );
    renderApp('/order/50');

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(screen.getByText(/Cancel this order\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('You cancelled this order.')).toBeTruthy();
    expect(calls).toEqual(['cancel']);
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it("shows the server's refusal, and offers no Cancel once the shop has started on the order", async () => {
    signIn(aSession());
    const processing = anOrder({ id: '52', reference: 'AX-52PQRS', status: 'Processing' });
    server.use(
      answer(anOrder({ id: '51', status: 'Paid' })),
      http.post('/api/orders/51/cancel', () =>
        HttpResponse.json(
          { message: 'This order is already Processing and can no longer be cancelled.', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
      answer(processing),
    );
    const { router } = renderApp('/order/51');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This order is already Processing and can no longer be cancelled.',
    );

    await router.navigate({ to: '/order/$id', params: { id: '52' } });
    expect(await screen.findByRole('heading', { name: `Order ${processing.reference}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it('tells a shopper whose paid order was cancelled by the shop what is owed back', async () => {
    signIn(aSession());
    server.use(
      answer(anOrder({ id: '53', status: 'Cancelled', cancelledBy: 'shop', isPaid: true, refundDue: 114 })),
    );
    renderApp('/order/53');
    expect(await screen.findByText('The shop cancelled this order.')).toBeTruthy();
    expect(screen.getByText('You paid for it, so PKR 114.00 will be refunded to you.')).toBeTruthy();
  });
});

describe('returning from the order page', () => {
  it('sends the picked lines and reason, then lists the new return with its status', async () => {
    signIn(aSession());
    const sent: unknown[] = [];
    let returns: OrderReturn[] = [];
    server.use(
      answer(delivered()),
      http.get('/api/orders/60/returns', () => HttpResponse.json(returns)),
      http.get('/api/orders/60/tracking', () => HttpResponse.json({})),
      http.post('/api/orders/60/returns', async ({ request }) => {
        sent.push(await request.json());
        returns = [aReturn()];
        return HttpResponse.json(returns[0], { status: 201 });
      }),
    );
    renderApp('/order/60');

    const tee = await screen.findByLabelText(/Training Tee \(MD\)/);
    expect(tee.getAttribute('max')).toBe('2');
    expect(screen.getByLabelText(/^Cap/).getAttribute('max')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Request Return' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pick at least one item to return.');
    fireEvent.change(tee, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Return' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please tell us why you are returning it.');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  Too small  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Return' }));

    expect(await screen.findByText('Return Requested')).toBeTruthy();
    expect(sent).toEqual([{ items: [{ orderItemId: 'tee', qty: 1 }], reason: 'Too small' }]);
    // One tee is asked back already: one is left to return.
    await waitFor(() => expect(screen.getByLabelText(/Training Tee \(MD\)/).getAttribute('max')).toBe('1'));
  });

  it('after the window, shows the returns and their statuses but no form', async () => {
    signIn(aSession());
    server.use(
      answer(delivered({ returnableUntil: new Date(Date.now() - 60_000).toISOString() })),
      http.get('/api/orders/60/returns', () =>
        HttpResponse.json([aReturn({ status: 'Refunded', refundedAt: '2025-03-10T10:00:00.000Z' })]),
      ),
    );
    renderApp('/order/60');
    expect(await screen.findByText('Return Refunded')).toBeTruthy();
    expect(screen.getByText(/1 × Training Tee \(MD\) · Refunded PKR 57\.00/)).toBeTruthy();
    expect(screen.getByText('The return window of this order has closed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request Return' })).toBeNull();
  });
});
