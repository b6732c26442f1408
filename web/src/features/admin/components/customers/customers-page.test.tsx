import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aUser } from '../../../../test/builders';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render-app';
import { errorResponse, signInAsAdmin } from '../../testing/builders';

const customers = [
  aUser({
    id: 'c1',
    name: 'Zara Qureshi',
    email: 'zara@example.pk',
    contact: '0321-7654321',
    affiliateUseCount: 2,
    // The latest moment, but its shown date ("01-Dec-2025") comes first as text.
    createdAt: '2025-12-01T08:00:00.000Z',
    updatedAt: '2025-12-02T08:00:00.000Z',
  }),
  aUser({
    id: 'c2',
    name: 'ahmed Raza',
    email: 'ahmed@example.pk',
    contact: '',
    isAdmin: true,
    createdAt: '2025-02-10T08:00:00.000Z',
    updatedAt: '2025-02-10T08:00:00.000Z',
  }),
  aUser({
    id: 'c3',
    name: 'Maryam Iqbal',
    email: 'maryam@shop.pk',
    contact: '0300-1234567',
    affiliateUseCount: 1,
    createdAt: '2025-09-05T08:00:00.000Z',
    updatedAt: '2025-09-06T08:00:00.000Z',
  }),
];

async function table() {
  return within(await screen.findByRole('table'));
}

/** The Name column, top to bottom. */
function names(view: ReturnType<typeof within>): string[] {
  return view
    .getAllByRole('row')
    .slice(1)
    .map((row: HTMLElement) => within(row).getAllByRole('rowheader')[0]?.textContent ?? '');
}

function header(view: ReturnType<typeof within>, name: string) {
  return view.getByRole('columnheader', { name: new RegExp(`^${name}`) });
}

describe('admin customers page', () => {
  beforeEach(() => {
    signInAsAdmin();
    server.use(http.get('/api/admin/users', () => HttpResponse.json(customers)));
  });

  it('lists every customer with mail links, contact, admin badge and affiliate use', async () => {
    renderApp('/admin/customers');
    const view = await table();

    expect(screen.getByText('Showing 3 of 3 customers')).toBeTruthy();
    const zara = within(view.getByRole('row', { name: /Zara Qureshi/ }));
    expect(zara.getByRole('link', { name: 'zara@example.pk' }).getAttribute('href')).toBe(
      'mailto:zara@example.pk',
    );
    expect(zara.getByText('Used 2 times')).toBeTruthy();
    expect(zara.getByText('No')).toBeTruthy();
    const ahmed = within(view.getByRole('row', { name: /ahmed Raza/ }));
    expect(ahmed.getByText('Not provided')).toBeTruthy();
    expect(ahmed.getByText('Yes')).toBeTruthy();
    expect(ahmed.getByText('None')).toBeTruthy();
  });

  it('searches name, e-mail and contact, ignoring case and phone separators', async () => {
    renderApp('/admin/customers');
    const view = await table();
    const search = screen.getByPlaceholderText('Search customers by name, email or contact...');

    fireEvent.change(search, { target: { value: 'MARYAM' } });
    expect(names(view)).toEqual(['Maryam Iqbal']);
    expect(screen.getByText('Showing 1 of 3 customers')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'ahmed@' } });
    expect(names(view)).toEqual(['ahmed Raza']);

    fireEvent.change(search, { target: { value: '03217654321' } });
    expect(names(view)).toEqual(['Zara Qureshi']);

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No customers found')).toBeTruthy();
    expect(screen.getByText('Try a different search term')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 3 customers')).toBeTruthy();
  });

  it('sorts a column ascending on the first click and descending on the second', async () => {
    renderApp('/admin/customers');
    const view = await table();
    const name = header(view, 'Name');
    expect(name.getAttribute('aria-sort')).toBeNull();

    fireEvent.click(within(name).getByRole('button'));
    expect(names(view)).toEqual(['ahmed Raza', 'Maryam Iqbal', 'Zara Qureshi']);
    expect(name.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(name).getByRole('button'));
    expect(names(view)).toEqual(['Zara Qureshi', 'Maryam Iqbal', 'ahmed Raza']);
    expect(name.getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts dates as dates, not as text', async () => {
    renderApp('/admin/customers');
    const view = await table();
    const created = header(view, 'Created');

    fireEvent.click(within(created).getByRole('button'));
    expect(names(view)).toEqual(['ahmed Raza', 'Maryam Iqbal', 'Zara Qureshi']);
    expect(created.getAttribute('aria-sort')).toBe('ascending');
    expect(header(view, 'Name').getAttribute('aria-sort')).toBeNull();

    fireEvent.click(within(created).getByRole('button'));
    expect(names(view)).toEqual(['Zara Qureshi', 'Maryam Iqbal', 'ahmed Raza']);
    expect(created.getAttribute('aria-sort')).toBe('descending');
  });

  it('starts a new column ascending and sorts numbers by value', async () => {
    renderApp('/admin/customers');
    const view = await table();
    fireEvent.click(within(header(view, 'Name')).getByRole('button'));

    fireEvent.click(within(header(view, 'Affiliate')).getByRole('button'));

    expect(names(view)).toEqual(['ahmed Raza', 'Maryam Iqbal', 'Zara Qureshi']);
    expect(header(view, 'Affiliate').getAttribute('aria-sort')).toBe('ascending');
  });

  it('says so when nobody has registered yet', async () => {
    server.use(http.get('/api/admin/users', () => HttpResponse.json([])));
    renderApp('/admin/customers');

    expect(await screen.findByText('No customers registered yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error panel on a failed load and loads again on Try Again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/admin/users', () => {
        calls += 1;
        return calls === 1
          ? errorResponse(503, 'Read models are rebuilding', 'SERVICE_UNAVAILABLE')
          : HttpResponse.json(customers);
      }),
    );
    renderApp('/admin/customers');

    expect(await screen.findByText('Error Loading Customers')).toBeTruthy();
    expect(screen.getByText('Read models are rebuilding')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('Showing 3 of 3 customers')).toBeTruthy();
  });

  it('shows the spinner text while loading', async () => {
    server.use(http.get('/api/admin/users', () => new Promise<never>(() => {})));
    renderApp('/admin/customers');

    expect(await screen.findByText('Loading customers...')).toBeTruthy();
  });
});
