import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session';
import { aUser } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  return app;
}

function signInWith(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('has an e-mail field, a password field, the forgot-password link and the legal footer', async () => {
    await openLogin();
    const main = within(screen.getByRole('main'));

    expect(main.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(main.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(main.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    const legal = within(main.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(legal.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(legal.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
  });

  it('requires e-mail and password before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/login', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    await openLogin();

    signInWith('', '');

    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(calls).toBe(0);
  });

  it("shows the server's message when sign-in is refused", async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    await openLogin();

    signInWith('a@example.pk', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(sessionStore.get()).toBeNull();
  });

  it("falls back to 'Login failed. Please try again.' when the server gives no message", async () => {
    server.use(
      http.post('/api/auth/login', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    await openLogin();

    signInWith('a@example.pk', 'secret');

    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please try again.');
  });

  it('shows the client error text when the shop cannot be reached', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.error()));
    await openLogin();

    signInWith('a@example.pk', 'secret');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the shop. Check your connection and try again.',
    );
  });

  it('signs in, keeps the session, and returns to the remembered page', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...aUser({ name: 'Ayesha' }), token: 'jwt' });
      }),
    );
    const { router } = await openLogin('/login?redirect=%2Fcontact');

    signInWith(' Ayesha@Example.PK ', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(body).toEqual({ email: 'ayesha@example.pk', password: 'secret' });
    expect(sessionStore.get()?.user.name).toBe('Ayesha');
    expect(localStorage.getItem('shop.session')).not.toContain('jwt');
  });

  it('goes home after sign-in when nothing, or another site, was remembered', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ ...aUser(), token: 'jwt' })),
      http.get('/api/catalogue', () => HttpResponse.json({ products: [], total: 0, categories: [] })),
    );
    const { router } = await openLogin('/login?redirect=https%3A%2F%2Fevil.example%2F');

    signInWith('a@example.pk', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
