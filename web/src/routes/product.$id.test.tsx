import type { Product, PublicReview } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { cartStore } from '../lib/cart';
import { signIn } from '../lib/session';
import { aCartLine, aProduct, aReviewableLine, aSession, aShopInfo } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

function aReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 'r1',
    productId: 'p1',
    rating: 4,
    comment: 'Fits well',
    createdAt: '2025-03-03T20:30:00.000Z',
    updatedAt: null,
    author: 'Nida K.',
    verified: true,
    ...overrides,
  };
}

function serve(product: Product, reviews: PublicReview[] = []) {
  server.use(
    http.get(`/api/products/${product.id}`, () => HttpResponse.json(product)),
    http.get(`/api/reviews/${product.id}`, () => HttpResponse.json(reviews)),
  );
}

async function openProduct(product: Product, reviews: PublicReview[] = []) {
  serve(product, reviews);
  const app = renderApp(`/product/${product.id}`);
  await screen.findByRole('heading', { level: 1, name: product.name });
  return app;
}

const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const addButton = () => screen.getByRole('button', { name: /^(Add to Cart|Out of Stock)$/ });

describe('product page', () => {
  it('shows image, category, name, stars, review count, description, prices and stock', async () => {
    await openProduct(
      aProduct({
        id: 'p1',
        name: 'Core Hoodie',
        category: 'Hoodies',
        description: 'Brushed fleece',
        price: 3999,
        originalPrice: 4999,
        rating: 4.4,
        numReviews: 3,
        countInStock: 12,
      }),
    );

    expect(screen.getByRole('img', { name: 'Core Hoodie' }).getAttribute('src')).toBe('/uploads/tee-p1.webp');
    expect(screen.getByText('Hoodies')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(screen.getByText('3 reviews')).toBeTruthy();
    expect(screen.getByText('Brushed fleece')).toBeTruthy();
    expect(screen.getByText('PKR 3,999.00')).toBeTruthy();
    expect(screen.getByText('PKR 4,999.00').closest('s')).toBeTruthy();
    expect(screen.getByText('12 in stock')).toBeTruthy();
  });

  it('keeps Add to Cart dimmed until a size is chosen, and explains when pressed', async () => {
    await openProduct(aProduct({ id: 'p1', sizes: ['MD', 'LG'] }));

    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(addButton());

    expect(screen.getByRole('alert').textContent).toBe('Please select a size before adding to cart');
    expect(cartStore.get()).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'LG' }));

    expect(addButton().getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds the chosen size and quantity to the cart and goes to the cart', async () => {
    const { router } = await openProduct(
      aProduct({ id: 'p1', name: 'Core Hoodie', price: 3999, sizes: ['MD', 'LG'], countInStock: 5 }),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'MD' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(addButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(cartStore.get()).toEqual([
      expect.objectContaining({ product: 'p1', name: 'Core Hoodie', price: 3999, size: 'MD', qty: 2 }),
    ]);
  });

  it('merges with the same product and size already in the cart, capped at the stock', async () => {
    cartStore.set([aCartLine({ product: 'p1', size: 'MD', qty: 2, countInStock: 3 })]);
    const { router } = await openProduct(aProduct({ id: 'p1', sizes: ['MD'], countInStock: 3 }));

    fireEvent.click(screen.getByRole('radio', { name: 'MD' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(addButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(cartStore.get()).toEqual([expect.objectContaining({ product: 'p1', size: 'MD', qty: 3 })]);
  });

  it('adds a product without sizes straight away', async () => {
    await openProduct(aProduct({ id: 'p1', sizes: [] }));

    expect(screen.queryByRole('group', { name: 'Size' })).toBeNull();
    fireEvent.click(addButton());

    await waitFor(() =>
      expect(cartStore.get()).toEqual([expect.objectContaining({ product: 'p1', size: '-' })]),
    );
  });

  it('keeps the quantity from 1 up to the stock', async () => {
    await openProduct(aProduct({ id: 'p1', countInStock: 3 }));
    const stepper = within(screen.getByRole('group', { name: 'Quantity' }));
    const decrease = stepper.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    const increase = stepper.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    const input = stepper.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;

    expect(decrease.disabled).toBe(true);
    fireEvent.click(increase);
    fireEvent.click(increase);
    expect(input.value).toBe('3');
    expect(increase.disabled).toBe(true);

    fireEvent.change(input, { target: { value: '40' } });
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '0' } });
    expect(input.value).toBe('1');
  });

  it('says which sizes are sold out (and cannot be chosen) or nearly gone, and caps the quantity by the size', async () => {
    await openProduct(aProduct({ id: 'p1', name: 'Flex Leggings', stockBySize: { SM: 0, MD: 2, LG: 12 } }));
    const small = screen.getByRole('radio', { name: 'SM' }) as HTMLInputElement;
    const medium = screen.getByRole('radio', { name: 'MD' }) as HTMLInputElement;
    const large = screen.getByRole('radio', { name: 'LG' }) as HTMLInputElement;

    expect(small.disabled).toBe(true);
    expect(describedText(small)).toBe('Sold out');
    expect(describedText(medium)).toBe('Only 2 left');
    expect(large.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByText('14 in stock')).toBeTruthy();

    fireEvent.click(large);
    const increase = screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    for (let i = 0; i < 4; i++) fireEvent.click(increase);
    expect(screen.getByText('12 in stock in size LG')).toBeTruthy();
    fireEvent.click(medium);
    expect(screen.getByText('2 in stock in size MD')).toBeTruthy();
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
    expect(increase.disabled).toBe(true);

    fireEvent.click(addButton());
    await waitFor(() =>
      expect(cartStore.get()).toEqual([expect.objectContaining({ size: 'MD', qty: 2, countInStock: 2 })]),
    );
  });

  it('reads Out of Stock and cannot be added when there is no stock', async () => {
    await openProduct(aProduct({ id: 'p1', countInStock: 0 }));

    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect((addButton() as HTMLButtonElement).disabled).toBe(true);
    expect(addButton().textContent).toBe('Out of Stock');
  });

  it('names the product in the tab title, as the server renders it, and the shop alone once the shopper moves on', async () => {
    server.use(http.get('/api/shop', () => HttpResponse.json(aShopInfo({ name: 'Apex Athletics' }))));
    const product = aProduct({ id: 'p1', name: 'Flex Leggings' });
    const { router } = await openProduct(product);
    await waitFor(() => expect(document.title).toBe('Flex Leggings | Apex Athletics'));

    await router.navigate({ to: '/cart' });
    await screen.findByRole('heading', { level: 1, name: /cart/i });
    expect(document.title).toBe('Apex Athletics');
  });

  it('shows Product Not Found for an unknown product, with Continue Shopping', async () => {
    server.use(
      http.get('/api/products/nope', () =>
        HttpResponse.json({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderApp('/product/nope');

    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeTruthy();
    expect(
      screen.getByText("The product you're looking for doesn't exist or may have been removed"),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shopping');
  });

  it('says a connection failure is one, not "not found", and loads the product on Retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      http.get('/api/products/p1', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json(aProduct({ id: 'p1', name: 'Core Hoodie' }));
      }),
      http.get('/api/reviews/p1', () => HttpResponse.json([])),
    );
    renderApp('/product/p1');

    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the shop');
    expect(screen.queryByRole('heading', { name: 'Product Not Found' })).toBeNull();
    expect(warn).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Core Hoodie' })).toBeTruthy();
  });
});

describe('product reviews', () => {
  it('lists reviews by Verified buyers (first name and initial, or Anonymous) with the en-PK date, rating and comment, and their average', async () => {
    await openProduct(aProduct({ id: 'p1' }), [
      aReview({ id: 'r1', rating: 5, comment: 'Love it', createdAt: '2025-03-03T20:30:00.000Z' }),
      aReview({ id: 'r2', rating: 4, comment: 'Runs small', author: 'Anonymous' }),
      aReview({ id: 'r3', rating: 1, comment: 'Never bought it', author: 'Anonymous', verified: false }),
    ]);

    const reviews = within(await screen.findByRole('region', { name: 'Customer Reviews' }));
    const items = await reviews.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0]!);
    expect(first.getByText('Nida K.')).toBeTruthy();
    expect(first.getByText('Verified buyer')).toBeTruthy();
    expect(within(items[1]!).getByText('Anonymous')).toBeTruthy();
    expect(within(items[2]!).getByText('Not verified')).toBeTruthy();
    // Karachi is UTC+5, so an evening UTC review is dated the next day.
    expect(first.getByText('04-Mar-2025')).toBeTruthy();
    expect(first.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(first.getByText('Love it')).toBeTruthy();
    expect(reviews.getByText('4.5')).toBeTruthy();
    // The earlier, unverified review is listed but counts in no average.
    expect(reviews.getByText('Based on 2 verified reviews')).toBeTruthy();
  });

  it('shows the empty state, and no form but a sign-in link to a visitor', async () => {
    await openProduct(aProduct({ id: 'p1' }), []);

    expect(await screen.findByRole('heading', { name: 'No Reviews Yet' })).toBeTruthy();
    expect(screen.getByText('Be the first to share your thoughts about this product!')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Write a Review' })).toBeNull();
    const reviews = within(screen.getByRole('region', { name: 'Customer Reviews' }));
    expect(reviews.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fproduct%2Fp1',
    );
  });

  it('lets a buyer post a review of her delivered line with the chosen rating, then offers to edit it', async () => {
    signIn(aSession());
    const posted: unknown[] = [];
    let reviews: PublicReview[] = [];
    server.use(
      http.get('/api/products/p1', () => HttpResponse.json(aProduct({ id: 'p1', name: 'Core Hoodie' }))),
      http.get('/api/reviews/p1', () => HttpResponse.json(reviews)),
      http.get('/api/reviews/mine', () =>
        HttpResponse.json(
          reviews.length === 0
            ? { reviewable: [aReviewableLine()], reviews: [] }
            : { reviewable: [], reviews: [{ ...reviews[0], orderId: 'o1', lineId: 'l1', anonymous: false }] },
        ),
      ),
      http.post('/api/reviews', async ({ request }) => {
        posted.push(await request.json());
        reviews = [aReview({ rating: 3, comment: 'Decent' })];
        return HttpResponse.json({ id: 'r1' }, { status: 201 });
      }),
    );
    renderApp('/product/p1');
    const form = within(await screen.findByRole('form', { name: 'Write a Review' }));

    expect((form.getByRole('radio', { name: '5 Stars' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(form.getByRole('radio', { name: '3 Stars' }));
    fireEvent.change(form.getByLabelText('Your review'), { target: { value: '  Decent  ' } });
    fireEvent.click(form.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Decent')).toBeTruthy();
    expect(posted).toEqual([
      { productId: 'p1', orderId: 'o1', lineId: 'l1', rating: 3, comment: 'Decent', anonymous: false },
    ]);
    const edit = within(await screen.findByRole('form', { name: 'Edit your review' }));
    expect(screen.getByText('Thank you! Your review is published.')).toBeTruthy();
    expect((edit.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('Decent');
  });

  it('tells a signed-in shopper who has not received it that reviews come from buyers, with no form', async () => {
    signIn(aSession());
    server.use(http.get('/api/reviews/mine', () => HttpResponse.json({ reviewable: [], reviews: [] })));
    await openProduct(aProduct({ id: 'p1' }), []);
    expect(
      await screen.findByText(
        'Reviews come from buyers: you can review this product once an order of it has been delivered to you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Write a Review' })).toBeNull();
  });

  it('lets the author edit her review, and stay anonymous', async () => {
    signIn(aSession());
    const sent: unknown[] = [];
    const own = {
      ...aReview({ id: 'l1', rating: 5, comment: 'Love it' }),
      orderId: 'o1',
      lineId: 'l1',
      anonymous: false,
    };
    server.use(
      http.get('/api/reviews/mine', () => HttpResponse.json({ reviewable: [], reviews: [own] })),
      http.put('/api/reviews/l1', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...own, rating: 2, comment: 'Faded', anonymous: true });
      }),
    );
    await openProduct(aProduct({ id: 'p1' }), [aReview({ id: 'l1', rating: 5, comment: 'Love it' })]);
    const form = within(await screen.findByRole('form', { name: 'Edit your review' }));
    fireEvent.click(form.getByRole('radio', { name: '2 Stars' }));
    fireEvent.change(form.getByLabelText('Your review'), { target: { value: 'Faded' } });
    fireEvent.click(form.getByRole('checkbox', { name: /Anonymous/ }));
    fireEvent.click(form.getByRole('button', { name: 'Save Review' }));
    expect(await screen.findByText('Your review is updated.')).toBeTruthy();
    expect(sent).toEqual([{ rating: 2, comment: 'Faded', anonymous: true }]);
  });

  it('sends nothing when the comment is blank', async () => {
    signIn(aSession());
    let posts = 0;
    serve(aProduct({ id: 'p1' }));
    server.use(
      http.post('/api/reviews', () => {
        posts += 1;
        return HttpResponse.json({});
      }),
    );
    renderApp('/product/p1');
    const form = within(await screen.findByRole('form', { name: 'Write a Review' }));

    fireEvent.change(form.getByLabelText('Your review'), { target: { value: '   ' } });
    fireEvent.click(form.getByRole('button', { name: 'Submit Review' }));

    expect(form.getByText('Please write a comment before submitting.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts).toBe(0);
  });

  it("alerts 'Review error: ' with the server's message when the review is refused", async () => {
    signIn(aSession());
    serve(aProduct({ id: 'p1' }));
    server.use(
      http.post('/api/reviews', () =>
        HttpResponse.json(
          { message: 'Rating must be a whole number from 1 to 5', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/product/p1');
    const form = within(await screen.findByRole('form', { name: 'Write a Review' }));

    fireEvent.change(form.getByLabelText('Your review'), { target: { value: 'Great' } });
    fireEvent.click(form.getByRole('button', { name: 'Submit Review' }));

    expect((await form.findByRole('alert')).textContent).toBe(
      'Review error: Rating must be a whole number from 1 to 5',
    );
  });
});
