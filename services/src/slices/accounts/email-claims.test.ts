import { streams } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type TestShop } from '../../test-support/test-shop';
import { claimEmail, findEmailOwner, releaseEmail } from './email-claims';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

describe('e-mail claim streams', () => {
  it('the first claim owns the e-mail; claiming one’s own again is a no-op; another gets 409', async () => {
    await claimEmail(t.deps, 'a@example.pk', 'u1', 'u1');
    await claimEmail(t.deps, 'a@example.pk', 'u1', 'u1');
    await expect(claimEmail(t.deps, 'a@example.pk', 'u2', 'u2')).rejects.toMatchObject({ status: 409 });
    expect(await findEmailOwner(t.deps.store, 'a@example.pk')).toBe('u1');
    expect((await t.deps.store.readStream(streams.emailClaim('A@example.pk'))).map((e) => e.type)).toEqual([
      'ValueClaimed',
    ]);
  });

  it('a released e-mail can be claimed again', async () => {
    await claimEmail(t.deps, 'a@example.pk', 'u1', 'u1');
    await releaseEmail(t.deps, 'a@example.pk', 'u1', 'u1');
    await claimEmail(t.deps, 'a@example.pk', 'u2', 'u2');
    expect(await findEmailOwner(t.deps.store, 'a@example.pk')).toBe('u2');
  });

  it('a claim whose registration never happened (a crash) is taken over after a minute, not before', async () => {
    await claimEmail(t.deps, 'lost@example.pk', 'ghost', 'ghost');
    const early = await t.request('POST', '/api/auth/register', {
      body: { name: 'Real', email: 'lost@example.pk', contact: '0300-1234567', password: 'long enough' },
    });
    expect(early.status).toBe(409);
    t.clock.advance(61_000);
    const user = await registerUser(t, { email: 'lost@example.pk' });
    expect(await findEmailOwner(t.deps.store, 'lost@example.pk')).toBe(user.id);
  });

  it('a registered user’s claim is never taken over, however old', async () => {
    await registerUser(t, { email: 'kept@example.pk' });
    t.clock.advance(365 * 24 * 3600_000);
    await expect(claimEmail(t.deps, 'kept@example.pk', 'u9', 'u9')).rejects.toMatchObject({ status: 409 });
  });
});
