import type { MessagesStatus } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, signInAsAdmin, someMetrics } from '../test/admin-builders';
import { aProduct } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

vi.mock('uplot', () => import('../test/fake-uplot'));

const products = [
  aProduct({ id: 'p1', name: 'Core Hoodie', price: 4500, countInStock: 3 }),
  aProduct({ id: 'p2', name: 'Trail Shorts', price: 2999.5, countInStock: 25 }),
  aProduct({ id: 'p3', name: 'Yoga Mat', price: 3999, countInStock: 0 }),
];

const noMessages: MessagesStatus = {
  channels: [
    {
      channel: 'email',
      delivery: 'smtp',
      sent: 0,
      waiting: 0,
      failed: 0,
      withdrawn: 0,
      oldestWaitingSince: null,
      lastFailure: null,
      lastRetry: null,
    },
  ],
};

describe('admin dashboard', () => {
  beforeEach(() => {
    signInAsAdmin();
    server.use(http.get('/api/admin/messages', () => HttpResponse.json(noMessages)));
  });

  it('shows refused parcels and the 30-day confirmation and refusal rates, a dash where none', async () => {
    server.use(
      http.get('/api/admin/metrics', () =>
        HttpResponse.json(
          someMetrics({
            byStatus: { ...someMetrics().byStatus, Refused: 2 },
            cod: { refused: 2, confirmationRate: 0.8333, refusalRate: null },
          }),
        ),
      ),
      http.get('/api/products', () => HttpResponse.json(products)),
    );
    renderApp('/admin');

    const cod = within(await screen.findByRole('region', { name: 'Cash on delivery' }));
    expect(cod.getByText('Refused parcels').nextElementSibling?.textContent).toBe('2');
    expect(cod.getByText('Confirmed (30 days)').nextElementSibling?.textContent).toBe('83%');
    expect(cod.getByText('Refused (30 days)').nextElementSibling?.textContent).toBe('—');
    // Refused is a status of its own among the counters that add up to the total.
    const counters = within(screen.getByRole('region', { name: 'Orders' }));
    expect(counters.getByText('Refused').nextElementSibling?.textContent).toBe('2');
  });

  it('shows the counters, the chart with its data table, the shortcuts and the product table', async () => {
    server.use(
      http.get('/api/admin/metrics', () => HttpResponse.json(someMetrics())),
      http.get('/api/products', () => HttpResponse.json(products)),
    );
    renderApp('/admin');

    expect(await screen.findByText('Loading dashboard…')).toBeTruthy();
    const counters = within(await screen.findByRole('region', { name: 'Orders' }));
    // Each order once, under its status: 3 + 2 + 1 + 0 + 1 + 4 + 1 = 12.
    for (const [label, value] of [
      ['Total Orders', '12'],
      ['Pending', '3'],
      ['Paid', '2'],
      ['Processing', '1'],
      ['Dispatched', '1'],
      ['Delivered', '4'],
      ['Cancelled', '1'],
      ['To ship', '3'],
      ['Awaiting payment', '2'],
    ] as const) {
      expect(counters.getByText(label).nextElementSibling?.textContent).toBe(value);
    }

    // The statuses the status control offers, and Processing because an order holds it (through the
    // API); Shipped, which none holds and the control never offers, is not shown.
    expect(counters.queryByText('Shipped')).toBeNull();
    expect(counters.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Total Orders',
      'Pending',
      'Paid',
      'Processing',
      'Dispatched',
      'Delivered',
      'Cancelled',
      'Refused',
      'To ship',
      'Awaiting payment',
    ]);
    expect(screen.queryByRole('heading', { name: 'Shop details to fix' })).toBeNull();

    const chart = within(screen.getByRole('figure', { name: /Sales \(Last 30 Days\)/ }));
    const day = within(chart.getByRole('row', { name: /04-Mar-2025/ }));
    expect(day.getByText('PKR 9,000.50')).toBeTruthy();
    expect(day.getByText('2')).toBeTruthy();

    expect(screen.getByRole('link', { name: '+ Create Product' }).getAttribute('href')).toBe('/admin/create');
    for (const [name, href] of [
      ['Affiliate Requests', '/admin/affiliates'],
      ['Manage Customers', '/admin/customers'],
      ['Manage Orders', '/admin/orders'],
      ['View Reviews', '/admin/reviews'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }

    const hoodie = within(screen.getByRole('row', { name: /Core Hoodie/ }));
    expect(hoodie.getByText('PKR 4,500.00')).toBeTruthy();
    expect(hoodie.getByText(/low stock/)).toBeTruthy();
    expect(hoodie.getByRole('link', { name: 'Edit Core Hoodie' }).getAttribute('href')).toBe(
      '/admin/edit/p1',
    );
    expect(within(screen.getByRole('row', { name: /Trail Shorts/ })).getByText(/in stock/)).toBeTruthy();
    const mat = within(screen.getByRole('row', { name: /Yoga Mat/ }));
    expect(mat.getByText('Sold out')).toBeTruthy();
    expect(mat.queryByText(/low stock/)).toBeNull();
  });

  it('shows the e-mails sent, waiting, failed and not needed, how they are sent, and the last failure', async () => {
    server.use(
      http.get('/api/admin/metrics', () => HttpResponse.json(someMetrics())),
      http.get('/api/products', () => HttpResponse.json(products)),
      http.get('/api/admin/messages', () =>
        HttpResponse.json({
          channels: [
            {
              channel: 'email',
              delivery: 'folder',
              sent: 1234,
              waiting: 2,
              failed: 1,
              withdrawn: 3,
              oldestWaitingSince: '2025-03-04T10:05:00.000Z',
              lastFailure: {
                reason: '550 No such user here',
                at: '2025-03-04T09:00:00.000Z',
                kind: 'order-confirmation',
              },
              lastRetry: null,
            },
            {
              channel: 'whatsapp',
              delivery: 'off',
              sent: 0,
              waiting: 0,
              failed: 0,
              withdrawn: 0,
              oldestWaitingSince: null,
              lastFailure: null,
              lastRetry: null,
            },
          ],
        } satisfies MessagesStatus),
      ),
    );
    renderApp('/admin');

    const mail = within(await screen.findByRole('region', { name: 'E-mail' }));
    expect(await mail.findByText(/Written as \.eml files to the outbox folder/)).toBeTruthy();
    for (const [label, value] of [
      ['Sent', '1,234'],
      ['Waiting', '2'],
      ['Failed', '1'],
      ['Not needed', '3'],
    ] as const) {
      expect(mail.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    expect(mail.getByText(/The oldest waiting e-mail was due 04-Mar-2025, 3:05 pm/)).toBeTruthy();
    expect(
      mail.getByText('Last failure (order-confirmation, 04-Mar-2025, 2:00 pm): 550 No such user here'),
    ).toBeTruthy();
    const whatsapp = within(screen.getByRole('region', { name: 'WhatsApp' }));
    expect(whatsapp.getByText(/^Off: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not set/)).toBeTruthy();
  });

  it('shows a WhatsApp token the Cloud API refuses while its messages wait', async () => {
    server.use(
      http.get('/api/admin/metrics', () => HttpResponse.json(someMetrics())),
      http.get('/api/products', () => HttpResponse.json(products)),
      http.get('/api/admin/messages', () =>
        HttpResponse.json({
          channels: [
            {
              ...noMessages.channels[0]!,
              channel: 'whatsapp',
              delivery: 'cloud-api',
              sent: 7,
              waiting: 3,
              oldestWaitingSince: '2025-03-04T10:05:00.000Z',
              lastRetry: {
                reason: 'WhatsApp 401 (code 190/463, OAuthException): Error validating access token',
                retryAt: '2025-03-04T10:35:00.000Z',
                kind: 'cod-confirmation-request',
              },
            },
          ],
        } satisfies MessagesStatus),
      ),
    );
    renderApp('/admin');

    const whatsapp = within(await screen.findByRole('region', { name: 'WhatsApp' }));
    expect(whatsapp.getByText(/^Sent through the WhatsApp Cloud API/)).toBeTruthy();
    expect(whatsapp.getByText('Waiting').nextElementSibling?.textContent).toBe('3');
    expect(
      whatsapp.getByText(/The oldest waiting WhatsApp message was due 04-Mar-2025, 3:05 pm/),
    ).toBeTruthy();
    expect(
      whatsapp.getByText(
        'Retrying (cod-confirmation-request, next at 04-Mar-2025, 3:35 pm): WhatsApp 401 (code 190/463, OAuthException): Error validating access token',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'E-mail' })).toBeNull();
  });

  it('names the shop details that still hold placeholders', async () => {
    server.use(
      http.get('/api/admin/metrics', () =>
        HttpResponse.json(someMetrics({ configWarnings: ['JAZZCASH_NUMBER looks like a placeholder'] })),
      ),
      http.get('/api/products', () => HttpResponse.json(products)),
    );
    renderApp('/admin');

    const warnings = await screen.findByRole('region', { name: 'Shop details to fix' });
    expect(within(warnings).getByText('JAZZCASH_NUMBER looks like a placeholder')).toBeTruthy();
  });

  it('shows the failure with Retry instead of loading forever, and loads on Retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/admin/metrics', () => {
        calls += 1;
        return calls === 1
          ? errorResponse(503, 'Metrics are catching up', 'SERVICE_UNAVAILABLE')
          : HttpResponse.json(someMetrics());
      }),
      http.get('/api/products', () => HttpResponse.json(products)),
    );
    renderApp('/admin');

    expect(await screen.findByText('Metrics are catching up')).toBeTruthy();
    expect(screen.queryByText('Loading dashboard…')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('region', { name: 'Orders' })).toBeTruthy();
  });

  it('deletes a product after the confirmation and removes its row', async () => {
    let deleted: string | undefined;
    let listed = products;
    server.use(
      http.get('/api/admin/metrics', () => HttpResponse.json(someMetrics())),
      http.get('/api/products', () => HttpResponse.json(listed)),
      http.delete('/api/products/:id', ({ params }) => {
        deleted = String(params.id);
        listed = products.filter((product) => product.id !== deleted);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/admin');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Core Hoodie' }));
    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText('Delete this product?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Core Hoodie/ })).toBeNull());
    expect(deleted).toBe('p1');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('row', { name: /Trail Shorts/ })).toBeTruthy();
  });

  it('keeps the row and shows why when a delete fails', async () => {
    server.use(
      http.get('/api/admin/metrics', () => HttpResponse.json(someMetrics())),
      http.get('/api/products', () => HttpResponse.json(products)),
      http.delete('/api/products/p1', () => errorResponse(409, 'Product is in an open order')),
    );
    renderApp('/admin');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Core Hoodie' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not delete the product: Product is in an open order',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('row', { name: /Core Hoodie/ })).toBeTruthy();
  });
});
