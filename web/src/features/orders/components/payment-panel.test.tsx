// @ts-nocheck
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session';
import { anOrder } from '../../../test/account-builders';
import { aSession } from '../../../test/builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const unpaid = anOrder({ id: '60', paymentMethod: 'Card', totalPrice: 1450 });
const payments = (overrides = {}) => ({
  canPayOnline: true,
  canSendProof: true,
  attempts: [],
  proofs: [],
  ...overrides,
});

describe('paying an order on its page', () => {
  it('offers JazzCash and posts the signed form the shop answers to JazzCash', async () => {
    signIn(aSession());
    const asked = [];
    server.use(
      http.get('/api/orders/60', () => HttpResponse.json(unpaid)),
      http.get('/api/orders/60/payments', () => HttpResponse.json(payments())),
      http.post('/api/orders/60/pay', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(
          {
            actionUrl: 'https://sandbox.jazzcash.com.pk/form',
            fields: { pp_Amount: '145000', pp_SecureHash: 'AB' },
          },
          { status: 201 },
        );
      }),
    );
    const submitted = [];
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function () {
      submitted.push({
        action: this.action,
        method: this.method,
        fields: Object.fromEntries(new FormData(this)),
      });
    });
    renderApp('/order/60');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay PKR 1,450.00 with JazzCash' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(asked).toEqual([{ method: 'jazzcash' }]);
    expect(submitted[0]).toEqual({
      action: 'https://sandbox.jazzcash.com.pk/form',
      method: 'post',
      fields: { pp_Amount: '145000', pp_SecureHash: 'AB' },
    });
    expect(screen.getByRole('button', { name: 'Opening JazzCash…' })).toBeTruthy();
    submit.mockRestore();
  });

  it('says why the last JazzCash payment failed, and shows each proof with what became of it', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/60', () => HttpResponse.json(unpaid)),
      http.get('/api/orders/60/payments', () =>
        HttpResponse.json(
          payments({
            attempts: [
              {
                txnRef: 'T1',
                amount: 1450,
                state: 'failed',
                message: 'Declined by the customer.',
                startedAt: '2025-03-04T10:00:00.000Z',
                settledAt: '2025-03-04T10:01:00.000Z',
              },
            ],
            proofs: [
              {
                id: 'p1',
                orderId: '60',
                reference: 'AX-7K3M9Q',
                transactionId: 'TX111',
                image: '/uploads/a.webp',
                amount: 1450,
                state: 'rejected',
                reason: 'Not in our statement',
                submittedAt: '2025-03-04T10:00:00.000Z',
                decidedAt: '2025-03-04T12:00:00.000Z',
                usedOnOtherOrders: [],
              },
            ],
          }),
        ),
      ),
    );
    renderApp('/order/60');
    expect((await screen.findByText(/did not go through/)).textContent).toContain(
      'Declined by the customer.',
    );
    const proofs = await screen.findByRole('list', { name: 'Proofs of payment sent' });
    expect(proofs.textContent).toContain('TX111');
    expect(proofs.textContent).toContain('Not accepted');
    expect(proofs.textContent).toContain('Not in our statement');
  });

  it('sends the transaction ID and the screenshot, and shows the proof being checked', async () => {
    signIn(aSession());
    let state = payments({ canPayOnline: false });
    const sent = [];
    server.use(
      http.get('/api/orders/60', () => HttpResponse.json(unpaid)),
      http.get('/api/orders/60/payments', () => HttpResponse.json(state)),
      http.post('/api/orders/60/payment-proof', async ({ request }) => {
        const form = await request.formData();
        sent.push({ transactionId: form.get('transactionId'), image: form.get('image')?.name });
        const proof = {
          id: 'p2',
          orderId: '60',
          reference: 'AX-7K3M9Q',
          transactionId: 'TX222',
          image: '/uploads/b.webp',
          amount: 1450,
          state: 'submitted',
          reason: null,
          submittedAt: '2025-03-04T10:00:00.000Z',
          decidedAt: null,
          usedOnOtherOrders: [],
        };
        state = payments({ canPayOnline: false, canSendProof: false, proofs: [proof] });
        return HttpResponse.json(proof, { status: 201 });
      }),
    );
    renderApp('/order/60');
    fireEvent.click(await screen.findByRole('button', { name: 'Send proof of payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the transaction ID of your transfer.');
    fireEvent.change(screen.getByLabelText('Transaction ID'), { target: { value: ' TX222 ' } });
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Screenshot of the transfer'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send proof of payment' }));
    expect((await screen.findByRole('list', { name: 'Proofs of payment sent' })).textContent).toContain(
      'Being checked',
    );
    expect(sent).toEqual([{ transactionId: 'TX222', image: 'shot.png' }]);
    expect(screen.queryByRole('button', { name: 'Send proof of payment' })).toBeNull();
  });
});
