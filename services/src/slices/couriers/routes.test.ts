import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCouriers, startFakeCouriers, testCourierSettings } from '../../test-support/courier-shop';
import { openTestShop, registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';

let fakes: FakeCouriers;
let t: TestShop | undefined;

beforeEach(async () => {
  fakes = await startFakeCouriers();
});

afterEach(async () => {
  await t?.close();
  t = undefined;
  await fakes.close();
});

describe('GET /api/admin/couriers', () => {
  it('lists the couriers the shop is configured for', async () => {
    t = await openTestShop({ couriers: testCourierSettings(fakes) });
    const admin = await signInAdmin(t);

    const answer = await t.request('GET', '/api/admin/couriers', { token: admin.token });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      couriers: [
        { id: 'postex', name: 'PostEx', apiUrl: fakes.postex.url, webhook: false },
        { id: 'trax', name: 'Trax', apiUrl: fakes.trax.url, webhook: true },
      ],
    });
  });

  it('lists none when no courier is configured, and only PostEx with only its variables', async () => {
    t = await openTestShop();
    const admin = await signInAdmin(t);
    expect((await t.request('GET', '/api/admin/couriers', { token: admin.token })).body).toEqual({
      couriers: [],
    });
    await t.close();

    const { trax: _trax, ...onlyPostEx } = testCourierSettings(fakes);
    t = await openTestShop({ couriers: onlyPostEx });
    const again = await signInAdmin(t);
    const answer = await t.request<{ couriers: { id: string }[] }>('GET', '/api/admin/couriers', {
      token: again.token,
    });
    expect(answer.body.couriers.map((c) => c.id)).toEqual(['postex']);
  });

  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    t = await openTestShop({ couriers: testCourierSettings(fakes) });
    const customer = await registerUser(t);
    for (const path of ['/api/admin/couriers', '/api/admin/couriers/postex/cities?city=Lahore']) {
      expect((await t.request('GET', path)).status).toBe(401);
      expect((await t.request('GET', path, { token: customer.token })).status).toBe(403);
    }
    expect(fakes.postex.server.seen).toEqual([]);
  });
});

describe('GET /api/admin/couriers/{courier}/cities', () => {
  it("matches the shop's city to the courier's, whatever the case, and fetches the list once", async () => {
    t = await openTestShop({ couriers: testCourierSettings(fakes) });
    const admin = await signInAdmin(t);

    const lahore = await t.request('GET', '/api/admin/couriers/postex/cities?city=lahore', {
      token: admin.token,
    });
    const dik = await t.request('GET', '/api/admin/couriers/postex/cities?city=D I Khan', {
      token: admin.token,
    });
    const trax = await t.request('GET', '/api/admin/couriers/trax/cities?city=Lahore', {
      token: admin.token,
    });

    expect(lahore.status).toBe(200);
    expect(lahore.body).toMatchObject({ courier: 'postex', match: { id: 'LAHORE', name: 'LAHORE' } });
    expect(lahore.body.cities).toHaveLength(7);
    expect(dik.body.match).toEqual({ id: 'D.I. KHAN', name: 'D.I. KHAN' });
    expect(trax.body.match).toEqual({ id: '201', name: 'Lahore' });
    expect(fakes.postex.server.seen.filter((r) => r.path.endsWith('get-operational-city'))).toHaveLength(1);
  });

  it('answers no match for a city the courier does not list, with its list to pick from', async () => {
    t = await openTestShop({ couriers: testCourierSettings(fakes) });
    const admin = await signInAdmin(t);

    const answer = await t.request('GET', '/api/admin/couriers/trax/cities?city=Skardu', {
      token: admin.token,
    });

    expect(answer.status).toBe(200);
    expect(answer.body.match).toBeNull();
    expect(answer.body.cities).toContainEqual({ id: '202', name: 'Karachi' });
  });

  it('is 404 for a courier the shop is not configured for, 400 for one it does not know', async () => {
    const { trax: _trax, ...onlyPostEx } = testCourierSettings(fakes);
    t = await openTestShop({ couriers: onlyPostEx });
    const admin = await signInAdmin(t);

    const off = await t.request('GET', '/api/admin/couriers/trax/cities', { token: admin.token });
    expect(off.status).toBe(404);
    expect(off.body).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('not configured for trax'),
    });
    expect((await t.request('GET', '/api/admin/couriers/tcs/cities', { token: admin.token })).status).toBe(
      400,
    );
  });

  it('says the courier is unavailable when it does not answer', async () => {
    t = await openTestShop({ couriers: testCourierSettings(fakes) });
    const admin = await signInAdmin(t);
    await fakes.trax.close();

    const answer = await t.request('GET', '/api/admin/couriers/trax/cities', { token: admin.token });

    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('Trax could not be reached'),
    });
  });
});
