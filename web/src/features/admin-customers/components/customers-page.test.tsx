import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aCustomer, aPage, errorResponse, signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const customers = [
  aCustomer({
    id: 'c1',
    name: 'Zara Qureshi',
    email: 'zara@example.pk',
    contact: '0321-7654321',
    orderCount: 3,
    totalSpent: 27_000,
    affiliate: { status: 'Approved', code: 'ZARA2025', useCount: 2 },
  }),
  aCustomer({ id: 'c2', name: 'ahmed Raza', email: 'ahmed@example.pk', contact: '', isAdmin: true }),
  aCustomer({
    id: 'c3',
    name: 'Maryam Iqbal',
    email: 'maryam@shop.pk',
    orderCount: 1,
    totalSpent: 4_500,
    affiliate: { status: 'Pending', code: null, useCount: 0 },
  }),
];

describe('admin customers page', () => {
  let asked: URLSearchParams[];
  beforeEach(() => {
    signInAsAdmin();
    asked = [];
    server.use(
      http.get('/api/admin/lists/customers', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const search = query.get('search');
        const items = search ? customers.filter((c) => c.name.toLowerCase().includes(search)) : customers;
        return HttpResponse.json(aPage(items, { total: search ? items.length : 120, nextCursor: 'n' }));
      }),
    );
  });

  it('lists a page of customers with their orders, spending and affiliate standing, and the count', async () => {
    renderApp('/admin/customers');
    const view = within(await screen.findByRole('table'));

    expect(screen.getByText('120 customers')).toBeTruthy();
    const zara = within(view.getByRole('row', { name: /Zara Qureshi/ }));
    expect(zara.getByRole('link', { name: 'zara@example.pk' }).getAttribute('href')).toBe(
      'mailto:zara@example.pk',
    );
    expect(zara.getByText('3')).toBeTruthy();
    expect(zara.getByRole('link', { name: 'Call 0321-7654321' }).getAttribute('href')).toBe(
      'tel:+923217654321',
    );
    expect(zara.getByRole('link', { name: 'WhatsApp 0321-7654321' }).getAttribute('href')).toBe(
      'https://wa.me/923217654321',
    );
    expect(zara.getByText('PKR 27,000.00')).toBeTruthy();
    // An approved affiliate shows as one, with the code and its uses.
    expect(zara.getByText(/Approved · ZARA2025/)).toBeTruthy();
    expect(zara.getByText('Used 2 times')).toBeTruthy();
    const ahmed = within(view.getByRole('row', { name: /ahmed Raza/ }));
    expect(ahmed.getByText('Not provided')).toBeTruthy();
    expect(ahmed.getByText('Yes')).toBeTruthy();
    expect(ahmed.getByText('None')).toBeTruthy();
    expect(within(view.getByRole('row', { name: /Maryam Iqbal/ })).getByText('Pending')).toBeTruthy();
    // Each figure says what it counts.
    expect(
      screen.getByText(
        /is what the customer paid and kept: paid orders \(a cash-on-delivery parcel once delivered\), cancelled and refused ones left out, refunds taken off/,
      ),
    ).toBeTruthy();
  });

  it('searches on the server once typing stops, and sorts through the URL', async () => {
    const { router } = renderApp('/admin/customers');
    await screen.findByRole('table');

    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: 'maryam' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'maryam' }));
    expect(await screen.findByText('1 customer')).toBeTruthy();
    expect(asked.at(-1)?.get('search')).toBe('maryam');

    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'spent-desc' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'maryam', sort: 'spent' }));
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('search=maryam&sort=spent'));

    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'orders-asc' } });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ search: 'maryam', sort: 'orders', direction: 'asc' }),
    );
  });

  it('says no customers were found for a search that matches nobody', async () => {
    renderApp('/admin/customers?search=nobody');

    expect(await screen.findByText('No customers found')).toBeTruthy();
    expect(screen.getByText('Try a different search term')).toBeTruthy();
  });

  it('says so when nobody has registered yet', async () => {
    server.use(http.get('/api/admin/lists/customers', () => HttpResponse.json(aPage([]))));
    renderApp('/admin/customers');

    expect(await screen.findByText('No customers registered yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error panel on a failed load and loads again on Try Again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/admin/lists/customers', () => {
        calls += 1;
        return calls === 1
          ? errorResponse(503, 'Read models are rebuilding', 'SERVICE_UNAVAILABLE')
          : HttpResponse.json(aPage(customers));
      }),
    );
    renderApp('/admin/customers');

    expect(await screen.findByText('Error Loading Customers')).toBeTruthy();
    expect(screen.getByText('Read models are rebuilding')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('3 customers')).toBeTruthy();
  });

  it('shows the spinner text while loading', async () => {
    server.use(http.get('/api/admin/lists/customers', () => new Promise<never>(() => {})));
    renderApp('/admin/customers');

    expect(await screen.findByText('Loading customers...')).toBeTruthy();
  });
});
