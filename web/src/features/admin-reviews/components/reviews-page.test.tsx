import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aPage, aReview, errorResponse, signInAsAdmin } from '../../../test/admin-builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const named = aReview({ id: 'r1', comment: 'Fits well', rating: 4 });
const anonymous = aReview({ id: 'r2', comment: 'Too small', rating: 2, User: null, verified: false });

describe('admin reviews page', () => {
  let live: (typeof named)[];
  beforeEach(() => {
    signInAsAdmin();
    live = [named, anonymous];
    server.use(
      http.get('/api/admin/lists/reviews', () => HttpResponse.json(aPage(live))),
      http.get('/api/products', () => HttpResponse.json([])),
    );
  });

  it('lists each review with product, author (or a dash), rating, comment and date', async () => {
    renderApp('/admin/reviews');

    expect(await screen.findByRole('heading', { name: 'Customer Reviews' })).toBeTruthy();
    const first = within(await screen.findByRole('row', { name: /Fits well/ }));
    expect(first.getByText('p1')).toBeTruthy();
    expect(first.getByText('Bilal Ahmed')).toBeTruthy();
    expect(first.getByText('bilal@example.pk')).toBeTruthy();
    expect(first.getByText('4/5')).toBeTruthy();
    expect(first.getByText('Verified buyer')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Too small/ })).getByText('Not verified')).toBeTruthy();
    expect(first.getByText('04-Mar-2025, 3:05 pm')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Too small/ })).getAllByText('—')).toHaveLength(2);
  });

  it('asks for confirmation, then removes the deleted review', async () => {
    let deleted: string | undefined;
    server.use(
      http.delete('/api/reviews/:id', ({ params }) => {
        deleted = String(params.id);
        live = live.filter((review) => review.id !== deleted);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/admin/reviews');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete review r1' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Confirm Deletion' }));
    expect(
      dialog.getByText('Are you sure you want to delete this review? This action cannot be undone.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Fits well/ })).toBeNull());
    expect(deleted).toBe('r1');
    expect(screen.getByRole('row', { name: /Too small/ })).toBeTruthy();
  });

  it('keeps the review when Cancel is chosen', async () => {
    renderApp('/admin/reviews');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete review r1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('row', { name: /Fits well/ })).toBeTruthy();
  });

  it('shows why a deletion failed', async () => {
    server.use(http.delete('/api/reviews/r1', () => errorResponse(404, 'Review not found', 'NOT_FOUND')));
    renderApp('/admin/reviews');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete review r1' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not delete the review: Review not found',
    );
  });

  it('shows a failed list load with Retry', async () => {
    server.use(
      http.get('/api/admin/lists/reviews', () => errorResponse(500, 'Reviews are unavailable', 'INTERNAL')),
    );
    renderApp('/admin/reviews');

    expect((await screen.findByRole('alert')).textContent).toContain('Reviews are unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("shows one product's reviews when the URL names it, with the count", async () => {
    let asked = '';
    server.use(
      http.get('/api/products', () => HttpResponse.json([{ id: 'p1', name: 'Core Hoodie' }])),
      http.get('/api/admin/lists/reviews', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json(aPage([named], { total: 30, nextCursor: 'n' }));
      }),
    );
    renderApp('/admin/reviews?productId=p1');

    expect(await screen.findByText('30 reviews')).toBeTruthy();
    expect(asked).toBe('?productId=p1');
    await waitFor(() => expect((screen.getByLabelText('Product') as HTMLSelectElement).value).toBe('p1'));
  });
});
