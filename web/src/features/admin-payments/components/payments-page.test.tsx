import type { AdminPaymentProof } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const aProof = (id: string, overrides: Partial<AdminPaymentProof> = {}): AdminPaymentProof => ({
  id,
  orderId: `o-${id}`,
  reference: `AX-${id}`,
  transactionId: `TX-${id}`,
  image: `/uploads/${id}.webp`,
  amount: 1450,
  state: 'submitted',
  reason: null,
  submittedAt: '2025-03-08T10:00:00.000Z',
  decidedAt: null,
  usedOnOtherOrders: [],
  customerName: 'Ayesha Khan',
  orderTotal: 1450,
  orderStatus: 'Pending',
  ...overrides,
});

describe('admin payments page', () => {
  it('lists the proofs to check beside the order total, flags a reused ID, accepts and rejects', async () => {
    signInAsAdmin();
    let proofs = [aProof('1'), aProof('2', { usedOnOtherOrders: ['AX-9'] })];
    const decided: string[] = [];
    server.use(
      http.get('/api/admin/payment-proofs', ({ request }) => {
        expect(new URL(request.url).searchParams.get('state')).toBe('submitted');
        return HttpResponse.json(proofs);
      }),
      http.post('/api/admin/payment-proofs/:id/accept', ({ params }) => {
        decided.push(`accept ${params.id}`);
        proofs = proofs.filter((p) => p.id !== params.id);
        return HttpResponse.json(aProof(String(params.id), { state: 'accepted', orderStatus: 'Paid' }));
      }),
      http.post('/api/admin/payment-proofs/:id/reject', async ({ params, request }) => {
        decided.push(`reject ${params.id}: ${((await request.json()) as { reason: string }).reason}`);
        proofs = proofs.filter((p) => p.id !== params.id);
        return HttpResponse.json(aProof(String(params.id), { state: 'rejected' }));
      }),
    );
    renderApp('/admin/payments');
    const first = await screen.findByRole('row', { name: 'Proof for order AX-1' });
    expect(within(first).getByText('PKR 1,450.00')).toBeTruthy();
    expect(within(first).getByText('TX-1')).toBeTruthy();
    const second = screen.getByRole('row', { name: 'Proof for order AX-2' });
    expect(within(second).getByRole('note').textContent).toBe('Also sent for order AX-9');

    fireEvent.click(within(first).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Proof for order AX-1' })).toBeNull());

    fireEvent.click(within(second).getByRole('button', { name: 'Reject' }));
    const reject = within(second).getByRole('button', { name: 'Reject proof' }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.change(within(second).getByLabelText('Reason the shopper is told'), {
      target: { value: 'No such transfer' },
    });
    fireEvent.click(reject);
    expect(await screen.findByText('No proofs to check')).toBeTruthy();
    expect(decided).toEqual(['accept 1', 'reject 2: No such transfer']);
  });
});
