import type { Product } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, orderBody } from '../../slices/orders/order-test-kit';
import {
  aRegistration,
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
} from '../../test-support/test-shop';

// Directed cases of the hostile-input property "a refused command appends nothing", for refusals
// that only the handler (not the schema) can find.
describe('a refused command appends nothing to the log', () => {
  let t: TestShop;
  let user: SignedInUser;
  let product: Product;

  beforeAll(async () => {
    t = await openTestShop();
    const admin = await signInAdmin(t);
    product = await createProduct(t, admin, { price: 40, countInStock: 3 });
    user = await registerUser(t);
  });
  afterAll(() => t.close());

  async function expectNothingAppended(
    call: () => Promise<{ status: number; body: unknown }>,
    status: number,
  ): Promise<void> {
    const head = await t.deps.store.headPosition();
    const response = await call();
    expect(response.status).toBe(status);
    expect(await t.deps.store.headPosition()).toBe(head);
  }

  const order = (body: unknown, key: string) => () =>
    t.request('POST', '/api/orders', { token: user.token, body, headers: { 'idempotency-key': key } });

  it('an order with an Idempotency-Key for an unknown product, a wrong total, too many units or a bad code', async () => {
    const honest = orderBody([{ product, qty: 1 }]);
    await expectNothingAppended(
      order({ ...honest, orderItems: [{ ...honest.orderItems[0], product: 'no-such-product' }] }, 'k1'),
      404,
    );
    await expectNothingAppended(order({ ...honest, totalPrice: 1 }, 'k2'), 409);
    await expectNothingAppended(order(orderBody([{ product, qty: 4 }]), 'k3'), 409);
    await expectNothingAppended(order({ ...honest, affiliateCode: 'NOSUCHCODE' }, 'k4'), 400);
  });

  it('and the same key then still places the order once', async () => {
    const body = orderBody([{ product, qty: 1 }]);
    const first = await order(body, 'k1')();
    const again = await order(body, 'k1')();
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((again.body as { id: string }).id).toBe((first.body as { id: string }).id);
  });

  it('a registration with a taken e-mail, a review of an unknown product', async () => {
    await expectNothingAppended(
      () => t.request('POST', '/api/auth/register', { body: aRegistration({ email: user.email }) }),
      409,
    );
    await expectNothingAppended(
      () =>
        t.request('POST', '/api/reviews', {
          token: user.token,
          body: { productId: 'no-such-product', rating: 5, comment: 'x' },
        }),
      404,
    );
  });
});
