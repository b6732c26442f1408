import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartStore } from '../../lib/cart';
import { sessionStore, signIn } from '../../lib/session';
import { aCartLine, aProduct, aSession, aShopInfo } from '../../test/builders';
import { catalogueHandler } from '../../test/catalogue';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('navigation bar', () => {
  beforeEach(() => {
    // The home page behind the bar loads the catalogue.
    server.use(catalogueHandler([aProduct({ name: 'Core Hoodie' })]).handler);
  });

  it('shows a guest the public links and Sign in, but no review, tracking or admin links', async () => {
    renderApp('/');
    const nav = await mainNav();

    for (const name of ['Home', 'Shopping', 'Blog']) {
      expect(nav.getByRole('link', { name })).toBeTruthy();
    }
    expect(nav.getByRole('link', { name: /^Cart/ })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Leave a Review' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Track Order' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('shows a signed-in customer Leave a Review and Track Order, but not Admin Dashboard', async () => {
    signIn(aSession({ isAdmin: false }));
    renderApp('/');
    const nav = await mainNav();

    expect(nav.getByRole('link', { name: 'Leave a Review' }).getAttribute('href')).toBe('/review');
    expect(nav.getByRole('link', { name: 'Track Order' }).getAttribute('href')).toBe('/track');
    expect(nav.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
    expect(nav.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('shows an admin the Admin Dashboard link', async () => {
    signIn(aSession({ isAdmin: true }));
    renderApp('/');
    const nav = await mainNav();

    expect(nav.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin');
    expect(nav.getByRole('link', { name: 'Track Order' })).toBeTruthy();
  });

  it('ends the session on the server and hides the member links again after signing out', async () => {
    signIn(aSession());
    const loggedOut: (string | null)[] = [];
    server.use(
      http.post('/api/auth/logout', ({ request }) => {
        loggedOut.push(`${request.credentials} ${request.headers.get('Authorization')}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/');
    const nav = await mainNav();

    nav.getByRole('button', { name: 'Sign out' }).click();

    expect(await nav.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Track Order' })).toBeNull();
    await waitFor(() => expect(loggedOut).toEqual(['same-origin null']));
  });

  it('signs out on this device even when the shop cannot be reached', async () => {
    signIn(aSession());
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()));
    renderApp('/');
    const nav = await mainNav();

    nav.getByRole('button', { name: 'Sign out' }).click();

    expect(await nav.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStore.get()).toBeNull();
  });

  it('badges the cart with the number of distinct lines', async () => {
    cartStore.set([
      aCartLine({ product: 'p1', size: 'MD', qty: 3 }),
      aCartLine({ product: 'p1', size: 'LG', qty: 1 }),
    ]);
    renderApp('/');
    const nav = await mainNav();

    const cart = nav.getByRole('link', { name: 'Cart 2 items' });
    expect(cart.querySelector('.badge')?.textContent).toBe('2');
  });

  it('opens and closes the mobile menu from an accessible button', async () => {
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    toggle.click();

    const close = await screen.findByRole('button', { name: 'Close menu' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Main' }).dataset.open).toBe('true');
  });

  it('names the shop as the server is configured (SHOP_NAME), in the header, the footer and the tab title', async () => {
    server.use(http.get('/api/shop', () => HttpResponse.json(aShopInfo({ name: 'Karachi Kit Co' }))));
    renderApp('/');

    const header = within(await screen.findByRole('banner'));
    expect(await header.findByRole('link', { name: 'Karachi Kit Co' })).toBeTruthy();
    expect(header.queryByText('Apex Athletics')).toBeNull();
    expect(within(screen.getByRole('contentinfo')).getAllByText(/Karachi Kit Co/).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe('Karachi Kit Co'));
  });
});
