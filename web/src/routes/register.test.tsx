import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session';
import { aUser } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

async function openRegister(path = '/register') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Your Details' });
  return app;
}

function register(details: { name?: string; email?: string; contact?: string; password?: string }) {
  const fill = (label: string | RegExp, value: string | undefined) =>
    value !== undefined && fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('Name', details.name);
  fill('Email', details.email);
  fill('Mobile number', details.contact);
  fill(/^Password/, details.password);
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

const valid = { name: 'Sana Iqbal', email: 'sana@example.pk', contact: '0300-1234567', password: 'abc' };

describe('register page', () => {
  it('labels the phone field "Mobile number"', async () => {
    await openRegister();
    expect(screen.getByLabelText('Mobile number').getAttribute('type')).toBe('tel');
    expect(screen.queryByLabelText('Contact')).toBeNull();
  });

  it('says it worked and where she is: a welcome on the home page, which goes once she moves on', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json({ ...aUser({ name: 'Sana Iqbal' }), token: 'new-jwt' }),
      ),
    );
    const { router } = await openRegister();

    register(valid);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const welcome = await screen.findByText(
      'Welcome, Sana: your account is created and you are signed in. You are on the home page.',
    );
    expect(welcome.closest('[role="status"]')).toBeTruthy();
    await router.navigate({ to: '/terms' });
    await waitFor(() => expect(screen.queryByText(/Welcome, Sana/)).toBeNull());
  });

  it('asks for name, e-mail, contact and password with the advisory hint', async () => {
    await openRegister();

    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');
    const hint = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Use 8 or more characters with a mix of letters, numbers & symbols');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
  });

  it('requires every field before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/register', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    await openRegister();

    register({});

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email must be a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Mobile number is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it('leaves the password length to the server: a short password is sent, and its refusal shown', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            message: 'password: Password must be at least 8 characters',
            code: 'VALIDATION_FAILED',
            fields: [{ field: 'password', message: 'Password must be at least 8 characters' }],
          },
          { status: 400 },
        );
      }),
    );
    await openRegister();

    register(valid);

    // In words, not the server's summary with its field name ("password: …").
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account was not created: Password must be at least 8 characters.',
    );
    expect(screen.queryByText(/password:/)).toBeNull();
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(body).toEqual(valid);
  });

  it("shows the server's message for a taken e-mail", async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          { message: 'This e-mail is already registered', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
    );
    await openRegister();

    register(valid);

    expect((await screen.findByRole('alert')).textContent).toBe('This e-mail is already registered');
  });

  it("falls back to 'Registration failed. Please try again.' when the server gives no message", async () => {
    server.use(http.post('/api/auth/register', () => new HttpResponse(null, { status: 500 })));
    await openRegister();

    register(valid);

    expect((await screen.findByRole('alert')).textContent).toBe('Registration failed. Please try again.');
  });

  it('signs the new user in and returns to the remembered page', async () => {
    server.use(http.post('/api/auth/register', () => HttpResponse.json({ ...aUser(), token: 'new-jwt' })));
    const { router } = await openRegister('/register?redirect=%2Fterms');

    register(valid);

    await waitFor(() => expect(router.state.location.pathname).toBe('/terms'));
    expect(sessionStore.get()?.user.id).toBeTruthy();
    expect(localStorage.getItem('shop.session')).not.toContain('new-jwt');
    expect((await screen.findByRole('status')).textContent).toContain(
      'your account is created and you are signed in',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Sign out' }),
    ).toBeTruthy();
  });
});
