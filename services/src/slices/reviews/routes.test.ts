import {
  type AdminReview,
  type ErrorBody,
  type EventData,
  NO_STREAM,
  type PublicReview,
  streams,
  variantsFromSizes,
} from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { updateProfile } from '../accounts/account-commands';
import { loadUser } from '../accounts/load-user';
import type { RegisteredUser } from '../accounts/user';

let t: TestShop;
let shopper: SignedInUser;
it.beforeEach(async ({ shop }) => {
  t = shop;
  shopper = await registerUser(t, { name: 'Zara Ahmed', email: 'zara@example.pk' });
});

/** A product as the catalogue's commands would record it (this slice only needs its events). */
async function aListedProduct(productId: string, name = 'Seamless Leggings'): Promise<string> {
  const data: EventData<'ProductCreated'> = {
    productId,
    name,
    description: 'High-waisted, squat-proof.',
    category: 'Leggings',
    price: 4_500,
    originalPrice: null,
    image: '/uploads/leggings.webp',
    thumbnail: '/uploads/leggings-thumb.webp',
    sizes: ['SM', 'MD'],
    isFeatured: false,
    countInStock: 12,
    stockBySize: { SM: 12, MD: 0 },
    at: t.clock.now().toISOString(),
    ...variantsFromSizes({
      productId,
      sizes: ['SM', 'MD'],
      countInStock: 12,
      stockBySize: { SM: 12, MD: 0 },
      price: 4_500,
      originalPrice: null,
    }),
  };
  await append(streams.product(productId), { type: 'ProductCreated', data }, NO_STREAM);
  return productId;
}

async function append(
  stream: string,
  event: { type: string; data: unknown },
  expectedRevision: 'no_stream' | number,
) {
  const { position } = await t.deps.store.append(stream, [{ ...event, metadata: { actor: 'test' } }], {
    expectedRevision,
  });
  await t.deps.projections.waitForPosition(position, 2_000);
}

/** Posts as the shopper; `null` posts without a token. */
const post = (body: Record<string, unknown>, token: string | null = shopper.token) =>
  t.request<PublicReview & ErrorBody>('POST', '/api/reviews', { body, ...(token ? { token } : {}) });

describe('POST /api/reviews', () => {
  it('posts a review of a listed product and answers it, anonymous', async () => {
    const productId = await aListedProduct('p1');
    const response = await post({ productId, rating: 4, comment: '  Great fit, true to size.  ' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      productId,
      rating: 4,
      comment: 'Great fit, true to size.',
      createdAt: '2024-05-02T08:00:00.000Z',
      author: 'Anonymous',
    });
  });

  it('accepts an empty comment (the /review form may send none)', async () => {
    await aListedProduct('p1');
    const response = await post({ productId: 'p1', rating: 5 });
    expect([response.status, response.body.comment]).toEqual([201, '']);
  });

  it('answers 401 without a token', async () => {
    await aListedProduct('p1');
    expect((await post({ productId: 'p1', rating: 5 }, null)).status).toBe(401);
  });

  it('refuses a bad rating, a missing product or an overlong comment with 400 naming the fields', async () => {
    const response = await post({ rating: 6, comment: 'x'.repeat(2001) });
    expect(response.status).toBe(400);
    expect(response.body.fields?.map((f) => f.field).sort()).toEqual(['comment', 'productId', 'rating']);
    const fractional = await post({ productId: 'p1', rating: 3.5 });
    expect(fractional.body.fields).toEqual([
      { field: 'rating', message: 'Rating must be a whole number from 1 to 5' },
    ]);
  });

  it('answers 404 Product not found for an unknown or deleted product', async () => {
    expect((await post({ productId: 'nope', rating: 5 })).body).toEqual({
      code: 'NOT_FOUND',
      message: 'Product not found',
    });
    await aListedProduct('gone');
    const at = t.clock.now().toISOString();
    await append(streams.product('gone'), { type: 'ProductDeleted', data: { productId: 'gone', at } }, 0);
    const response = await post({ productId: 'gone', rating: 5 });
    expect([response.status, response.body.message]).toEqual([404, 'Product not found']);
  });
});

describe('GET /api/reviews/{productId}', () => {
  it('lists a product’s reviews newest first, every author Anonymous, never a name or e-mail', async () => {
    await aListedProduct('p1');
    await aListedProduct('p2');
    await post({ productId: 'p1', rating: 3, comment: 'first' });
    t.clock.advance(60_000);
    await post({ productId: 'p1', rating: 5, comment: 'second' });
    await post({ productId: 'p1', rating: 4, comment: 'third, same minute' });
    await post({ productId: 'p2', rating: 1, comment: 'other product' });

    const response = await t.request<PublicReview[]>('GET', '/api/reviews/p1');
    expect(response.status).toBe(200);
    expect(response.body.map((r) => r.comment)).toEqual(['third, same minute', 'second', 'first']);
    for (const review of response.body) {
      expect(Object.keys(review).sort()).toEqual([
        'author',
        'comment',
        'createdAt',
        'id',
        'productId',
        'rating',
      ]);
      expect(review.author).toBe('Anonymous');
    }
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('Zara');
    expect(text).not.toContain('zara@example.pk');
    expect(text).not.toContain(shopper.id);
  });

  it('answers an empty list for a product without reviews', async () => {
    expect((await t.request('GET', '/api/reviews/unknown')).body).toEqual([]);
  });
});

describe('GET /api/admin/reviews', () => {
  it('lists every review newest first with its author’s current name and e-mail and the product', async () => {
    const admin = await signInAdmin(t);
    await aListedProduct('p1', 'Seamless Leggings');
    await post({ productId: 'p1', rating: 2, comment: 'Too short' });
    const user = (await loadUser(t.deps.store, shopper.id)) as RegisteredUser;
    await updateProfile(
      t.deps,
      user,
      { name: 'Zara A.', email: 'zara.a@example.pk', contact: '' },
      user.userId,
    );

    const response = await t.request<AdminReview[]>('GET', '/api/admin/reviews', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        id: expect.any(String),
        productId: 'p1',
        productName: 'Seamless Leggings',
        rating: 2,
        comment: 'Too short',
        createdAt: '2024-05-02T08:00:00.000Z',
        User: { name: 'Zara A.', email: 'zara.a@example.pk' },
      },
    ]);
  });

  it('answers 401 without a token and 403 to a customer', async () => {
    expect((await t.request('GET', '/api/admin/reviews')).status).toBe(401);
    expect((await t.request('GET', '/api/admin/reviews', { token: shopper.token })).status).toBe(403);
  });
});

describe('DELETE /api/reviews/{id}', () => {
  it('lets an admin delete a review: it leaves both lists, and deleting it again answers 404', async () => {
    const admin = await signInAdmin(t);
    await aListedProduct('p1');
    const kept = await post({ productId: 'p1', rating: 5, comment: 'keep' });
    const removed = await post({ productId: 'p1', rating: 1, comment: 'spam' });

    const response = await t.request('DELETE', `/api/reviews/${removed.body.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Review deleted', id: removed.body.id });
    const publicList = await t.request<PublicReview[]>('GET', '/api/reviews/p1');
    expect(publicList.body.map((r) => r.id)).toEqual([kept.body.id]);
    const adminList = await t.request<AdminReview[]>('GET', '/api/admin/reviews', { token: admin.token });
    expect(adminList.body.map((r) => r.id)).toEqual([kept.body.id]);

    const again = await t.request<ErrorBody>('DELETE', `/api/reviews/${removed.body.id}`, {
      token: admin.token,
    });
    expect([again.status, again.body.message]).toEqual([404, 'Review not found']);
  });

  it('answers 404 for an unknown review, 401 without a token and 403 to a customer', async () => {
    const admin = await signInAdmin(t);
    await aListedProduct('p1');
    const review = await post({ productId: 'p1', rating: 5 });
    expect((await t.request('DELETE', '/api/reviews/no-such-review', { token: admin.token })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `/api/reviews/${review.body.id}`)).status).toBe(401);
    expect(
      (await t.request('DELETE', `/api/reviews/${review.body.id}`, { token: shopper.token })).status,
    ).toBe(403);
    expect((await t.request<PublicReview[]>('GET', '/api/reviews/p1')).body).toHaveLength(1);
  });
});
