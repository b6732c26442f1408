import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { anAffiliateRequest, aPage, errorResponse, signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const sana = anAffiliateRequest({ id: 'a1', User: { name: 'Sana Malik', email: 'sana@example.pk' } });
const omar = anAffiliateRequest({
  id: 'a2',
  status: 'Approved',
  code: 'OMAR5',
  User: { name: 'Omar Shah', email: 'omar@example.pk' },
});

/** Holds an answer back until the test lets it go, to observe the in-flight state. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

describe('admin affiliate requests page', () => {
  beforeEach(() => {
    signInAsAdmin();
    server.use(http.get('/api/admin/lists/affiliate-requests', () => HttpResponse.json(aPage([sana, omar]))));
  });

  it('offers Approve and Reject on pending rows only, with the notes', async () => {
    renderApp('/admin/affiliates');

    const pendingRow = within(await screen.findByRole('row', { name: /Sana Malik/ }));
    expect(pendingRow.getByRole('button', { name: 'Approve Sana Malik' })).toBeTruthy();
    expect(pendingRow.getByRole('button', { name: 'Reject Sana Malik' })).toBeTruthy();
    const approvedRow = within(screen.getByRole('row', { name: /Omar Shah/ }));
    expect(approvedRow.queryByRole('button')).toBeNull();
    expect(approvedRow.getByText('Approved')).toBeTruthy();
    expect(screen.getByText(/earn commission on the sales they refer/)).toBeTruthy();
    expect(screen.getByText(/may apply again and be reconsidered/)).toBeTruthy();
  });

  it("reads 'Processing...' while a decision is in flight, then shows the new status", async () => {
    const answer = gate();
    server.use(
      http.put('/api/affiliate/a1/approve', async () => {
        await answer.opened;
        return HttpResponse.json({ ...sana, status: 'Approved', code: 'SANA5' });
      }),
    );
    renderApp('/admin/affiliates');

    fireEvent.click(await screen.findByRole('button', { name: 'Approve Sana Malik' }));

    const row = within(screen.getByRole('row', { name: /Sana Malik/ }));
    expect(await row.findByText('Processing...')).toBeTruthy();
    expect(row.queryByRole('button')).toBeNull();

    answer.open();

    expect(await row.findByText('Approved')).toBeTruthy();
    expect(row.getByText('Code SANA5')).toBeTruthy();
    expect(row.queryByText('Processing...')).toBeNull();
    expect(row.queryByRole('button')).toBeNull();
  });

  it('shows the message of a failed decision and frees the row', async () => {
    server.use(
      http.put('/api/affiliate/a1/reject', () => errorResponse(409, 'The request was already decided')),
    );
    renderApp('/admin/affiliates');

    fireEvent.click(await screen.findByRole('button', { name: 'Reject Sana Malik' }));

    const row = within(screen.getByRole('row', { name: /Sana Malik/ }));
    expect((await row.findByRole('alert')).textContent).toBe(
      'Could not reject the request: The request was already decided',
    );
    await waitFor(() => expect(row.queryByText('Processing...')).toBeNull());
    expect(row.getByRole('button', { name: 'Approve Sana Malik' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Reject Sana Malik' })).toBeTruthy();
  });

  it("shows 'No pending requests' when the Pending filter finds none", async () => {
    let asked = '';
    server.use(
      http.get('/api/admin/lists/affiliate-requests', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json(aPage([]));
      }),
    );
    renderApp('/admin/affiliates?status=Pending');

    expect(await screen.findByText('No pending requests')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(asked).toBe('?status=Pending');
  });
});
