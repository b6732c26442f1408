import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../test/builders';
import { catalogueHandler } from '../test/catalogue';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const manyProducts = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    aProduct({ id: `p${index + 1}`, name: `Product ${index + 1}`, price: 1500 }),
  );

describe('home page', () => {
  it('shows the hero with a Shop Now link to the shopping page', async () => {
    server.use(catalogueHandler([]).handler);
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/shopping');
  });

  it('shows the newest 9 products with name, price and a link to the product', async () => {
    const { handler, server: catalogue } = catalogueHandler(manyProducts(20));
    server.use(handler);
    renderApp('/');

    const grid = within(await screen.findByRole('region', { name: 'Latest arrivals' }));
    expect(await grid.findAllByRole('article')).toHaveLength(9);
    const first = grid.getByRole('article', { name: 'Product 1' });
    expect(
      within(first)
        .getByRole('link', { name: /View Details/ })
        .getAttribute('href'),
    ).toBe('/product/p1');
    expect(first.textContent).toContain('PKR 1,500.00');
    expect(Object.fromEntries(catalogue.last())).toMatchObject({ sort: 'newest', offset: '0', limit: '9' });
  });

  it('adds 6 more products with each Load More, and hides it when all are shown', async () => {
    const { handler, server: catalogue } = catalogueHandler(manyProducts(16));
    server.use(handler);
    renderApp('/');
    const grid = within(await screen.findByRole('region', { name: 'Latest arrivals' }));
    await grid.findAllByRole('article');

    fireEvent.click(grid.getByRole('button', { name: 'Load More' }));

    expect(await grid.findByRole('article', { name: 'Product 15' })).toBeTruthy();
    expect(grid.getAllByRole('article')).toHaveLength(15);
    expect(Object.fromEntries(catalogue.last())).toMatchObject({ offset: '9', limit: '6' });
    // The keyboard goes on from the first product added, not from the top of the page.
    await waitFor(() => expect(document.activeElement?.closest('li')).toBe(grid.getAllByRole('listitem')[9]));
    expect(document.activeElement?.tagName).toBe('A');

    fireEvent.click(grid.getByRole('button', { name: 'Load More' }));

    expect(await grid.findByRole('article', { name: 'Product 16' })).toBeTruthy();
    expect(grid.queryByRole('button', { name: 'Load More' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement?.closest('li')).toBe(grid.getAllByRole('listitem')[15]),
    );
  });

  it('keeps the page usable when the product call fails', async () => {
    server.use(
      http.get('/api/catalogue', () =>
        HttpResponse.json({ message: 'Down', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/');

    expect(await screen.findByText('Products could not be loaded right now.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toBeTruthy();
  });

  it('shows a calm note when the catalogue is empty', async () => {
    server.use(catalogueHandler([]).handler);
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
