import type { AdminMetrics, ErrorBody, Order, ShopInfo } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestShop, registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { createProduct, orderBody } from '../orders/order-test-kit';

let t: TestShop | undefined;
afterEach(() => t?.close());

describe('GET /api/shop', () => {
  it('publishes the configured details to anyone, cacheable, with an ETag', async () => {
    t = await openTestShop();
    const response = await t.request<ShopInfo>('GET', '/api/shop');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      name: 'Apex Athletics',
      currency: 'PKR',
      freeShippingOver: 1_500,
      shippingFee: 200,
      affiliateDiscountRate: 0.05,
      returnsWindowDays: 7,
      paymentMethods: [
        { method: 'COD', label: 'Cash on Delivery' },
        {
          method: 'Card',
          label: 'Jazz Cash / EasyPaisa / Bank Account',
          accounts: {
            accountTitle: 'Apex Athletics (Pvt) Ltd',
            jazzCash: '0301-2345678',
            easyPaisa: null,
            bankIban: 'PK36 SCBL 0000 0011 2345 6702',
            raastId: null,
          },
        },
      ],
      onlinePayments: { jazzCash: false },
      support: { phone: '0301-2345678', email: 'help@apex-athletics.pk', chatUrl: null },
      claims: { customerCount: null },
    });
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.request('GET', '/api/shop', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('offers only cash on delivery, and shows no contact, when nothing is configured', async () => {
    t = await openTestShop({ env: {} });
    const shop = (await t.request<ShopInfo>('GET', '/api/shop')).body;
    expect(shop.paymentMethods).toEqual([{ method: 'COD', label: 'Cash on Delivery' }]);
    expect(shop.support).toEqual({ phone: null, email: null, chatUrl: null });

    const admin = await signInAdmin(t);
    const shopper = await registerUser(t);
    const tee = await createProduct(t, admin);
    const card = await t.request<ErrorBody>('POST', '/api/orders', {
      token: shopper.token,
      body: orderBody([{ product: tee, qty: 1 }], { paymentMethod: 'Card' }),
    });
    expect(card.status).toBe(400);
    expect(card.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This payment method is not available. Please pay by Cash on Delivery.',
      fields: [{ field: 'paymentMethod' }],
    });
  });

  it('charges shipping by the configured rule, and refuses totals worked out by another', async () => {
    t = await openTestShop({ env: { FREE_SHIPPING_OVER: '2000', SHIPPING_FEE: '250' } });
    const shop = (await t.request<ShopInfo>('GET', '/api/shop')).body;
    expect([shop.freeShippingOver, shop.shippingFee]).toEqual([2_000, 250]);
    const admin = await signInAdmin(t);
    const shopper = await registerUser(t);
    const leggings = await createProduct(t, admin, { price: 1_000, countInStock: 9 });
    const order = (lines: number, shippingPrice: number) =>
      t!.request<Order & ErrorBody>('POST', '/api/orders', {
        token: shopper.token,
        body: {
          ...orderBody([{ product: leggings, qty: lines }]),
          shippingPrice,
          totalPrice: 1_000 * lines + shippingPrice,
        },
      });

    const underDefaultRule = await order(2, 0);
    expect([underDefaultRule.status, underDefaultRule.body.code]).toEqual([409, 'PRICE_CHANGED']);
    const paysFee = await order(2, 250);
    expect(paysFee.status).toBe(201);
    expect(paysFee.body).toMatchObject({ itemsPrice: 2_000, shippingPrice: 250, totalPrice: 2_250 });
    const shipsFree = await order(3, 0);
    expect(shipsFree.status).toBe(201);
    expect(shipsFree.body).toMatchObject({ itemsPrice: 3_000, shippingPrice: 0, totalPrice: 3_000 });
  });

  it('names each placeholder detail on the admin dashboard', async () => {
    t = await openTestShop({
      env: {
        SUPPORT_PHONE: '+92 300 0000000',
        SUPPORT_EMAIL: 'support@example.pk',
        PAYMENT_ACCOUNT_TITLE: 'Shop Account Title',
        JAZZCASH_NUMBER: '0300-0000000',
        BANK_IBAN: 'PK00 BANK 0000 0000 0000 0000',
      },
    });
    const admin = await signInAdmin(t);
    const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
    expect(metrics.configWarnings).toEqual([
      'SUPPORT_PHONE (+92 300 0000000) looks like a placeholder: its digits are a dummy number.',
      'JAZZCASH_NUMBER (0300-0000000) looks like a placeholder: its digits are a dummy number.',
      'SUPPORT_EMAIL (support@example.pk) looks like a placeholder: its domain is reserved for examples and receives no mail.',
      'BANK_IBAN (PK00 BANK 0000 0000 0000 0000) looks like a placeholder: its check digits are wrong, so no bank would accept it.',
      'PAYMENT_ACCOUNT_TITLE (Shop Account Title) looks like a placeholder: it is not the name of an account holder.',
    ]);
  });
});
