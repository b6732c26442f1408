import {
  type AdminReview,
  type ErrorBody,
  type MyReview,
  type MyReviews,
  NO_STREAM,
  type Product,
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
import { createProduct, deliveredOrderOf, placeOrderOk, setStatus } from '../orders/order-test-kit';

let t: TestShop;
let shopper: SignedInUser;
it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  shopper = await registerUser(t, { name: 'Zara Ahmed', email: 'zara@example.pk' });
});

let admin: SignedInUser;

/** A product on sale, made as the admin makes it. */
async function aListedProduct(name = 'Seamless Leggings'): Promise<Product> {
  return createProduct(t, admin, { name, price: 45, countInStock: 50 });
}

/** Posts as the shopper; `null` posts without a token. */
const post = (body: Record<string, unknown>, token: string | null = shopper.token) =>
  t.request<MyReview & ErrorBody>('POST', '/api/reviews', { body, ...(token ? { token } : {}) });
const publicReviews = async (product: Product) =>
  (await t.request<PublicReview[]>('GET', `/api/reviews/${product.id}`)).body;
const productOf = async (product: Product) =>
  (await t.request<Product>('GET', `/api/products/${product.id}`)).body;

describe('POST /api/reviews: only from buyers', () => {
  it('refuses review flooding: ten posts from an account that never bought it are all 403, and nothing counts', async () => {
    const product = await aListedProduct();
    for (let i = 0; i < 10; i++) {
      const response = await post({ productId: product.id, rating: 1, comment: 'Terrible' });
      expect([response.status, response.body.code, response.body.message]).toEqual([
        403,
        'FORBIDDEN',
        'Only a buyer can review this product: reviews come from orders delivered to you. You can review it once your order has arrived.',
      ]);
    }
    expect(await publicReviews(product)).toEqual([]);
    expect(await productOf(product)).toMatchObject({ numReviews: 0, rating: 0 });
  });

  it('a buyer of a delivered line posts once per line, marked Verified buyer with her first name and initial', async () => {
    const product = await aListedProduct();
    const order = await deliveredOrderOf(t, shopper, product);
    const response = await post({
      productId: product.id,
      rating: 4,
      comment: '  Great fit, true to size.  ',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: order.orderItems[0]?.id,
      productId: product.id,
      rating: 4,
      comment: 'Great fit, true to size.',
      createdAt: t.clock.now().toISOString(),
      updatedAt: null,
      author: 'Zara A.',
      verified: true,
      orderId: order.id,
      lineId: order.orderItems[0]?.id,
      anonymous: false,
    });
    const again = await post({ productId: product.id, rating: 1 });
    expect([again.status, again.body.message]).toEqual([
      409,
      'You have already reviewed this product for each order of it. You can edit your review instead.',
    ]);
    expect(await productOf(product)).toMatchObject({ numReviews: 1, rating: 4 });
    // A second delivered order of it is a second line she may review.
    await deliveredOrderOf(t, shopper, product);
    expect((await post({ productId: product.id, rating: 2 })).status).toBe(201);
    expect(await productOf(product)).toMatchObject({ numReviews: 2, rating: 3 });
  });

  it('she may stay anonymous; an empty comment is accepted (the /review form may send none)', async () => {
    const product = await aListedProduct();
    await deliveredOrderOf(t, shopper, product);
    const response = await post({ productId: product.id, rating: 5, anonymous: true });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      comment: '',
      author: 'Anonymous',
      verified: true,
      anonymous: true,
    });
    expect(JSON.stringify(await publicReviews(product))).not.toContain('Zara');
  });

  it('an order not delivered yet, a cancelled one, or another shopper’s line gives no review', async () => {
    const product = await aListedProduct();
    const pending = await placeOrderOk(t, shopper, [{ product, qty: 1 }], { paymentMethod: 'Card' });
    expect((await post({ productId: product.id, rating: 5 })).status).toBe(403);
    await setStatus(t, admin, pending.id, 'Cancelled');
    expect((await post({ productId: product.id, rating: 5 })).status).toBe(403);
    const other = await registerUser(t, { name: 'Other Buyer' });
    const theirs = await deliveredOrderOf(t, other, product);
    const named = await post({
      productId: product.id,
      rating: 5,
      orderId: theirs.id,
      lineId: theirs.orderItems[0]?.id,
    });
    expect(named.status).toBe(403);
    expect((await publicReviews(product)).length).toBe(0);
  });

  it('answers 401 without a token', async () => {
    const product = await aListedProduct();
    expect((await post({ productId: product.id, rating: 5 }, null)).status).toBe(401);
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
    const gone = await aListedProduct('Gone');
    await t.request('DELETE', `/api/products/${gone.id}`, { token: admin.token });
    const response = await post({ productId: gone.id, rating: 5 });
    expect([response.status, response.body.message]).toEqual([404, 'Product not found']);
  });
});

describe('PUT /api/reviews/{id}: her own review, edited', () => {
  it('the author changes rating, text and anonymity; the rating follows; anyone else gets 404', async () => {
    const product = await aListedProduct();
    await deliveredOrderOf(t, shopper, product);
    const posted = await post({ productId: product.id, rating: 5, comment: 'Love it' });
    t.clock.advance(60_000);
    const edited = await t.request<MyReview>('PUT', `/api/reviews/${posted.body.id}`, {
      token: shopper.token,
      body: { rating: 2, comment: 'Faded after a wash', anonymous: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      rating: 2,
      comment: 'Faded after a wash',
      author: 'Anonymous',
      updatedAt: t.clock.now().toISOString(),
      verified: true,
    });
    expect(await productOf(product)).toMatchObject({ numReviews: 1, rating: 2 });
    const other = await registerUser(t, { name: 'Other' });
    for (const token of [other.token, admin.token]) {
      const refused = await t.request<ErrorBody>('PUT', `/api/reviews/${posted.body.id}`, {
        token,
        body: { rating: 1, comment: 'hijacked' },
      });
      expect(refused.status).toBe(404);
    }
    expect((await publicReviews(product))[0]?.comment).toBe('Faded after a wash');
  });
});

describe('GET /api/reviews/mine', () => {
  it('answers the delivered lines she may still review and her reviews', async () => {
    const product = await aListedProduct();
    const first = await deliveredOrderOf(t, shopper, product);
    const second = await deliveredOrderOf(t, shopper, product);
    await post({ productId: product.id, orderId: second.id, rating: 3 });
    const mine = await t.request<MyReviews>('GET', `/api/reviews/mine?productId=${product.id}`, {
      token: shopper.token,
    });
    expect(mine.body.reviewable).toEqual([
      {
        orderId: first.id,
        lineId: first.orderItems[0]?.id,
        reference: first.reference,
        productId: product.id,
        name: 'Seamless Leggings',
        size: 'SM',
        deliveredAt: first.deliveredAt,
      },
    ]);
    expect(mine.body.reviews.map((r) => r.orderId)).toEqual([second.id]);
    expect((await t.request('GET', '/api/reviews/mine')).status).toBe(401);
  });
});

describe('GET /api/reviews/{productId}', () => {
  it('lists a product’s reviews newest first, earlier ones marked not verified, never a full name or e-mail', async () => {
    const product = await aListedProduct();
    await append(streams.review('old-1'), {
      type: 'ReviewPosted',
      data: {
        reviewId: 'old-1',
        productId: product.id,
        userId: shopper.id,
        rating: 1,
        comment: 'first',
        at: t.clock.now().toISOString(),
      },
    });
    await deliveredOrderOf(t, shopper, product);
    t.clock.advance(60_000);
    await post({ productId: product.id, rating: 5, comment: 'second' });

    const response = await t.request<PublicReview[]>('GET', `/api/reviews/${product.id}`);
    expect(response.status).toBe(200);
    expect(response.body.map((r) => [r.comment, r.verified, r.author])).toEqual([
      ['second', true, 'Zara A.'],
      ['first', false, 'Anonymous'],
    ]);
    for (const review of response.body) {
      expect(Object.keys(review).sort()).toEqual([
        'author',
        'comment',
        'createdAt',
        'id',
        'productId',
        'rating',
        'updatedAt',
        'verified',
      ]);
    }
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('Ahmed');
    expect(text).not.toContain('zara@example.pk');
    expect(text).not.toContain(shopper.id);
    // The rating counts the verified review alone.
    expect(await productOf(product)).toMatchObject({ numReviews: 1, rating: 5 });
  });

  it('answers an empty list for a product without reviews', async () => {
    expect((await t.request('GET', '/api/reviews/unknown')).body).toEqual([]);
  });
});

/** Appends an event as it was recorded before (schema version 1), and waits for the read models. */
async function append(stream: string, event: { type: string; data: unknown }) {
  const { position } = await t.deps.store.append(
    stream,
    [{ ...event, metadata: { actor: 'test', schemaVersion: 1 } }],
    { expectedRevision: NO_STREAM },
  );
  await t.deps.projections.waitForPosition(position, 2_000);
}

describe('GET /api/admin/reviews', () => {
  it('lists every review newest first with its author’s current name and e-mail and the product', async () => {
    const product = await aListedProduct('Seamless Leggings');
    await deliveredOrderOf(t, shopper, product);
    await post({ productId: product.id, rating: 2, comment: 'Too short' });
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
        productId: product.id,
        productName: 'Seamless Leggings',
        rating: 2,
        comment: 'Too short',
        createdAt: t.clock.now().toISOString(),
        verified: true,
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
    const product = await aListedProduct();
    await deliveredOrderOf(t, shopper, product);
    await deliveredOrderOf(t, shopper, product);
    const kept = await post({ productId: product.id, rating: 5, comment: 'keep' });
    const removed = await post({ productId: product.id, rating: 1, comment: 'spam' });

    const response = await t.request('DELETE', `/api/reviews/${removed.body.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Review deleted', id: removed.body.id });
    expect((await publicReviews(product)).map((r) => r.id)).toEqual([kept.body.id]);
    const adminList = await t.request<AdminReview[]>('GET', '/api/admin/reviews', { token: admin.token });
    expect(adminList.body.map((r) => r.id)).toEqual([kept.body.id]);

    const again = await t.request<ErrorBody>('DELETE', `/api/reviews/${removed.body.id}`, {
      token: admin.token,
    });
    expect([again.status, again.body.message]).toEqual([404, 'Review not found']);
  });

  it('answers 404 for an unknown review, 401 without a token and 403 to a customer', async () => {
    const product = await aListedProduct();
    await deliveredOrderOf(t, shopper, product);
    const review = await post({ productId: product.id, rating: 5 });
    expect((await t.request('DELETE', '/api/reviews/no-such-review', { token: admin.token })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `/api/reviews/${review.body.id}`)).status).toBe(401);
    expect(
      (await t.request('DELETE', `/api/reviews/${review.body.id}`, { token: shopper.token })).status,
    ).toBe(403);
    expect(await publicReviews(product)).toHaveLength(1);
  });
});
