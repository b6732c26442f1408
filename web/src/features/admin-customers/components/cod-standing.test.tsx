import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aCustomer, aPage, errorResponse, signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('customers and cash on delivery', () => {
  let blocked: boolean;
  let lifts: unknown[];

  beforeEach(() => {
    signInAsAdmin();
    blocked = true;
    lifts = [];
    server.use(
      http.get('/api/admin/lists/customers', () =>
        HttpResponse.json(
          aPage([
            aCustomer({ id: 'k1', name: 'Kamran Ali', cod: { refusals: 2, blocked } }),
            aCustomer({ id: 'k2', name: 'Hina Butt', cod: { refusals: 1, blocked: false } }),
            aCustomer({ id: 'k3', name: 'Omar Sheikh', cod: { refusals: 0, blocked: false } }),
          ]),
        ),
      ),
      http.post('/api/admin/customers/k1/cod-limit/lift', async ({ request }) => {
        lifts.push(await request.json());
        blocked = false;
        return HttpResponse.json({ refusals: 2, blocked: false });
      }),
    );
  });

  it('shows each customer’s refusals and who is blocked', async () => {
    renderApp('/admin/customers');

    await screen.findByRole('rowheader', { name: 'Kamran Ali' });
    expect(within(rowOf('Kamran Ali')).getByText('2 refusals')).toBeTruthy();
    expect(within(rowOf('Kamran Ali')).getByText('COD blocked')).toBeTruthy();
    expect(within(rowOf('Hina Butt')).getByText('1 refusal')).toBeTruthy();
    expect(within(rowOf('Hina Butt')).queryByText('COD blocked')).toBeNull();
    expect(within(rowOf('Omar Sheikh')).getByText('0 refusals')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Offer COD again/ })).toHaveLength(1);
  });

  it('offers COD again only with a reason, then shows the customer unblocked', async () => {
    renderApp('/admin/customers');
    fireEvent.click(await screen.findByRole('button', { name: 'Offer COD again to Kamran Ali' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Offer cash on delivery again' }));
    const reason = dialog.getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Offer COD again' }));
    expect(dialog.getByRole('alert').textContent).toBe('reason is required');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(lifts).toEqual([]);

    fireEvent.change(reason, { target: { value: ' Paid the courier for both returns ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Offer COD again' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lifts).toEqual([{ reason: 'Paid the courier for both returns' }]);
    await waitFor(() => expect(within(rowOf('Kamran Ali')).queryByText('COD blocked')).toBeNull());
    expect(within(rowOf('Kamran Ali')).getByText('2 refusals')).toBeTruthy();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    server.use(
      http.post('/api/admin/customers/k1/cod-limit/lift', () =>
        errorResponse(409, 'Cash on delivery is already offered to this customer.'),
      ),
    );
    renderApp('/admin/customers');
    fireEvent.click(await screen.findByRole('button', { name: 'Offer COD again to Kamran Ali' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Known customer' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Offer COD again' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Cash on delivery is already offered to this customer.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
