import type { AdminCustomer, AdminMetrics, CodAvailability, ErrorBody, Order, Page } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { registerUser, type SignedInUser } from '../../../test-support/test-shop';
import { orderBody, placeOrderOk, setStatus, stockOf } from '../order-test-kit';
import { closeShopAfterEach, shopWith, t } from './cod-test-kit';

closeShopAfterEach();

describe('refused parcels and serial refusers', () => {
  it('Refused puts the stock back and counts a refusal; at the limit COD is refused on the account and on the phone, a wallet order still goes', async () => {
    const { admin, ayesha, tee } = await shopWith();
    const refuse = async (user: SignedInUser, phone: string) => {
      const order = await placeOrderOk(t, user, [{ product: tee, qty: 2 }], {
        shippingAddress: { ...orderBody([]).shippingAddress, phone },
      });
      await setStatus(t, admin, order.id, 'Dispatched');
      return setStatus(t, admin, order.id, 'Refused');
    };
    const first = await refuse(ayesha, '0333-1234567');
    expect(first.status).toBe('Refused');
    expect(await stockOf(t, tee)).toBe(10);
    const standing = () =>
      t.request<CodAvailability>('GET', '/api/orders/cod-standing?phone=%2B923331234567', {
        token: ayesha.token,
      });
    expect((await standing()).body).toEqual({ available: true });
    await refuse(ayesha, '+923331234567');
    expect((await standing()).body.available).toBe(false);
    expect((await standing()).body.reason).toMatch(/Jazz Cash \/ EasyPaisa \/ Bank Account/);

    const codAgain = await t.request<ErrorBody>('POST', '/api/orders', {
      token: ayesha.token,
      body: orderBody([{ product: tee, qty: 1 }]),
    });
    expect([codAgain.status, codAgain.body.code]).toEqual([409, 'COD_NOT_AVAILABLE']);
    expect(codAgain.body.message).toMatch(/pay in advance by Jazz Cash/);
    // Another account shipping to the same phone, written another way.
    const bilal = await registerUser(t, { name: 'Bilal' });
    const samePhone = await t.request<ErrorBody>('POST', '/api/orders', {
      token: bilal.token,
      body: orderBody([{ product: tee, qty: 1 }], {
        shippingAddress: { ...orderBody([]).shippingAddress, phone: '0333 1234567' },
      }),
    });
    expect([samePhone.status, samePhone.body.code]).toEqual([409, 'COD_NOT_AVAILABLE']);
    expect(
      (await t.request<CodAvailability>('GET', '/api/orders/cod-standing', { token: bilal.token })).body,
    ).toEqual({ available: true });
    await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });

    const customers = await t.request<Page<AdminCustomer>>('GET', '/api/admin/lists/customers', {
      token: admin.token,
    });
    const row = customers.body.items.find((c) => c.name === 'Ayesha');
    expect(row?.cod).toEqual({ refusals: 2, blocked: true });

    const metrics = await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token });
    expect(metrics.body.cod).toEqual({ refused: 2, confirmationRate: null, refusalRate: 1 });
    expect(metrics.body.byStatus.Refused).toBe(2);
  });

  it('the admin lifts the limit: COD again until the next refusal; a shopper cannot, an empty reason is 400', async () => {
    const { admin, ayesha, tee } = await shopWith({ COD_REFUSAL_LIMIT: '1' });
    const cod = () => placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const refuse = async (order: Order) => {
      await setStatus(t, admin, order.id, 'Processing');
      await setStatus(t, admin, order.id, 'Shipped');
      await setStatus(t, admin, order.id, 'Refused');
    };
    await refuse(await cod());
    const lift = (user: SignedInUser, reason: string) =>
      t.request<ErrorBody & { refusals: number; blocked: boolean }>(
        'POST',
        `/api/admin/customers/${ayesha.id}/cod-limit/lift`,
        { token: user.token, body: { reason } },
      );
    expect((await lift(ayesha, 'please')).status).toBe(403);
    expect((await lift(admin, '  ')).status).toBe(400);
    const lifted = await lift(admin, 'She paid the courier the return fee');
    expect([lifted.status, lifted.body.refusals, lifted.body.blocked]).toEqual([200, 1, false]);
    expect((await lift(admin, 'again')).status).toBe(409);
    await refuse(await cod());
    const refusedAgain = await t.request<ErrorBody>('POST', '/api/orders', {
      token: ayesha.token,
      body: orderBody([{ product: tee, qty: 1 }]),
    });
    expect(refusedAgain.body.code).toBe('COD_NOT_AVAILABLE');
  });
});
