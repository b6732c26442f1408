import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../lib/session';
import { aPage, recordRequests } from '../test/admin-builders';
import { aSession } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const ADMIN_PATHS = [
  '/admin',
  '/admin/create',
  '/admin/edit/p1',
  '/admin/orders',
  '/admin/affiliates',
  '/admin/customers',
  '/admin/reviews',
];

describe('admin guard', () => {
  it.each(ADMIN_PATHS)(
    'sends a signed-in customer from %s to /login, remembering it, and fetches no admin data',
    async (path) => {
      const calls = recordRequests();
      signIn(aSession({ isAdmin: false }));
      const { router } = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toEqual({ redirect: path });
      expect(calls).toEqual([]);
    },
  );

  it('sends a visitor to /login too', async () => {
    const { router } = renderApp('/admin/orders');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/admin/orders' });
  });

  it('lets an admin in', async () => {
    signIn(aSession({ isAdmin: true }));
    server.use(http.get('/api/admin/lists/customers', () => HttpResponse.json(aPage([]))));
    renderApp('/admin/customers');

    expect(await screen.findByText('No customers registered yet')).toBeTruthy();
  });
});
