import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session';
import { aShopInfo } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const SENT =
  'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for one hour.';

function submit(name: string) {
  fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name }));
}

describe('/forgot-password', () => {
  it('sends the e-mail and shows the answer, which says nothing about whether an account uses it', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/forgot-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: SENT }, { status: 202 });
      }),
    );
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Ayesha@Example.PK ' } });
    submit('Send reset link');

    expect((await screen.findByRole('status')).textContent).toBe(SENT);
    expect(body).toEqual({ email: 'ayesha@example.pk' });
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('checks the e-mail before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/forgot-password', () => {
        calls += 1;
        return HttpResponse.json({ message: SENT }, { status: 202 });
      }),
    );
    renderApp('/forgot-password');

    await screen.findByRole('button', { name: 'Send reset link' });
    submit('Send reset link');

    expect(await screen.findByText('Email must be a valid e-mail address')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(calls).toBe(0);
  });

  it("shows the server's message when it asks to wait", async () => {
    const wait = 'Too many attempts from your network. Try again in 2 minutes.';
    server.use(
      http.post('/api/auth/forgot-password', () =>
        HttpResponse.json(
          { message: wait, code: 'TOO_MANY_REQUESTS' },
          { status: 429, headers: { 'Retry-After': '120' } },
        ),
      ),
    );
    renderApp('/forgot-password');

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@example.pk' } });
    submit('Send reset link');

    expect((await screen.findByRole('alert')).textContent).toBe(wait);
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('keeps support as the way back in and links back to sign-in', async () => {
    renderApp('/forgot-password');
    const main = within(await screen.findByRole('main'));

    expect(await main.findByRole('link', { name: aShopInfo().support.email! })).toBeTruthy();
    expect(main.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});

describe('/reset-password', () => {
  it("sends the link's token with the new password, then sends the user to sign in", async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been changed.' });
      }),
    );
    const { router } = renderApp('/reset-password?token=req-1.mac');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a new Passw0rd!' } });
    submit('Set new password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({ token: 'req-1.mac', password: 'a new Passw0rd!' });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has been changed. Sign in with your new password.',
    );
    expect(sessionStore.get()).toBeNull();
  });

  it('says why a used or expired link is refused and offers a new one', async () => {
    const used = 'This reset link has already been used. Ask for a new one.';
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json(
          { message: used, code: 'VALIDATION_FAILED', fields: [{ field: 'token', message: used }] },
          { status: 400 },
        ),
      ),
    );
    const { router } = renderApp('/reset-password?token=req-1.mac');

    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'a new Passw0rd!' } });
    submit('Set new password');

    expect((await screen.findByRole('alert')).textContent).toBe(used);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it("shows the server's password rule under the field, without offering a new link", async () => {
    const short = 'Password must be at least 8 characters';
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json(
          { message: short, code: 'VALIDATION_FAILED', fields: [{ field: 'password', message: short }] },
          { status: 400 },
        ),
      ),
    );
    renderApp('/reset-password?token=req-1.mac');

    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'short' } });
    submit('Set new password');

    expect((await screen.findByRole('alert')).textContent).toBe(short);
    expect(screen.getAllByText(short).length).toBe(2);
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).toBeNull();
  });

  it('without a token says the link is incomplete and calls nothing', async () => {
    renderApp('/reset-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This reset link is incomplete.');
    expect(within(alert).getByRole('link', { name: 'ask for a new one' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
