import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session';
import { aUser } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const main = () => within(screen.getByRole('main'));

describe('/verify-email', () => {
  it('verifies only when the button is pressed, then says so and clears the notice of the signed-in user', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/verify-email', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: 'Thank you: your e-mail address is verified.',
          email: 'ayesha@example.pk',
          outcome: 'verified',
        });
      }),
    );
    sessionStore.set({ user: aUser({ emailVerified: false }) });
    renderApp('/verify-email?token=v.u_r.sig');
    const button = await screen.findByRole('button', { name: 'Yes, this address is mine' });
    expect(body).toBeUndefined();
    fireEvent.click(button);
    expect((await screen.findByText(/your e-mail address is verified/)).textContent).toContain('Thank you');
    expect(body).toEqual({ token: 'v.u_r.sig' });
    expect(sessionStore.get()?.user.emailVerified).toBe(true);
  });

  it('says a refused link is not valid, with the server’s reason', async () => {
    server.use(
      http.post('/api/auth/verify-email', () =>
        HttpResponse.json(
          { message: 'This link has already been used.', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/verify-email?token=v.u_r.sig');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, this address is mine' }));
    expect((await screen.findByText('This link has already been used.')).getAttribute('role')).toBe('alert');
  });

  it('says a link without its token is incomplete', async () => {
    renderApp('/verify-email');
    expect((await screen.findByText(/This link is incomplete/)).getAttribute('role')).toBe('alert');
  });
});

describe('the verify-your-e-mail notice', () => {
  it('shows on the profile while the address is unverified, and sends the link again', async () => {
    let resent = 0;
    server.use(
      http.post('/api/auth/verify-email/resend', () => {
        resent += 1;
        return HttpResponse.json(
          {
            message: 'We have sent a new link to your e-mail address. It works for 7 days.',
            email: 'a@b.pk',
          },
          { status: 202 },
        );
      }),
    );
    sessionStore.set({ user: aUser({ emailVerified: false }) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail address' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByText(/We have sent a new link/)).textContent).toContain('7 days');
    expect(resent).toBe(1);
  });

  it('is not shown once the address is verified', async () => {
    sessionStore.set({ user: aUser({ emailVerified: true }) });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    expect(screen.queryByRole('heading', { name: 'Verify your e-mail address' })).toBeNull();
  });
});

describe('/register for an address an unverified account holds', () => {
  it('signs nobody in and says a claim link went to the address', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          {
            message: 'An account that never verified this e-mail address holds it.',
            email: 'me@example.pk',
            awaitingClaim: true,
          },
          { status: 202 },
        ),
      ),
    );
    renderApp('/register');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Maryam' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.pk' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0300-1234567' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long password' } });
    fireEvent.click(main().getByRole('button', { name: 'Create account' }));
    expect((await main().findByRole('status')).textContent).toContain('Check your e-mail: me@example.pk');
    expect(sessionStore.get()).toBeNull();
  });
});
