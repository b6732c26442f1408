import type { ProductInput } from '@shop/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, recordRequests, signInAsAdmin, someMetrics } from '../../../test/admin-builders';
import { aProduct } from '../../../test/builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

// The dashboard, where a saved form returns, draws its chart with uPlot, which needs a real canvas.
vi.mock('uplot', () => import('../../../test/fake-uplot'));

function field(label: RegExp | string) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function type(label: RegExp | string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function pick(file: File) {
  fireEvent.change(field(/^Product image/), { target: { files: [file] } });
}

const jpeg = () => new File(['fake-jpeg'], 'hoodie.jpg', { type: 'image/jpeg' });

/** The shop's categories, as `GET /api/categories` answers them. */
function categoriesAnswer(names: string[] = ['Leggings', 'Tops']) {
  server.use(
    http.get('/api/categories', () => HttpResponse.json(names.map((category) => ({ category, count: 2 })))),
  );
}

const categoryList = () => screen.findByRole('combobox', { name: 'Category' }) as Promise<HTMLSelectElement>;

function dashboardAnswers() {
  server.use(
    http.get('/api/admin/metrics', () => HttpResponse.json(someMetrics())),
    http.get('/api/products', () => HttpResponse.json([])),
  );
}

describe('create product form', () => {
  beforeEach(() => {
    signInAsAdmin();
    categoriesAnswer();
  });

  it('refuses an empty form with a message under each required field and sends nothing', async () => {
    const calls = recordRequests();
    renderApp('/admin/create');
    expect(await screen.findByRole('heading', { name: 'Create New Product' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    for (const message of [
      'Name is required',
      'Category is required',
      'Price is required',
      'Stock is required',
      'Description is required',
      'Image is required',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it("shows the contracts' rules for prices and stock", async () => {
    renderApp('/admin/create');
    await screen.findByRole('heading', { name: 'Create New Product' });

    type('Price', '12.345');
    type(/^Original price/, '0');
    type('Stock quantity', '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(screen.getByText('Price must have at most 2 decimals')).toBeTruthy();
    expect(screen.getByText('Original price must be greater than 0')).toBeTruthy();
    expect(screen.getByText('Stock must be a whole number')).toBeTruthy();

    type('Stock quantity', '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Stock must not be negative')).toBeTruthy();
  });

  it('refuses a file that is not an image and previews one that is', async () => {
    renderApp('/admin/create');
    await screen.findByRole('heading', { name: 'Create New Product' });
    type('Name', 'Core Hoodie');

    pick(new File(['%PDF'], 'catalogue.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Image must be an image file (JPEG, PNG, WebP, AVIF or GIF)')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();

    pick(jpeg());
    expect(screen.queryByText(/Image must be an image file/)).toBeNull();
    expect(await screen.findByRole('img', { name: 'Core Hoodie, as newly chosen' })).toBeTruthy();
  });

  it('uploads the image, sends the product with its URL and numbers, then returns to the dashboard', async () => {
    let uploaded: FormDataEntryValue | null = null;
    let sent: ProductInput | undefined;
    let answerUpload: () => void = () => {};
    server.use(
      http.post('/api/upload', async ({ request }) => {
        uploaded = (await request.formData()).get('image');
        await new Promise<void>((resolve) => {
          answerUpload = resolve;
        });
        return HttpResponse.json({ url: '/uploads/abc123.webp', thumbnail: '/uploads/abc123-thumb.webp' });
      }),
      http.post('/api/products', async ({ request }) => {
        sent = (await request.json()) as ProductInput;
        return HttpResponse.json(aProduct({ id: 'new', name: 'Core Hoodie' }), { status: 201 });
      }),
    );
    dashboardAnswers();
    const { router } = renderApp('/admin/create');
    await screen.findByRole('heading', { name: 'Create New Product' });

    type('Name', 'Core Hoodie');
    const category = await categoryList();
    expect(Array.from(category.options, (option) => option.text)).toEqual([
      'Choose a category…',
      'Leggings',
      'Tops',
      'New category…',
    ]);
    fireEvent.change(category, { target: { value: 'Tops' } });
    type('Price', '4500.5');
    type('Description', 'Warm and light');
    fireEvent.click(screen.getByRole('checkbox', { name: 'MD' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'SM' }));
    expect(screen.queryByLabelText('Stock quantity')).toBeNull();
    type('Stock of SM', '5');
    type('Stock of MD', '7');
    pick(jpeg());
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    const busy = await screen.findByRole('button', { name: 'Creating Product...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answerUpload();

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(uploaded).toBeInstanceOf(File);
    expect(sent).toEqual({
      name: 'Core Hoodie',
      category: 'Tops',
      price: 4500.5,
      originalPrice: null,
      stockBySize: { SM: 5, MD: 7 },
      description: 'Warm and light',
      sizes: ['SM', 'MD'],
      isFeatured: false,
      image: '/uploads/abc123.webp',
    });
    const notice = await screen.findByText(/Product “Core Hoodie” created\./);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Core Hoodie in the shop' }).getAttribute('href')).toBe(
      '/product/new',
    );
  });

  it('makes a new category only on purpose, from "New category…"', async () => {
    let sent: ProductInput | undefined;
    server.use(
      http.post('/api/upload', () =>
        HttpResponse.json({ url: '/uploads/a.webp', thumbnail: '/uploads/a.webp' }),
      ),
      http.post('/api/products', async ({ request }) => {
        sent = (await request.json()) as ProductInput;
        return HttpResponse.json(aProduct({ id: 'bra', name: 'Pace Bra', category: 'Sports Bras' }), {
          status: 201,
        });
      }),
    );
    dashboardAnswers();
    renderApp('/admin/create');
    fireEvent.change(await categoryList(), { target: { value: ' new' } });
    const name = field('New category name');
    expect(document.querySelector('select')?.value).toBe(' new');
    fireEvent.change(name, { target: { value: 'Sports Bras' } });
    type('Name', 'Pace Bra');
    type('Price', '2500');
    type('Stock quantity', '3');
    type('Description', 'Holds still');
    pick(jpeg());
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText(/Product “Pace Bra” created\./)).toBeTruthy();
    expect(sent?.category).toBe('Sports Bras');
  });

  it('asks for the category by name when the list cannot be had', async () => {
    server.use(http.get('/api/categories', () => HttpResponse.error()));
    renderApp('/admin/create');
    await screen.findByRole('heading', { name: 'Create New Product' });

    const category = await screen.findByRole('textbox', { name: 'Category' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Category is required')).toBeTruthy();
    expect(category.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows a refused save in a red banner, with the server's field messages", async () => {
    server.use(
      http.post('/api/upload', () =>
        HttpResponse.json({ url: '/uploads/a.webp', thumbnail: '/uploads/a-t.webp' }),
      ),
      http.post('/api/products', () =>
        HttpResponse.json(
          {
            message: 'Check the highlighted fields',
            code: 'VALIDATION_FAILED',
            fields: [{ field: 'category', message: 'Category must be at most 60 characters' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/admin/create');
    await screen.findByRole('heading', { name: 'Create New Product' });
    type('Name', 'Core Hoodie');
    fireEvent.change(await categoryList(), { target: { value: 'Tops' } });
    type('Price', '10');
    type('Stock quantity', '1');
    type('Description', 'Warm');
    pick(jpeg());

    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Check the highlighted fields');
    expect(screen.getByText('Category must be at most 60 characters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeTruthy();
  });

  it('returns to the dashboard on Cancel', async () => {
    dashboardAnswers();
    const { router } = renderApp('/admin/create');
    fireEvent.click(await screen.findByRole('link', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

describe('edit product form', () => {
  const product = aProduct({
    id: 'p7',
    name: 'Trail Shorts',
    price: 2999.99,
    countInStock: 4,
    sizes: ['MD'],
    image: '/uploads/shorts.webp',
  });

  beforeEach(() => {
    signInAsAdmin();
    categoriesAnswer();
    server.use(http.get('/api/products/p7', () => HttpResponse.json(product)));
  });

  it('keeps an emptied number field empty and refuses it instead of saving 0', async () => {
    const calls = recordRequests();
    renderApp('/admin/edit/p7');
    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeTruthy();
    expect(((await screen.findByLabelText('Stock of MD')) as HTMLInputElement).value).toBe('4');

    type('Stock of MD', '');
    type('Price', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Product' }));

    expect(field('Stock of MD').value).toBe('');
    expect(field('Price').value).toBe('');
    expect(screen.getByText('Stock for MD is required')).toBeTruthy();
    expect(screen.getByText('Price is required')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('shows the current image, keeps it when no file is chosen and saves the changes', async () => {
    let sent: ProductInput | undefined;
    server.use(
      http.put('/api/products/p7', async ({ request }) => {
        sent = (await request.json()) as ProductInput;
        return HttpResponse.json({ ...product, ...sent });
      }),
    );
    dashboardAnswers();
    const { router } = renderApp('/admin/edit/p7');
    expect(await screen.findByRole('img', { name: 'Trail Shorts, as it looks now' })).toBeTruthy();

    expect((await categoryList()).value).toBe('Tops');
    type('Price', '2499');
    type('Stock of MD', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save Product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(sent).toMatchObject({
      category: 'Tops',
      price: 2499,
      stockBySize: { MD: 0 },
      image: '/uploads/shorts.webp',
      sizes: ['MD'],
    });
    expect(await screen.findByText(/Product “Trail Shorts” saved\./)).toBeTruthy();
  });

  it("edits one count per size, a new size asking for its own, and shows a size's refusal under it", async () => {
    const calls = recordRequests();
    renderApp('/admin/edit/p7');
    expect(((await screen.findByLabelText('Stock of MD')) as HTMLInputElement).value).toBe('4');
    fireEvent.click(screen.getByRole('checkbox', { name: 'XL' }));
    type('Stock of MD', '-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save Product' }));

    expect(screen.getByText('Stock for XL is required')).toBeTruthy();
    expect(document.activeElement).toBe(field('Stock of MD'));
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
    type('Stock of XL', '3');
    type('Stock of MD', '1.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save Product' }));
    expect(screen.getByText('Stock must be a whole number')).toBeTruthy();
    expect(field('Stock of MD').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it("says 'Could not load product' when the load fails, and loads again on Retry", async () => {
    let calls = 0;
    server.use(
      http.get('/api/products/p7', () => {
        calls += 1;
        return calls === 1 ? errorResponse(500, 'Database is busy', 'INTERNAL') : HttpResponse.json(product);
      }),
    );
    renderApp('/admin/edit/p7');

    expect(await screen.findByText('Could not load product')).toBeTruthy();
    expect(screen.getByText('Database is busy')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Trail Shorts');
  });
});
