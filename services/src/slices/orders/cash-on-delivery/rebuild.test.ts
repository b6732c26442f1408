import { describe, expect, it } from 'vitest';
import { readModelRows } from '../../../test-support/read-model-rows';
import { placeOrderOk, setStatus } from '../order-test-kit';
import { closeShopAfterEach, confirmByLink, shopWith, t, tokenFor, WINDOW } from './cod-test-kit';
import { runConfirmationExpiry } from './confirmation-expiry';

closeShopAfterEach();

describe('rebuilding every read model from the log', () => {
  it('gives the same rows as the live ones, with confirmations, reminders, expiries, refused parcels and a lift', async () => {
    const { admin, ayesha, tee } = await shopWith({ [WINDOW]: '90s', COD_REFUSAL_LIMIT: '1' });
    const byLink = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await confirmByLink(await tokenFor(byLink));
    const byPhone = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await t.request('POST', `/api/admin/orders/${byPhone.id}/confirm`, {
      token: admin.token,
      body: { note: 'ok' },
    });
    await setStatus(t, admin, byPhone.id, 'Dispatched');
    await setStatus(t, admin, byPhone.id, 'Refused');
    await t.request('POST', `/api/admin/customers/${ayesha.id}/cod-limit/lift`, {
      token: admin.token,
      body: { reason: 'Paid the return fee' },
    });
    await placeOrderOk(t, ayesha, [{ product: tee, qty: 2 }]);
    const changedHerMind = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await t.request('POST', `/api/orders/${changedHerMind.id}/cancel`, { token: ayesha.token });
    t.clock.advance(46_000);
    await runConfirmationExpiry(t.deps);
    t.clock.advance(45_000);
    await runConfirmationExpiry(t.deps);

    const snapshot = () => readModelRows(t.deps.readModels);
    const live = snapshot();
    expect(live.cod_refusals).toHaveLength(1);
    expect(live.cod_limit_lifts).toHaveLength(1);
    expect(live.orders?.filter((row) => row.includes('"confirmation_state":"expired"'))).toHaveLength(1);
    expect(live.orders?.filter((row) => row.includes('"confirmation_channel":"phone"'))).toHaveLength(1);
    expect(live.orders?.filter((row) => row.includes('"confirmation_reminded":1'))).toHaveLength(1);
    expect(live.orders?.filter((row) => row.includes('"confirmation_state":"awaiting"'))).toHaveLength(0);
    await t.deps.projections.rebuild();
    expect(snapshot()).toEqual(live);
  });
});
