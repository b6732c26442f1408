import { asUserId, type ErrorBody, type Order, type Product } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { createProduct, orderBody, placeOrderOk } from './order-test-kit';
import { handlePlaceOrder } from './place-order';
import { PRICE_CHANGED_MESSAGE } from './pricing';

let t: TestShop;
let admin: SignedInUser;
let shopper: SignedInUser;
let tee: Product;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  shopper = await registerUser(t);
  tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, stockBySize: { SM: 5, MD: 5 } });
});

const post = (body: unknown, token = shopper.token, headers: Record<string, string> = {}) =>
  t.request<Order & ErrorBody>('POST', '/api/orders', { token, body, headers });
const stockOf = async (product: Product) =>
  (await t.request<Product>('GET', `/api/products/${product.id}`)).body.countInStock;

describe('POST /api/orders', () => {
  it('prices the order on the server, reserves the stock and answers the order (201)', async () => {
    const response = await post(orderBody([{ product: tee, qty: 2, size: 'MD' }]));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      userId: shopper.id,
      status: 'Pending',
      isPaid: false,
      itemsPrice: 80,
      discountPrice: 0,
      shippingPrice: 200,
      totalPrice: 280,
      paymentMethod: 'COD',
      shippingAddress: { city: 'Lahore', phone: '0300-1234567' },
      User: { name: shopper.name, email: shopper.email },
    });
    expect(response.body.orderItems).toEqual([
      expect.objectContaining({ product: tee.id, name: 'Running Tee', price: 40, qty: 2, size: 'MD' }),
    ]);
    expect(await stockOf(tee)).toBe(8);
  });

  it('gives free shipping over PKR 1,500 and ignores the prices a client sends per line', async () => {
    const leggings = await createProduct(t, admin, { name: 'Leggings', price: 800, countInStock: 5 });
    const body = orderBody([{ product: leggings, qty: 2 }]);
    body.orderItems[0]!.price = 0.01;
    const response = await post(body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ itemsPrice: 1_600, shippingPrice: 0, totalPrice: 1_600 });
  });

  it('refuses a tampered total with 409 PRICE_CHANGED and takes no stock', async () => {
    const response = await post({ ...orderBody([{ product: tee, qty: 1 }]), totalPrice: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'PRICE_CHANGED', message: PRICE_CHANGED_MESSAGE });
    expect(await stockOf(tee)).toBe(10);
  });

  it('refuses when the price changed since the cart was loaded', async () => {
    const stale = orderBody([{ product: tee, qty: 1 }]);
    await t.request('PUT', `/api/products/${tee.id}`, {
      token: admin.token,
      body: { ...tee, price: 45, variants: tee.variants.map((variant) => ({ ...variant, price: 45 })) },
    });
    expect((await post(stale)).body.code).toBe('PRICE_CHANGED');
  });

  it('refuses an unknown product with 404 naming it, and a deleted one with 400 naming it', async () => {
    const unknown = await post(orderBody([{ product: { ...tee, id: 'no-such-product' }, qty: 1 }]));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('no-such-product');

    await t.request('DELETE', `/api/products/${tee.id}`, { token: admin.token });
    const deleted = await post(orderBody([{ product: tee, qty: 1 }]));
    expect([deleted.status, deleted.body.message]).toEqual([400, '"Running Tee" is no longer available.']);
  });

  it('refuses a quantity above the size’s stock with 409 OUT_OF_STOCK naming the product and size', async () => {
    const response = await post(orderBody([{ product: tee, qty: 6, size: 'MD' }]));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Only 5 of "Running Tee" in size MD left in stock.',
    });
    expect(await stockOf(tee)).toBe(10);
  });

  it('refuses a missing or unknown size for a product with sizes', async () => {
    const noSize = await post(orderBody([{ product: tee, qty: 1, size: '' }]));
    expect([noSize.status, noSize.body.message]).toEqual([400, 'Please choose a size for "Running Tee".']);
    const badSize = await post(orderBody([{ product: tee, qty: 1, size: 'XL' }]));
    expect(badSize.body.fields).toEqual([
      { field: 'orderItems.0.size', message: 'Size XL is not available for "Running Tee".' },
    ]);
  });

  it('validates the body, naming each field', async () => {
    const good = orderBody([{ product: tee, qty: 1 }]);
    const cases: [unknown, string][] = [
      [{ ...good, orderItems: [] }, 'orderItems'],
      [{ ...good, orderItems: [{ ...good.orderItems[0], qty: 0 }] }, 'orderItems.0.qty'],
      [{ ...good, orderItems: [{ ...good.orderItems[0], qty: 1.5 }] }, 'orderItems.0.qty'],
      [{ ...good, shippingAddress: { ...good.shippingAddress, address: ' ' } }, 'shippingAddress.address'],
      [{ ...good, shippingAddress: { ...good.shippingAddress, city: undefined } }, 'shippingAddress.city'],
      [
        { ...good, shippingAddress: { ...good.shippingAddress, postalCode: '' } },
        'shippingAddress.postalCode',
      ],
      [{ ...good, shippingAddress: { ...good.shippingAddress, country: '' } }, 'shippingAddress.country'],
      [{ ...good, shippingAddress: { ...good.shippingAddress, phone: '12345' } }, 'shippingAddress.phone'],
      [
        { ...good, shippingAddress: { ...good.shippingAddress, country: 'India' } },
        'shippingAddress.country',
      ],
      [{ ...good, paymentMethod: 'Bitcoin' }, 'paymentMethod'],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.status, field).toBe(400);
      expect(response.body.fields?.map((f) => f.field)).toContain(field);
    }
  });

  it('accepts Pakistani phone formats, no phone at all, and the manual payment method', async () => {
    for (const phone of ['0300-1234567', '+92 300 1234567', '03001234567', '']) {
      const body = orderBody([{ product: tee, qty: 1 }], { paymentMethod: 'Card' });
      const response = await post({ ...body, shippingAddress: { ...body.shippingAddress, phone } });
      expect(response.status, phone).toBe(201);
    }
  });

  it('refuses cash on delivery without a Pakistani mobile number, and orders nothing', async () => {
    const body = orderBody([{ product: tee, qty: 1 }]);
    for (const phone of ['', '042-35761234']) {
      const response = await post({ ...body, shippingAddress: { ...body.shippingAddress, phone } });
      expect([response.status, response.body.code], phone).toEqual([400, 'VALIDATION_FAILED']);
      expect(response.body.fields, phone).toEqual([
        {
          field: 'shippingAddress.phone',
          message: expect.stringMatching(/mobile number is needed for cash on delivery/),
        },
      ]);
    }
    expect(await stockOf(tee)).toBe(10);
    const mobile = await post({
      ...body,
      shippingAddress: { ...body.shippingAddress, phone: '+92 345 6789012' },
    });
    expect(mobile.status).toBe(201);
  });

  it('ships to Pakistan only: names the country so whatever case it came in, refuses another', async () => {
    const body = orderBody([{ product: tee, qty: 1 }]);
    for (const country of ['pakistan', 'PK', ' Pakistan ']) {
      const response = await post({ ...body, shippingAddress: { ...body.shippingAddress, country } });
      expect([response.status, response.body.shippingAddress?.country], country).toEqual([201, 'Pakistan']);
    }
    const abroad = await post({ ...body, shippingAddress: { ...body.shippingAddress, country: 'India' } });
    expect([abroad.status, abroad.body.fields]).toEqual([
      400,
      [{ field: 'shippingAddress.country', message: 'We deliver within Pakistan only' }],
    ]);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.request('POST', '/api/orders', { body: orderBody([{ product: tee, qty: 1 }]) });
    expect(response.status).toBe(401);
  });

  it('sums the units of one size across lines against that size’s stock, each size on its own', async () => {
    const response = await post(
      orderBody([
        { product: tee, qty: 3, size: 'SM' },
        { product: tee, qty: 3, size: 'SM' },
      ]),
    );
    expect(response.body.code).toBe('OUT_OF_STOCK');
    const apart = await post(
      orderBody([
        { product: tee, qty: 5, size: 'SM' },
        { product: tee, qty: 5, size: 'MD' },
      ]),
    );
    expect(apart.status).toBe(201);
    expect(await stockOf(tee)).toBe(0);
  });

  it('takes nothing when a later line cannot be reserved: earlier reservations are given back', async () => {
    const shorts = await createProduct(t, admin, { name: 'Shorts', price: 30, countInStock: 1, sizes: [] });
    const [first, last] = [tee, shorts].sort((a, b) => (a.id < b.id ? -1 : 1)) as [Product, Product];
    await placeOrderOk(t, shopper, [{ product: last, qty: last.countInStock }]);
    // A read model that has not seen that order yet still shows the stock, so only the reservation refuses.
    const stale = (id: string) => {
      const product = [tee, shorts].find((p) => p.id === id);
      return product && { ...product, price: Math.round(product.price * 100), deleted: false };
    };
    const attempt = handlePlaceOrder(
      { ...t.deps, findProduct: stale, findAffiliateByCode: () => undefined },
      asUserId(shopper.id),
      orderBody([
        { product: first, qty: 1 },
        { product: last, qty: 1 },
      ]),
    );
    await expect(attempt).rejects.toMatchObject({ status: 409, code: 'OUT_OF_STOCK' });
    expect(await stockOf(first)).toBe(first.countInStock);
    const orders = await t.request<Order[]>('GET', '/api/orders/myorders', { token: shopper.token });
    expect(orders.body).toHaveLength(1);
  });

  it('refuses an affiliate code nobody owns', async () => {
    const response = await post(orderBody([{ product: tee, qty: 1 }], { affiliateCode: 'nobody1' }));
    expect([response.status, response.body.message]).toEqual([400, 'Affiliate code NOBODY1 is not valid.']);
  });
});
