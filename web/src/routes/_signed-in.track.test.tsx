import { act, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../lib/session';
import { aTracking } from '../test/account-builders';
import { aSession } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.useRealTimers();
});

describe('/track', () => {
  it('refuses an empty or whitespace-only order ID', async () => {
    signIn(aSession());
    const { router } = renderApp('/track');
    const field = await screen.findByLabelText('Order ID');
    expect(field.getAttribute('placeholder')).toContain('123456');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    expect(screen.getByText('Please enter a valid order ID')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/track');
  });

  it('reads "Tracking Order..." for 1.5 s, then opens /track/{trimmed id} without a lookup', async () => {
    signIn(aSession());
    const { router } = renderApp('/track');
    const field = await screen.findByLabelText('Order ID');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fireEvent.change(field, { target: { value: '  123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    expect(screen.getByRole('button', { name: 'Tracking Order...' })).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(1400);
    });
    expect(router.state.location.pathname).toBe('/track');
    // The tracking page will ask for the order once it opens.
    server.use(http.get('/api/orders/123456/tracking', () => HttpResponse.json(aTracking({ id: '123456' }))));
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/track/123456'));
  });
});

describe('/track/$id', () => {
  it('shows the badge, the progress bar, the timeline and the summary', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/77/tracking', () =>
        HttpResponse.json(
          aTracking({ id: '77', status: 'Delivered', isPaid: true, paidAt: '2025-03-05T10:00:00Z' }, 100),
        ),
      ),
    );
    renderApp('/track/77');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order AX-7K3M9Q' })).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.querySelector('.progress__bar--delivered')).not.toBeNull();
    const timeline = screen.getByRole('heading', { name: 'Timeline' }).parentElement as HTMLElement;
    expect(within(timeline).getByRole('heading', { name: 'Order Placed' })).toBeTruthy();
    expect(within(timeline).getByText('Your order has been received')).toBeTruthy();
    expect(screen.getByText(/^Paid on /)).toBeTruthy();
    expect(screen.getByText('12 Mall Road, Lahore, 54000, Pakistan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shopping');
  });

  it('paints a cancelled order red and an unpaid one "Not Paid"', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/78/tracking', () =>
        HttpResponse.json(aTracking({ id: '78', status: 'Cancelled' }, 0)),
      ),
    );
    renderApp('/track/78');
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.querySelector('.progress__bar--cancelled')).not.toBeNull();
    expect(screen.getByText('Not Paid')).toBeTruthy();
  });

  it('an unknown order reads "We couldn\'t find an order with ID: {id}" with a way home', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/999/tracking', () =>
        HttpResponse.json({ message: 'Order not found.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderApp('/track/999');
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByText("We couldn't find an order with ID: 999")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('any other failure shows "Order Not Found", the message and Try Again, which loads again', async () => {
    signIn(aSession());
    let calls = 0;
    server.use(
      http.get('/api/orders/55/tracking', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Service unavailable', code: 'INTERNAL' }, { status: 503 })
          : HttpResponse.json(aTracking({ id: '55' }));
      }),
    );
    renderApp('/track/55');
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Service unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Order AX-7K3M9Q' })).toBeTruthy();
  });
});
