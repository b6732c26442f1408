import { act, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore, signIn } from '../lib/session';
import { anOrder, anOrderItem, myAffiliate } from '../test/account-builders';
import { aSession } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const noAffiliate = () => http.get('/api/affiliate/me', () => HttpResponse.json(myAffiliate()));

afterEach(() => {
  vi.useRealTimers();
});

describe('/profile', () => {
  it('shows the information with the User badge and the tabs', async () => {
    signIn(aSession({ name: 'Ayesha Khan', email: 'ayesha@example.pk' }));
    server.use(noAffiliate());
    renderApp('/profile');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Profile Information', 'Order History']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('ayesha@example.pk')).toBeTruthy();
    expect(within(panel).getByText('User')).toBeTruthy();
  });

  it('after an update shows the message in green and signs out after 2 seconds, on the server too', async () => {
    signIn(aSession({ name: 'Ayesha Khan' }));
    let sent: unknown;
    const loggedOut: (string | null)[] = [];
    server.use(
      noAffiliate(),
      http.put('/api/users/profile', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...aSession().user, name: 'Ayesha K', message: 'Profile updated.' });
      }),
      http.post('/api/auth/logout', ({ request }) => {
        loggedOut.push(`${request.credentials} ${request.headers.get('Authorization')}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ayesha K' } });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Profile updated.');
    expect(status.className).toBe('form-success');
    expect(sent).toMatchObject({ name: 'Ayesha K' });
    expect(sessionStore.get()).not.toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(sessionStore.get()).not.toBeNull();
    expect(loggedOut).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(sessionStore.get()).toBeNull();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await vi.waitFor(() => expect(loggedOut).toEqual(['same-origin null']));
  });

  it('asks for the current password when the e-mail changes and shows a failure in red', async () => {
    signIn(aSession({ email: 'ayesha@example.pk' }));
    server.use(
      noAffiliate(),
      http.put('/api/users/profile', () =>
        HttpResponse.json(
          { message: 'Your current password is not correct.', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.pk' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your current password is not correct.');
    expect(alert.className).toBe('form-error');
    expect(sessionStore.get()).not.toBeNull();
  });

  it('falls back to "Update failed" when the server sends no message', async () => {
    signIn(aSession());
    server.use(
      noAffiliate(),
      http.put('/api/users/profile', () => new HttpResponse('oops', { status: 500 })),
    );
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Update failed');
  });

  it('lists the order history with coloured badges and a link to each order', async () => {
    signIn(aSession());
    server.use(
      noAffiliate(),
      http.get('/api/orders/myorders', () =>
        HttpResponse.json([
          anOrder({
            id: '7',
            reference: 'KM-7K3M9Q',
            status: 'Delivered',
            totalPrice: 1234.5,
            OrderItems: [
              anOrderItem({ id: 'i1', name: 'Training Tee' }),
              anOrderItem({ id: 'i2', name: 'Core Hoodie' }),
              anOrderItem({ id: 'i3', name: 'Sport Socks' }),
            ],
          }),
          anOrder({ id: '8', reference: 'PQ-4R5S6T', status: 'Cancelled', paymentMethod: 'Card' }),
        ]),
      ),
    );
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('tab', { name: 'Order History' }));

    const link = await screen.findByRole('link', { name: 'Order KM-7K3M9Q' });
    expect(link.getAttribute('href')).toBe('/order/7');
    expect(screen.getByRole('link', { name: 'Order PQ-4R5S6T' }).getAttribute('href')).toBe('/order/8');
    expect(screen.getByText('Training Tee, Core Hoodie and 1 more')).toBeTruthy();
    expect(screen.getByText('PKR 1,234.50')).toBeTruthy();
    expect(screen.getByText('Delivered').className).toContain('status-badge--delivered');
    expect(screen.getByText('Cancelled').className).toContain('status-badge--cancelled');
    expect(screen.getByText(/Jazz Cash/)).toBeTruthy();
  });

  it('shows "Failed to load order history." when the orders cannot be read', async () => {
    signIn(aSession());
    server.use(
      noAffiliate(),
      http.get('/api/orders/myorders', () =>
        HttpResponse.json({ message: 'boom', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('tab', { name: 'Order History' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load order history.');
  });

  it('moves between tabs with the arrow keys', async () => {
    signIn(aSession());
    server.use(
      noAffiliate(),
      http.get('/api/orders/myorders', () => HttpResponse.json([])),
    );
    renderApp('/profile');
    const first = await screen.findByRole('tab', { name: 'Profile Information' });
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Order History' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the affiliate panel with the full tracking link and commission', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/affiliate/me', () =>
        HttpResponse.json(
          myAffiliate({
            status: 'Approved',
            code: 'AYESHA5',
            link: '/?ref=AYESHA5',
            useCount: 3,
            commission: { earned: 150, pending: 25.5 },
          }),
        ),
      ),
    );
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/profile');

    const panel = await screen.findByRole('region', { name: 'Affiliate Programme' });
    const link = `${window.location.origin}/?ref=AYESHA5`;
    expect(within(panel).getByText(link)).toBeTruthy();
    expect(within(panel).getByText('Approved')).toBeTruthy();
    expect(within(panel).getByText('3')).toBeTruthy();
    expect(within(panel).getByText('PKR 150.00')).toBeTruthy();
    expect(within(panel).getByText('PKR 25.50')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy Link' }));
    expect(await within(panel).findByText('Link copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
  });
});
