import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

describe('home page', () => {
  it('shows the hero with a Shop Now link to the shopping page', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json([])));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/shopping');
  });

  it('shows at most 9 products with name, price and a link to the product', async () => {
    const products = Array.from({ length: 12 }, (_, index) =>
      aProduct({ id: `p${index + 1}`, name: `Product ${index + 1}`, price: 1500 }),
    );
    server.use(http.get('/api/products', () => HttpResponse.json(products)));
    renderApp('/');

    const grid = within(await screen.findByRole('region', { name: 'Latest arrivals' }));
    const cards = await grid.findAllByRole('article');
    expect(cards).toHaveLength(9);
    const first = grid.getByRole('link', { name: /Product 1\b/ });
    expect(first.getAttribute('href')).toBe('/product/p1');
    expect(first.textContent).toContain('PKR 1,500.00');
  });

  it('keeps the page usable when the product call fails', async () => {
    server.use(
      http.get('/api/products', () =>
        HttpResponse.json({ message: 'Down', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/');

    expect(await screen.findByText('Products could not be loaded right now.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toBeTruthy();
  });

  it('shows a calm note when the catalogue is empty', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json([])));
    renderApp('/');

    expect(await screen.findByText(/New styles are on their way/)).toBeTruthy();
  });
});

describe('not-found page', () => {
  it('answers an unknown address with a not-found message and a way home', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});
