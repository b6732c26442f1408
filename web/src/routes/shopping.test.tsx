import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../test/builders';
import { catalogueHandler } from '../test/catalogue';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const products = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    aProduct({ id: `p${index + 1}`, name: `Product ${index + 1}`, category: index % 2 ? 'Bottoms' : 'Tops' }),
  );

async function productList() {
  return within(await screen.findByRole('list', { name: 'Products' }));
}

const searchOf = (router: ReturnType<typeof renderApp>['router']) => router.state.location.search;

describe('shopping page', () => {
  it('shows the heading and search box, and no affiliate banner to a visitor who came through no link', async () => {
    server.use(catalogueHandler(products(2)).handler);
    renderApp('/shopping');

    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Collection' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search products...')).toBeTruthy();
    expect(await screen.findByText('2 Products Found')).toBeTruthy();
    expect(screen.queryByText(/affiliate.s link/)).toBeNull();
    expect(screen.queryByText(/5% off/)).toBeNull();
  });

  it("tells a visitor who came through an affiliate's link her discount and the code it fills in", async () => {
    server.use(catalogueHandler(products(2)).handler);
    renderApp('/shopping?ref=ayesha10');

    const banner = await screen.findByText(
      /You came through an affiliate.s link: you get 5% off at checkout/,
    );
    expect(banner.textContent).toContain('with their code AYESHA10 filled in for you');
    // It explains where the discount comes from; it does not send shoppers to the affiliate application.
    expect(screen.queryByRole('link', { name: /5% off/ })).toBeNull();
  });

  it('reproduces the view from the URL: filters, search and sort go to the server and show in the controls', async () => {
    const { handler, server: catalogue } = catalogueHandler(products(3), {
      categories: [
        { category: 'Tops', count: 7 },
        { category: 'Bottoms', count: 4 },
      ],
    });
    server.use(handler);
    renderApp('/shopping?search=tee&category=Tops&size=md&minPrice=10&maxPrice=500&sort=price-asc');

    expect(await screen.findByText('3 Products Found')).toBeTruthy();
    expect(Object.fromEntries(catalogue.last())).toEqual({
      search: 'tee',
      category: 'Tops',
      size: 'MD',
      minPrice: '10',
      maxPrice: '500',
      sort: 'price-asc',
      offset: '0',
      limit: '12',
    });
    expect((screen.getByPlaceholderText('Search products...') as HTMLInputElement).value).toBe('tee');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Tops');
    expect((screen.getByLabelText('Size') as HTMLSelectElement).value).toBe('md');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price-asc');
    expect((screen.getByLabelText('Min price') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Max price') as HTMLInputElement).value).toBe('500');
    const sidebar = within(screen.getByRole('complementary', { name: 'Categories' }));
    expect(sidebar.getByRole('button', { name: 'Tops 7' }).getAttribute('aria-pressed')).toBe('true');
    expect(sidebar.getByRole('button', { name: 'All 11' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('drops malformed parameters instead of failing', async () => {
    const { handler, server: catalogue } = catalogueHandler(products(1));
    server.use(handler);
    renderApp('/shopping?size=huge&sort=cheapest&minPrice=-5&maxPrice=abc');

    expect(await screen.findByText('1 Product Found')).toBeTruthy();
    expect(Object.fromEntries(catalogue.last())).toEqual({ sort: 'featured', offset: '0', limit: '12' });
  });

  it('puts a sort change in the URL, reloads from the first page, and Back restores the previous view', async () => {
    const { handler, server: catalogue } = catalogueHandler(products(3));
    server.use(handler);
    const { router } = renderApp('/shopping');
    await screen.findByText('3 Products Found');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'newest' } });

    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'newest' }));
    await waitFor(() => expect(catalogue.last().get('sort')).toBe('newest'));
    expect(catalogue.last().get('offset')).toBe('0');

    router.history.back();

    await waitFor(() => expect(searchOf(router)).toEqual({}));
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('featured');
  });

  it('offers the five sorts', async () => {
    server.use(catalogueHandler(products(1)).handler);
    renderApp('/shopping');
    await screen.findByText('1 Product Found');

    const options = within(screen.getByLabelText('Sort by')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Featured',
      'Popularity',
      'Newest Arrivals',
      'Price Low to High',
      'Price High to Low',
    ]);
  });

  it('shows 12 products, adds 12 per Load More Products, and starts again from 12 when a filter changes', async () => {
    const { handler, server: catalogue } = catalogueHandler(products(30));
    server.use(handler);
    const { router } = renderApp('/shopping');
    let list = await productList();
    expect(list.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('30 Products Found')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load More Products' }));

    expect(await list.findByRole('article', { name: 'Product 24' })).toBeTruthy();
    expect(list.getAllByRole('article')).toHaveLength(24);
    // The keyboard goes on from the first product added, not from the top of the page.
    await waitFor(() =>
      expect(document.activeElement?.closest('li')).toBe(list.getAllByRole('listitem')[12]),
    );
    expect(document.activeElement?.tagName).toBe('A');
    expect(Object.fromEntries(catalogue.last())).toMatchObject({ offset: '12', limit: '12' });

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Tops' } });

    await waitFor(() => expect(searchOf(router)).toEqual({ category: 'Tops' }));
    await waitFor(() => expect(catalogue.last().get('category')).toBe('Tops'));
    expect(Object.fromEntries(catalogue.last())).toMatchObject({ offset: '0', limit: '12' });
    list = await productList();
    await waitFor(() => expect(list.getAllByRole('article')).toHaveLength(12));
  });

  it('filters by a category from the counts sidebar', async () => {
    server.use(catalogueHandler(products(4)).handler);
    const { router } = renderApp('/shopping');
    await screen.findByText('4 Products Found');

    const sidebar = within(screen.getByRole('complementary', { name: 'Categories' }));
    fireEvent.click(sidebar.getByRole('button', { name: 'Bottoms 2' }));

    await waitFor(() => expect(searchOf(router)).toEqual({ category: 'Bottoms' }));
  });

  it('searches as the shopper types and keeps the search in the URL', async () => {
    const { handler, server: catalogue } = catalogueHandler(products(2));
    server.use(handler);
    const { router } = renderApp('/shopping');
    await screen.findByText('2 Products Found');

    fireEvent.change(screen.getByPlaceholderText('Search products...'), { target: { value: '  hoodie ' } });

    await waitFor(() => expect(searchOf(router)).toEqual({ search: 'hoodie' }));
    await waitFor(() => expect(catalogue.last().get('search')).toBe('hoodie'));
  });

  it('applies a price range typed into the min and max inputs', async () => {
    server.use(catalogueHandler(products(2)).handler);
    const { router } = renderApp('/shopping');
    await screen.findByText('2 Products Found');

    fireEvent.change(screen.getByLabelText('Min price'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '2500' } });

    await waitFor(() => expect(searchOf(router)).toEqual({ minPrice: 100, maxPrice: 2500 }));
    expect((screen.getByLabelText(/^Maximum price/) as HTMLInputElement).value).toBe('2500');
  });

  it('says so when the minimum price is above the maximum', async () => {
    server.use(catalogueHandler(products(2)).handler);
    renderApp('/shopping');
    await screen.findByText('2 Products Found');

    fireEvent.change(screen.getByLabelText('Min price'), { target: { value: '3000' } });
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '2500' } });

    expect(await screen.findByText('Min price is above max price')).toBeTruthy();
    expect(screen.getByLabelText('Min price').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '3500' } });
    await waitFor(() => expect(screen.queryByText('Min price is above max price')).toBeNull());
  });

  it('applies the mobile drawer filters together with Apply Filters', async () => {
    server.use(catalogueHandler(products(4)).handler);
    const { router } = renderApp('/shopping?sort=newest');
    await screen.findByText('4 Products Found');

    fireEvent.click(screen.getByRole('button', { name: 'Open filters' }));
    const drawer = within(screen.getByRole('dialog', { name: 'Filters' }));
    fireEvent.click(drawer.getByRole('radio', { name: /Bottoms/ }));
    fireEvent.click(drawer.getByRole('button', { name: 'LG' }));
    fireEvent.change(drawer.getByLabelText('Max price'), { target: { value: '900' } });
    expect(searchOf(router)).toEqual({ sort: 'newest' });

    fireEvent.click(drawer.getByRole('button', { name: 'Apply Filters' }));

    await waitFor(() =>
      expect(searchOf(router)).toEqual({ sort: 'newest', category: 'Bottoms', size: 'lg', maxPrice: 900 }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('clears the drawer draft with Reset and closes on Escape without applying', async () => {
    server.use(catalogueHandler(products(2)).handler);
    const { router } = renderApp('/shopping?size=md');
    await screen.findByText('2 Products Found');

    fireEvent.click(screen.getByRole('button', { name: 'Open filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(searchOf(router)).toEqual({ size: 'md' });
  });

  it('switches between grid and list view', async () => {
    server.use(catalogueHandler(products(2)).handler);
    const { router } = renderApp('/shopping');
    const list = await productList();

    fireEvent.click(screen.getByRole('button', { name: 'List view' }));

    await waitFor(() => expect(searchOf(router)).toEqual({ view: 'list' }));
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    expect(list.getAllByRole('article')[0]?.className).toContain('product-card--list');
  });

  it('shows six skeleton cards while the first page loads', async () => {
    server.use(
      http.get('/api/catalogue', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/shopping');

    const loading = await screen.findByRole('list', { name: 'Loading products' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
  });

  it('shows the empty state and resets every filter with Reset All Filters', async () => {
    server.use(catalogueHandler([]).handler);
    const { router } = renderApp('/shopping?search=zzz&category=Tops&sort=newest&view=list');

    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters or search terms')).toBeTruthy();
    expect(screen.getByText('0 Products Found')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset All Filters' }));

    await waitFor(() => expect(searchOf(router)).toEqual({ view: 'list' }));
    expect((screen.getByPlaceholderText('Search products...') as HTMLInputElement).value).toBe('');
  });

  it('ends in the empty state, with a way to retry, when the catalogue cannot be loaded', async () => {
    server.use(
      http.get('/api/catalogue', () =>
        HttpResponse.json({ message: 'Down', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/shopping');

    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Products could not be loaded right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('product card', () => {
  it('shows image with alt text, name, earned stars or "No reviews yet", price, a real markdown and View Details', async () => {
    server.use(
      catalogueHandler([
        aProduct({ id: 'ties', name: 'Hair Ties', price: 35, rating: 3.6, numReviews: 5 }),
        aProduct({
          id: 'legs',
          name: 'Leggings',
          price: 4999,
          originalPrice: 5999,
          rating: 0,
          numReviews: 0,
        }),
      ]).handler,
    );
    renderApp('/shopping');
    const list = await productList();

    const ties = within(list.getByRole('article', { name: 'Hair Ties' }));
    expect(ties.getByRole('img', { name: 'Hair Ties' }).tagName).toBe('IMG');
    expect(ties.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(ties.getByText('PKR 35.00')).toBeTruthy();
    // Cheap is not on sale: no badge without a markdown.
    expect(ties.queryByText(/Sale/)).toBeNull();
    expect(ties.getByRole('link', { name: /View Details/ }).getAttribute('href')).toBe('/product/ties');

    const leggings = within(list.getByRole('article', { name: 'Leggings' }));
    expect(leggings.queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(leggings.getByText('No reviews yet')).toBeTruthy();
    expect(leggings.getByText('PKR 4,999.00')).toBeTruthy();
    expect(leggings.getByText(/Sale/).textContent).toBe('Sale −, 16% off');
  });

  it('loads the first row of images at once, ahead of the rest, and the others as they scroll near', async () => {
    server.use(catalogueHandler(products(5)).handler);
    renderApp('/shopping');
    const list = await productList();
    const images = list.getAllByRole('img').filter((img) => img.tagName === 'IMG');
    expect(
      images.map((img) => [
        img.getAttribute('alt'),
        img.getAttribute('loading'),
        img.getAttribute('fetchpriority'),
      ]),
    ).toEqual([
      ['Product 1', 'eager', 'high'],
      ['Product 2', 'eager', 'high'],
      ['Product 3', 'eager', 'high'],
      ['Product 4', 'lazy', 'auto'],
      ['Product 5', 'lazy', 'auto'],
    ]);
  });
});
