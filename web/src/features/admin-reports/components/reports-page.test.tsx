import type { SalesFigures, SalesReport } from '@shop/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

vi.mock('uplot', () => import('../../../test/fake-uplot'));

const figures = (key: string, net: number, orders: number): SalesFigures => ({
  key,
  label: key,
  orders,
  units: orders * 2,
  gross: net,
  discounts: 0,
  refunds: 0,
  net,
  averageOrderValue: orders === 0 ? 0 : net / orders,
});

/** Answers like the server: the rows of the grouping asked for, remembering each query. */
function serveReports(asked: URLSearchParams[]) {
  server.use(
    http.get('/api/admin/reports/sales', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const by = params.get('by') as SalesReport['by'];
      const rows =
        by === 'category'
          ? [figures('Leggings', 3_000, 2), figures('Shirts', 1_000, 1)]
          : [figures(params.get('from')!, 4_000, 3)];
      const report: SalesReport = {
        from: params.get('from')!,
        to: params.get('to')!,
        by,
        rows,
        total: { ...figures('total', 4_000, 3), label: 'Total' },
        previous: { ...figures('total', 2_000, 1), label: 'Total' },
        ...(params.get('asOf') ? { asOf: params.get('asOf')! } : {}),
      };
      return HttpResponse.json(report);
    }),
  );
}

describe('admin sales reports', () => {
  beforeEach(signInAsAdmin);

  it('shows the range and grouping of the URL, and a new grouping changes the URL, chart and table', async () => {
    const asked: URLSearchParams[] = [];
    serveReports(asked);
    const { router } = renderApp('/admin/reports?from=2024-05-01&to=2024-05-31&by=day');

    const table = await screen.findByRole('table', { name: /Sales by day, 2024-05-01 to 2024-05-31/ });
    expect(within(table).getByRole('row', { name: /2024-05-01/ }).textContent).toContain('PKR 4,000.00');
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain('100.0%');
    expect(screen.getByText(/Previous period: PKR 2,000.00 \(\+100.0%\)/)).toBeTruthy();
    expect(asked[0]?.toString()).toBe('from=2024-05-01&to=2024-05-31&by=day');
    // Every figure says what it counts.
    const note = screen.getByTestId('reports-what-counts').textContent;
    for (const figure of [
      'Orders',
      'Gross sales',
      'Discounts',
      'Refunds',
      'Net sales',
      'Avg. order value',
      'Share',
    ])
      expect(note).toContain(`${figure}:`);
    expect(note).toContain('parcels refused at the door left out');

    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'category' } });
    const byCategory = await screen.findByRole('table', { name: /Sales by category/ });
    expect(within(byCategory).getByRole('row', { name: /Leggings/ }).textContent).toContain('75.0%');
    expect(screen.getByRole('figure', { name: /Net sales by category/ }).dataset.points).toBe('2');
    expect(router.state.location.search).toEqual({ from: '2024-05-01', to: '2024-05-31', by: 'category' });
  });

  it('asks for the log as of a moment and says it is replaying meanwhile', async () => {
    const asked: URLSearchParams[] = [];
    serveReports(asked);
    renderApp('/admin/reports?from=2024-05-01&to=2024-05-31&by=day');
    await screen.findByRole('table', { name: /Sales by day/ });

    let release = () => {};
    server.use(
      http.get(
        '/api/admin/reports/sales',
        async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return HttpResponse.json({ message: 'gone', code: 'NOT_FOUND' }, { status: 404 });
        },
        { once: true },
      ),
    );
    fireEvent.change(screen.getByLabelText('As of (empty: now)'), { target: { value: '2024-05-20T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Replaying the log up to/)).toBeTruthy();
    release();
    expect(await screen.findByText('The report could not be loaded')).toBeTruthy();
  });
});
