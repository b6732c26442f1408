import type { ReviewRequest } from '@shop/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../lib/session';
import { aReviewableLine, aSession } from '../test/builders';
import { catalogueHandler } from '../test/catalogue';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.useRealTimers();
});

/** Her delivered lines not reviewed yet: what she may review. */
const lines = [
  aReviewableLine({ productId: 'p1', name: 'Aero Tee', orderId: 'o1', lineId: 'l1', size: 'SM' }),
  aReviewableLine({
    productId: 'p2',
    name: 'Flex Shorts',
    orderId: 'o2',
    lineId: 'l2',
    size: '',
    reference: 'CD-234567',
  }),
];

function reviewEndpoint(answer: () => Response | Promise<Response>) {
  const sent: ReviewRequest[] = [];
  server.use(
    http.get('/api/reviews/mine', () => HttpResponse.json({ reviewable: lines, reviews: [] })),
    http.post('/api/reviews', async ({ request }) => {
      sent.push((await request.json()) as ReviewRequest);
      return answer();
    }),
  );
  return sent;
}

async function openForm() {
  signIn(aSession());
  const app = renderApp('/review');
  await screen.findByRole('option', { name: 'Aero Tee (SM), order AB-234567' });
  return app;
}

describe('/review', () => {
  it('requires a product; the first option is "-- Choose a product --" and 5 stars is the default', async () => {
    const sent = reviewEndpoint(() => HttpResponse.json({}, { status: 201 }));
    await openForm();
    const select = screen.getByLabelText('Product') as HTMLSelectElement;
    expect(select.options[0]?.textContent).toBe('-- Choose a product --');
    expect((screen.getByRole('radio', { name: '5 Stars' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByText('Please choose a product.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the rating and text, shows the states and the banner, then goes home after 2 seconds', async () => {
    const sent = reviewEndpoint(async () => {
      await delay(50);
      return HttpResponse.json({}, { status: 201 });
    });
    const { router } = await openForm();
    expect(screen.getByRole('option', { name: 'Flex Shorts, order CD-234567' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'l2' } });
    fireEvent.click(screen.getByRole('radio', { name: '1 Star' }));
    fireEvent.change(screen.getByLabelText('Your review (optional)'), { target: { value: '  Snug fit ' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeTruthy();
    expect(await screen.findByText('Review submitted! Thank you for your feedback.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submitted Successfully!' })).toBeTruthy();
    expect(sent).toEqual([
      { productId: 'p2', orderId: 'o2', lineId: 'l2', rating: 1, comment: 'Snug fit', anonymous: false },
    ]);
    expect(router.state.location.pathname).toBe('/review');

    const home = catalogueHandler([]);
    server.use(home.handler);
    await act(async () => {
      vi.advanceTimersByTime(1800);
    });
    expect(router.state.location.pathname).toBe('/review');
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a failure in a red banner and keeps the form', async () => {
    reviewEndpoint(() =>
      HttpResponse.json(
        { message: 'You have already reviewed this product.', code: 'CONFLICT' },
        { status: 409 },
      ),
    );
    const { router } = await openForm();
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'l1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You have already reviewed this product.');
    expect(alert.className).toBe('form-error');
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/review');
  });

  it('only logs a failed load of her orders and keeps the form (docs/rules/screens.md#failed-loads)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get('/api/reviews/mine', () => HttpResponse.error()));
    signIn(aSession());
    renderApp('/review');

    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    const select = screen.getByLabelText('Product') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['-- Choose a product --']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeTruthy();
    warn.mockRestore();
  });

  it('says honestly that reviews are published at once and moderated afterwards', async () => {
    reviewEndpoint(() => HttpResponse.json({}));
    await openForm();
    expect(screen.getByText(/published straight away/)).toBeTruthy();
    expect(screen.getByText(/moderate afterwards/)).toBeTruthy();
    expect(screen.getByText(/Verified buyer/)).toBeTruthy();
  });

  it('offers nothing to review to a shopper with no delivered order waiting, and says why', async () => {
    server.use(http.get('/api/reviews/mine', () => HttpResponse.json({ reviewable: [], reviews: [] })));
    signIn(aSession());
    renderApp('/review');
    expect(
      await screen.findByText(
        'Reviews come from buyers: once an order is delivered to you, its products appear here to review.',
      ),
    ).toBeTruthy();
    const select = screen.getByLabelText('Product') as HTMLSelectElement;
    expect(select.options).toHaveLength(1);
  });
});
